import { MAX_COMMENT_LENGTH } from '@trove/contract';
import { useId, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { CommentIcon } from './comment-icons.tsx';
import type { Submission } from './model.ts';
import { MEDIA } from '../../ui/layout.ts';

/** spec 000 §9: the comment input grows with its text up to 216 px, then scrolls. */
export const INPUT_MAX_HEIGHT_PX = 216;

/**
 * A phone or tablet: Enter starts a new line there, and the post button sends (spec 000 §5
 * "Enter without shift submits (except on mobile)").
 */
export function isMobileInput(): boolean {
  // jsdom and old embedded browsers have no matchMedia, whatever the DOM types say.
  if (typeof globalThis.matchMedia !== 'function') return false;
  return globalThis.matchMedia('(pointer: coarse)').matches || globalThis.matchMedia(MEDIA.phone).matches;
}

/** Whether a key press in a comment field sends it: Enter alone, not on mobile, not mid-composition. */
export function isSubmitKey(event: KeyboardEvent): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && !isMobileInput();
}

/** Grows `textarea` to its text, up to {@link INPUT_MAX_HEIGHT_PX}. */
export function useAutoGrow(ref: RefObject<HTMLTextAreaElement | null>, text: string) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${String(Math.min(element.scrollHeight, INPUT_MAX_HEIGHT_PX))}px`;
  }, [ref, text]);
}

/** Props of {@link CommentInput}. */
export interface CommentInputProps {
  submission: Submission;
  onType: (text: string) => void;
  onSubmit: () => void;
}

/**
 * The comment input (spec 000 §2, §4, §5): a text area growing to 216 px, Enter without
 * Shift posting (except on mobile), a post button only while there is text; read-only with
 * the button disabled while the comment is on its way; the §8 error under it when it failed.
 */
export function CommentInput({ submission, onType, onSubmit }: CommentInputProps) {
  const intl = useIntl();
  const inputId = useId();
  const errorId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const { pendingComment: text, pendingCommentStatus: status } = submission;
  const isPending = status === 'PENDING';
  const hasFailed = status === 'ERROR';
  useAutoGrow(ref, text);
  return (
    <form
      className="comment-input"
      aria-busy={isPending}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        {intl.formatMessage({ id: 'comments.input.label' })}
      </label>
      <div className="comment-input__row">
        <textarea
          ref={ref}
          id={inputId}
          className="comment-input__field"
          rows={1}
          value={text}
          maxLength={MAX_COMMENT_LENGTH}
          readOnly={isPending}
          placeholder={intl.formatMessage({ id: 'comments.input.placeholder' })}
          aria-invalid={hasFailed || undefined}
          aria-describedby={hasFailed ? errorId : undefined}
          data-testid="comment-input"
          onChange={(event) => {
            onType(event.target.value);
          }}
          onKeyDown={(event: KeyboardEvent<HTMLTextAreaElement>) => {
            if (!isSubmitKey(event)) return;
            event.preventDefault();
            onSubmit();
          }}
        />
        {text.trim() !== '' && (
          <button
            type="submit"
            className="icon-button comment-input__post"
            disabled={isPending}
            aria-label={intl.formatMessage({ id: 'comments.input.post' })}
            data-testid="comment-post"
          >
            <CommentIcon name="send" />
          </button>
        )}
      </div>
      {hasFailed && (
        <p id={errorId} className="form-error comment-input__error" role="alert">
          {intl.formatMessage({ id: 'comments.error.post' })}
        </p>
      )}
    </form>
  );
}
