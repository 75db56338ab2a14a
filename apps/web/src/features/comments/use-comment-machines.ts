import type { Comment, FileComments } from '@trove/contract';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { CommentCalls } from './api.ts';
import {
  IDLE_REACTION,
  INITIAL_SUBMISSION,
  commentActionsReducer,
  reactionReducer,
  shownLove,
  submissionReducer,
  type CommentActions,
  type ReactionState,
} from './model.ts';

/**
 * A reducer's state with a `send` that applies an event at once and tells what it did, so
 * a handler knows whether the event applied (and whether to call the server) without
 * waiting for a render: two quick Enters submit once.
 */
function useMachine<S, E>(reducer: (state: S, event: E) => S, initial: S) {
  const [state, setState] = useState(initial);
  const ref = useRef(initial);
  const send = useCallback(
    (event: E) => {
      const before = ref.current;
      const after = reducer(before, event);
      ref.current = after;
      if (after !== before) setState(after);
      return { before, after, changed: after !== before };
    },
    [reducer],
  );
  return [state, send] as const;
}

const DRAFT_PREFIX = 'trove.comment_draft.';

/** The unsent text of a file's comment input, kept for the tab (sessionStorage). */
function draftStore(key: string) {
  const storage = typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  return {
    read: () => storage?.getItem(DRAFT_PREFIX + key) ?? '',
    write: (text: string) => {
      try {
        if (text === '') storage?.removeItem(DRAFT_PREFIX + key);
        else storage?.setItem(DRAFT_PREFIX + key, text);
      } catch {
        // A full or refused storage only loses the draft's copy, not the text on screen.
      }
    },
  };
}

/**
 * The comment input of a file and its submission (spec 000 §4 Comment submission). The text
 * not yet sent is kept for the tab under `draftKey`, so a visitor who leaves to sign in from
 * the sign-in prompt finds it again when they come back.
 */
export function useSubmission(calls: CommentCalls, draftKey: string) {
  const [draft] = useState(() => draftStore(draftKey));
  const [state, send] = useMachine(submissionReducer, {
    ...INITIAL_SUBMISSION,
    pendingComment: draft.read(),
  });
  return {
    state,
    type: (text: string) => {
      if (send({ type: 'TYPED', text }).changed) draft.write(text);
    },
    submit: () => {
      const { after, changed } = send({ type: 'SUBMIT' });
      if (!changed) return;
      calls.post(after.pendingComment).then(
        () => {
          send({ type: 'SUCCEEDED' });
          draft.write('');
        },
        () => send({ type: 'FAILED' }),
      );
    },
  };
}

/**
 * The edit and delete actions on a file's comments (spec 000 §4 Comment edit/delete action
 * status), each server call fed back into the machine.
 */
export function useCommentActions(calls: CommentCalls, comments: readonly Comment[] | undefined) {
  const [state, send] = useMachine<CommentActions, Parameters<typeof commentActionsReducer>[1]>(
    commentActionsReducer,
    {},
  );
  useEffect(() => {
    if (comments) send({ type: 'LOADED', comments });
  }, [comments, send]);
  return {
    state,
    startEdit: (comment: Comment) => {
      send({ type: 'START_EDIT', comment });
    },
    cancel: (uuid: string) => {
      send({ type: 'CANCEL', uuid });
    },
    submitEdit: (uuid: string, text: string) => {
      if (!send({ type: 'SUBMIT_EDIT', uuid, text }).changed) return;
      calls.edit(uuid, text).then(
        (comment) => send({ type: 'EDIT_SUCCEEDED', comment }),
        () => send({ type: 'EDIT_FAILED', uuid }),
      );
    },
    askDelete: (uuid: string) => {
      send({ type: 'ASK_DELETE', uuid });
    },
    confirmDelete: (uuid: string) => {
      if (!send({ type: 'CONFIRM_DELETE', uuid }).changed) return;
      calls.remove(uuid).then(
        () => send({ type: 'DELETE_SUCCEEDED', uuid }),
        () => send({ type: 'DELETE_FAILED', uuid }),
      );
    },
  };
}

/** How long the love animation plays (spec 000 §4 Reaction); short when motion is reduced. */
export const LOVE_ANIMATION_MS = 600;
export const REDUCED_LOVE_ANIMATION_MS = 120;
/** Should `animationend` never come (styles not applied, a tab in the background): commit anyway. */
const ANIMATION_GRACE_MS = 1000;

function prefersReducedMotion(): boolean {
  // jsdom and old embedded browsers have no matchMedia, whatever the DOM types say.
  if (typeof globalThis.matchMedia !== 'function') return false;
  return globalThis.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The caller's love of a file (spec 000 §4 Reaction) and the love as shown meanwhile. */
export interface Love {
  phase: ReactionState['phase'];
  loved: boolean;
  count: number;
  animationMs: number;
  click: () => void;
  animationEnd: () => void;
}

/** Drives the reaction machine for one file: the love is sent when its animation ends. */
export function useLove(calls: CommentCalls, data: FileComments | undefined): Love {
  const [state, send] = useMachine(reactionReducer, IDLE_REACTION);
  const [animationMs] = useState(() =>
    prefersReducedMotion() ? REDUCED_LOVE_ANIMATION_MS : LOVE_ANIMATION_MS,
  );
  const shown = shownLove({ loved: data?.loved ?? false, count: data?.reactions.length ?? 0 }, state);
  const commit = (next: ReactionState) => {
    if (next.phase !== 'PENDING') return;
    calls.react(next.loved).then(
      () => send({ type: 'SUCCEEDED' }),
      () => send({ type: 'FAILED' }),
    );
  };
  const animationEnd = () => {
    const { after, changed } = send({ type: 'ANIMATION_END' });
    if (changed) commit(after);
  };
  const endLate = useEffectEvent(animationEnd);
  const isAnimating = state.phase === 'ANIMATING';
  useEffect(() => {
    if (!isAnimating) return;
    const timer = setTimeout(endLate, animationMs + ANIMATION_GRACE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [isAnimating, animationMs]);
  return {
    phase: state.phase,
    ...shown,
    animationMs,
    click: () => {
      const { after, changed } = send({ type: 'CLICK', loved: shown.loved });
      if (changed) commit(after);
    },
    animationEnd,
  };
}
