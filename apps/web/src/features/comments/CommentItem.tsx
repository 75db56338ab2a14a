import { isPostableComment, MAX_COMMENT_LENGTH } from '@trove/contract';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Avatar } from '../../ui/Avatar.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Menu, type MenuItem } from '../../ui/Menu.tsx';
import { CommentIcon } from './comment-icons.tsx';
import { isSubmitKey, useAutoGrow } from './CommentInput.tsx';
import { relativeTime } from './format.ts';
import type { ShownComment } from './model.ts';
import type { useCommentActions } from './use-comment-machines.ts';

/** The edit and delete handlers of a file's comments. */
export type CommentActionHandlers = ReturnType<typeof useCommentActions>;

/** "just now", "5 minutes ago", "yesterday"… (spec 000 §9). */
function timeText(intl: IntlShape, timestamp: number, now: number): string {
  const time = relativeTime(timestamp, now);
  if (time.kind === 'justNow') return intl.formatMessage({ id: 'comments.justNow' });
  return intl.formatRelativeTime(-time.value, time.unit, { numeric: 'auto' });
}

/** Props of {@link CommentItem}. */
export interface CommentItemProps {
  comment: ShownComment;
  /** The clock the relative times are measured against (ms), refreshed every 10 s. */
  now: number;
  actions: CommentActionHandlers;
  /** The author's profile picture, when known (the album's people); else the initial. */
  pictureUrl?: string | null;
}

/**
 * One comment (spec 000 §2 comment list, §3 Comment): the author's initial and name (a
 * guest without a name is 'Guest'), how long ago, '(edited)' once edited, and the text as
 * text: never parsed as HTML, its line breaks kept. Its menu offers Edit to the author and
 * Delete to who may (can_edit, can_delete: the server's access table, spec 000 §6).
 */
export function CommentItem({ comment, now, actions, pictureUrl = null }: CommentItemProps) {
  const intl = useIntl();
  const ref = useRef<HTMLLIElement>(null);
  const status = comment.actionStatus;
  const isEditing = status === 'PENDING_USER__EDIT';
  const isBusy = status === 'PENDING_SERVER__EDIT' || status === 'PENDING_SERVER__DELETE';
  const author = comment.author_name.trim() || intl.formatMessage({ id: 'comments.guest' });
  // Focus goes back to the comment when its edit closes, not to the page behind.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !isEditing) ref.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);
  const uuid = comment.comment_uuid;
  const items: MenuItem[] = [];
  if (comment.can_edit)
    items.push({
      key: 'edit',
      label: intl.formatMessage({ id: 'comments.edit' }),
      icon: <CommentIcon name="edit" size={20} />,
      onSelect: () => {
        actions.startEdit(comment);
      },
    });
  if (comment.can_delete)
    items.push({
      key: 'delete',
      label: intl.formatMessage({ id: 'common.delete' }),
      isDanger: true,
      onSelect: () => {
        actions.askDelete(uuid);
      },
    });
  return (
    <li
      ref={ref}
      className={isBusy ? 'comment comment--busy' : 'comment'}
      aria-busy={isBusy}
      tabIndex={-1}
      data-testid="comment"
    >
      <Avatar name={author} fallback={author} pictureUrl={pictureUrl} size={32} />
      <div className="comment__body">
        <p className="comment__meta">
          <span className="comment__author">{author}</span>
          <time
            className="comment__time"
            dateTime={new Date(comment.timestamp * 1000).toISOString()}
            title={intl.formatDate(comment.timestamp * 1000, { dateStyle: 'medium', timeStyle: 'short' })}
          >
            {timeText(intl, comment.timestamp, now)}
          </time>
          {comment.last_edit_timestamp !== null && (
            <span className="comment__edited">{intl.formatMessage({ id: 'comments.edited' })}</span>
          )}
        </p>
        {isEditing ? (
          <EditForm
            original={comment.comment}
            onSave={(text) => {
              if (text === comment.comment) actions.cancel(uuid);
              else actions.submitEdit(uuid, text);
            }}
            onCancel={() => {
              actions.cancel(uuid);
            }}
          />
        ) : (
          <CommentText text={comment.comment} />
        )}
        {status === 'SERVER_ERROR__EDIT' && (
          <p className="form-error" role="alert">
            {intl.formatMessage({ id: 'comments.error.edit' })}
          </p>
        )}
        {status === 'SERVER_ERROR__DELETE' && (
          <p className="form-error" role="alert">
            {intl.formatMessage({ id: 'comments.error.delete' })}
          </p>
        )}
      </div>
      {items.length > 0 && !isEditing && !isBusy && (
        <Menu
          label={intl.formatMessage({ id: 'comments.menu' }, { name: author })}
          trigger={<CommentIcon name="more" size={20} />}
          items={items}
        />
      )}
      {status === 'PENDING_USER__DELETE' && (
        <DeleteDialog
          onConfirm={() => {
            actions.confirmDelete(uuid);
          }}
          onCancel={() => {
            actions.cancel(uuid);
          }}
        />
      )}
    </li>
  );
}

