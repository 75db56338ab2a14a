import '../../styles/comments.css';
import type { JobInfo } from '@trove/contract';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useCommentCalls, useFileComments } from './api.ts';
import { CommentInput } from './CommentInput.tsx';
import { CommentItem, type CommentActionHandlers } from './CommentItem.tsx';
import { useKnownAlbumUsers } from '../albums/index.ts';
import { RELATIVE_TIME_REFRESH_MS } from './format.ts';
import { LoveBar } from './LoveBar.tsx';
import { showComments, type ShownComment } from './model.ts';
import { SignInPrompt } from './SignInPrompt.tsx';
import { useCommentActions, useLove, useSubmission } from './use-comment-machines.ts';
import { useGuestIdentity } from './use-guest-identity.ts';

/** Props of {@link CommentPanel}. */
export interface CommentPanelProps {
  album: JobInfo;
  fileId: string;
  isLoggedIn: boolean;
  onClose: () => void;
  /** A guest token was stored: the album's info must be fetched again (its role becomes guest). */
  onIdentityChange: () => void;
}

/**
 * May the caller comment here? The server's addComment says (spec 000 §6: participants and
 * visitors only if allow_comments; the owner always). A signed-out visitor may once they say
 * who they are (the album's info says addComment only after it was fetched again as the
 * guest), so they see the input where comments are allowed and meet the prompt.
 */
function canComment(album: JobInfo, isLoggedIn: boolean): boolean {
  return album.currentUserCan.addComment || (!isLoggedIn && album.allow_comments);
}

/**
 * The comment side panel of a file (spec 000 §2): close button, love count line and love
 * button, the comments oldest first, the comment input, and the sign-in prompt a visitor
 * meets before taking part. 360 px beside the picture, full width on phones. Escape closes
 * it (from anywhere in it but a text field).
 */
export function CommentPanel({ album, fileId, isLoggedIn, onClose, onIdentityChange }: CommentPanelProps) {
  const intl = useIntl();
  const titleId = useId();
  const query = useFileComments(album.id, fileId);
  const calls = useCommentCalls(album.id, fileId);
  const identity = useGuestIdentity(album, isLoggedIn, onIdentityChange);
  const submission = useSubmission(calls, `${album.id}/${fileId}`);
  const love = useLove(calls, query.data);
  const actions = useCommentActions(calls, query.data?.comments);
  const comments = useMemo(
    () => showComments(query.data?.comments ?? [], actions.state),
    [query.data, actions.state],
  );
  const mayComment = canComment(album, isLoggedIn);
  const listRef = useRef<HTMLDivElement>(null);
  useFollowNewest(listRef, comments.length);
  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Keys of the dialogs it opens bubble here through their portals: not ours.
    if (event.key !== 'Escape' || !event.currentTarget.contains(event.target as Node)) return;
    if (event.target instanceof HTMLTextAreaElement || event.defaultPrevented) return;
    event.preventDefault();
    onClose();
  };
  return (
    <aside
      className="comment-panel"
      aria-labelledby={titleId}
      data-testid="comment-panel"
      onKeyDown={handleKeyDown}
    >
      <header className="comment-panel__header">
        <h2 id={titleId} className="comment-panel__title">
          {intl.formatMessage({ id: 'comments.title' })}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={intl.formatMessage({ id: 'common.close' })}
          data-testid="comment-panel-close"
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </header>
      <LoveBar
        love={love}
        // Loves do not depend on allow_comments: whoever sees the file may love it, a
        // signed-out visitor after the prompt (the server's access table, issue #12).
        canLove
        onLove={() => {
          identity.request(love.click);
        }}
      />
      <div className="comment-panel__list" ref={listRef}>
        {query.isError && !query.data ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : !query.data ? (
          <Spinner size={24} />
        ) : (
          <CommentList albumId={album.id} comments={comments} actions={actions} />
        )}
      </div>
      <div className="comment-panel__footer">
        {mayComment ? (
          <CommentInput
            submission={submission.state}
            onType={submission.type}
            onSubmit={() => {
              identity.request(submission.submit);
            }}
          />
        ) : (
          <p className="comment-panel__off">{intl.formatMessage({ id: 'comments.off' })}</p>
        )}
      </div>
      {identity.pending && (
        <SignInPrompt albumId={album.id} onCancel={identity.cancel} onIdentified={identity.identified} />
      )}
    </aside>
  );
}

/** Within this of its end, the list counts as showing the newest comments. */
const NEAR_END_PX = 80;

/**
 * Keeps the newest comments (at the end, by the input) in view: the list opens scrolled to
 * its end, and follows a new comment when it was at its end (not while someone reads older
 * ones).
 */
function useFollowNewest(ref: RefObject<HTMLElement | null>, count: number) {
  const last = useRef({ count: 0, wasAtEnd: true });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (count > last.current.count && last.current.wasAtEnd) element.scrollTop = element.scrollHeight;
    last.current.count = count;
  }, [ref, count]);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const handleScroll = () => {
      last.current.wasAtEnd = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_END_PX;
    };
    element.addEventListener('scroll', handleScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', handleScroll);
    };
  }, [ref]);
}

/** The comments, oldest first, their relative times refreshed every 10 s (spec 000 §9). */
function CommentList(props: { albumId: string; comments: ShownComment[]; actions: CommentActionHandlers }) {
  const { comments, actions } = props;
  const intl = useIntl();
  const users = useKnownAlbumUsers(props.albumId).data;
  const pictureOf = (userId: string | null) =>
    users?.find((user) => user.id === userId)?.profile_picture_url ?? null;
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, RELATIVE_TIME_REFRESH_MS);
    return () => {
      clearInterval(timer);
    };
  }, []);
  if (comments.length === 0)
    return <p className="comment-panel__empty">{intl.formatMessage({ id: 'comments.empty' })}</p>;
  return (
    <ol className="comment-list" aria-label={intl.formatMessage({ id: 'comments.title' })}>
      {comments.map((comment) => (
        <CommentItem
          key={comment.comment_uuid}
          comment={comment}
          now={now}
          actions={actions}
          pictureUrl={pictureOf(comment.user)}
        />
      ))}
    </ol>
  );
}