/**
 * The comment's text, as text, line breaks kept (white-space: pre-wrap). On a phone a long
 * one shows 4 lines and Read more (spec 000 §9); the styles clamp it, this finds out whether
 * anything was cut.
 */
function CommentText({ text }: { text: string }) {
  const intl = useIntl();
  const ref = useRef<HTMLParagraphElement>(null);
  const [isExpanded, setIsExpanded] = useState(false);
  const [isClamped, setIsClamped] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || isExpanded) return;
    const measure = () => {
      setIsClamped(element.scrollHeight > element.clientHeight + 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [text, isExpanded]);
  return (
    <>
      <p ref={ref} className={isExpanded ? 'comment__text' : 'comment__text comment__text--clamp'}>
        {text}
      </p>
      {isClamped && !isExpanded && (
        <button
          type="button"
          className="comment__more"
          onClick={() => {
            setIsExpanded(true);
          }}
        >
          {intl.formatMessage({ id: 'comments.readMore' })}
        </button>
      )}
    </>
  );
}

/** Inline edit (spec 000 §4): Save sends, empty text is not sent (§5), Escape and Cancel close it. */
function EditForm(props: { original: string; onSave: (text: string) => void; onCancel: () => void }) {
  const intl = useIntl();
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(props.original);
  useAutoGrow(ref, text);
  useEffect(() => {
    const element = ref.current;
    element?.focus();
    element?.setSelectionRange(element.value.length, element.value.length);
  }, []);
  const canSave = isPostableComment(text);
  return (
    <form
      className="comment-edit"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) props.onSave(text);
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        {intl.formatMessage({ id: 'comments.editLabel' })}
      </label>
      <textarea
        ref={ref}
        id={id}
        className="comment-input__field comment-edit__field"
        value={text}
        maxLength={MAX_COMMENT_LENGTH}
        onChange={(event) => {
          setText(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            // The edit's own Escape: not the panel's (closing it) nor the viewer's.
            event.preventDefault();
            event.stopPropagation();
            props.onCancel();
          } else if (isSubmitKey(event)) {
            event.preventDefault();
            if (canSave) props.onSave(text);
          }
        }}
      />
      <div className="comment-edit__actions">
        <button type="button" className="btn btn--text" onClick={props.onCancel}>
          {intl.formatMessage({ id: 'common.cancel' })}
        </button>
        <button type="submit" className="btn btn--primary" disabled={!canSave}>
          {intl.formatMessage({ id: 'common.save' })}
        </button>
      </div>
    </form>
  );
}

/** Confirms a delete (spec 000 §4 PENDING_USER__DELETE): Cancel focused first. */
function DeleteDialog({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const intl = useIntl();
  return (
    <Dialog
      title={intl.formatMessage({ id: 'comments.deleteConfirm.title' })}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn btn--text" onClick={onCancel}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
          <button type="button" className="btn btn--danger" onClick={onConfirm}>
            {intl.formatMessage({ id: 'common.delete' })}
          </button>
        </>
      }
    >
      <p>{intl.formatMessage({ id: 'comments.deleteConfirm.text' })}</p>
    </Dialog>
  );
}
