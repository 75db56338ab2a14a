import { isPostableComment, type Comment } from '@trove/contract';

/*
 * The comment state machines of spec 000 §4 (Comment submission, Comment edit/delete action
 * status, Reaction) as pure reducers: each returns `state` itself when an event does not
 * apply, so a component can tell whether anything happened (and whether to call the server).
 */

/** spec 000 §3 File pendingCommentStatus. */
export type PendingCommentStatus = 'NOT_YET_SUBMITTED' | 'PENDING' | 'ERROR';

/** A file's comment input: its text (spec 000 §3 pendingComment) and where its submission is. */
export interface Submission {
  pendingComment: string;
  pendingCommentStatus: PendingCommentStatus;
}

export type SubmissionEvent =
  | { type: 'TYPED'; text: string }
  | { type: 'SUBMIT' }
  | { type: 'SUCCEEDED' }
  | { type: 'FAILED' }
  | { type: 'ABORTED' };

export const INITIAL_SUBMISSION: Submission = {
  pendingComment: '',
  pendingCommentStatus: 'NOT_YET_SUBMITTED',
};

/**
 * spec 000 §4 Comment submission: submit gives PENDING (only text that may be posted, spec
 * 000 §5), success resets it and clears the input, failure gives ERROR (the text stays for
 * another try), abort resets the status. While PENDING the input is read-only: typing and
 * a second submit are ignored.
 */
export function submissionReducer(state: Submission, event: SubmissionEvent): Submission {
  const isPending = state.pendingCommentStatus === 'PENDING';
  switch (event.type) {
    case 'TYPED':
      return isPending || event.text === state.pendingComment
        ? state
        : { ...state, pendingComment: event.text };
    case 'SUBMIT':
      if (isPending || !isPostableComment(state.pendingComment)) return state;
      return { ...state, pendingCommentStatus: 'PENDING' };
    case 'SUCCEEDED':
      return isPending ? INITIAL_SUBMISSION : state;
    case 'FAILED':
      return isPending ? { ...state, pendingCommentStatus: 'ERROR' } : state;
    case 'ABORTED':
      return isPending ? { ...state, pendingCommentStatus: 'NOT_YET_SUBMITTED' } : state;
  }
}

/** spec 000 §4 Comment edit/delete action status. */
export type CommentActionStatus =
  | 'PENDING_USER__EDIT'
  | 'PENDING_SERVER__EDIT'
  | 'SERVER_ERROR__EDIT'
  | 'PENDING_USER__DELETE'
  | 'PENDING_SERVER__DELETE'
  | 'SERVER_ERROR__DELETE';

/**
 * What this client knows of one comment beyond the server's list: its action status, the
 * text kept during an edit (spec 000 §3 originalComment), the text to show instead of the
 * server's, and the outcome of a finished edit or delete, held until the server's list has
 * caught up (a refetch that was under way when it finished must not bring the old back).
 */
export interface CommentLocal {
  actionStatus: CommentActionStatus | null;
  originalComment: string | null;
  /** The text shown in place of the server's; null: the server's. */
  comment: string | null;
  /** The edit time a successful edit recorded (seconds). */
  lastEditTimestamp: number | null;
  isDeleted: boolean;
}

/** Per comment_uuid; a comment without an entry is as the server lists it. */
export type CommentActions = Readonly<Record<string, CommentLocal>>;

export type CommentActionEvent =
  | { type: 'START_EDIT'; comment: Comment }
  | { type: 'CANCEL'; uuid: string }
  | { type: 'SUBMIT_EDIT'; uuid: string; text: string }
  | { type: 'EDIT_SUCCEEDED'; comment: Comment }
  | { type: 'EDIT_FAILED'; uuid: string }
  | { type: 'ASK_DELETE'; uuid: string }
  | { type: 'CONFIRM_DELETE'; uuid: string }
  | { type: 'DELETE_SUCCEEDED'; uuid: string }
  | { type: 'DELETE_FAILED'; uuid: string }
  /** The server's list arrived: outcomes it already shows are forgotten. */
  | { type: 'LOADED'; comments: readonly Comment[] };

const NO_LOCAL: CommentLocal = {
  actionStatus: null,
  originalComment: null,
  comment: null,
  lastEditTimestamp: null,
  isDeleted: false,
};

const isBusy = (local: CommentLocal | undefined) =>
  local?.actionStatus === 'PENDING_SERVER__EDIT' || local?.actionStatus === 'PENDING_SERVER__DELETE';

function put(state: CommentActions, uuid: string, local: CommentLocal): CommentActions {
  return { ...state, [uuid]: local };
}

function without(state: CommentActions, uuid: string): CommentActions {
  const { [uuid]: _removed, ...rest } = state;
  return rest;
}

/**
 * spec 000 §4 Comment edit/delete action status. Edit: starting sets PENDING_USER__EDIT and
 * remembers the original text; cancel clears; submit sets the new text and
 * PENDING_SERVER__EDIT (empty text is not submitted, spec 000 §5); success clears the status
 * and records the edit time; failure sets SERVER_ERROR__EDIT and restores the original text.
 * Delete: asking sets PENDING_USER__DELETE; cancel clears; confirm sets
 * PENDING_SERVER__DELETE; failure sets SERVER_ERROR__DELETE; success removes the comment.
 * Nothing else starts while the server is asked.
 */
export function commentActionsReducer(state: CommentActions, event: CommentActionEvent): CommentActions {
  switch (event.type) {
    case 'START_EDIT': {
      const uuid = event.comment.comment_uuid;
      if (isBusy(state[uuid])) return state;
      const text = shownText(event.comment, state[uuid]);
      return put(state, uuid, {
        ...NO_LOCAL,
        actionStatus: 'PENDING_USER__EDIT',
        originalComment: text,
        comment: text,
      });
    }
    case 'CANCEL': {
      const local = state[event.uuid];
      if (!local || isBusy(local) || local.actionStatus === null) return state;
      // What a failed edit restored is the original: nothing is left to show instead.
      return without(state, event.uuid);
    }
    case 'SUBMIT_EDIT': {
      const local = state[event.uuid];
      if (local?.actionStatus !== 'PENDING_USER__EDIT' || !isPostableComment(event.text)) return state;
      return put(state, event.uuid, { ...local, actionStatus: 'PENDING_SERVER__EDIT', comment: event.text });
    }
    case 'EDIT_SUCCEEDED': {
      const uuid = event.comment.comment_uuid;
      if (state[uuid]?.actionStatus !== 'PENDING_SERVER__EDIT') return state;
      return put(state, uuid, {
        ...NO_LOCAL,
        comment: event.comment.comment,
        lastEditTimestamp: event.comment.last_edit_timestamp ?? event.comment.timestamp,
      });
    }
    case 'EDIT_FAILED': {
      const local = state[event.uuid];
      if (local?.actionStatus !== 'PENDING_SERVER__EDIT') return state;
      return put(state, event.uuid, {
        ...local,
        actionStatus: 'SERVER_ERROR__EDIT',
        comment: local.originalComment,
      });
    }
    case 'ASK_DELETE': {
      const local = state[event.uuid];
      if (isBusy(local)) return state;
      return put(state, event.uuid, { ...NO_LOCAL, actionStatus: 'PENDING_USER__DELETE' });
    }
    case 'CONFIRM_DELETE': {
      const local = state[event.uuid];
      if (local?.actionStatus !== 'PENDING_USER__DELETE') return state;
      return put(state, event.uuid, { ...local, actionStatus: 'PENDING_SERVER__DELETE' });
    }
    case 'DELETE_SUCCEEDED': {
      if (state[event.uuid]?.actionStatus !== 'PENDING_SERVER__DELETE') return state;
      return put(state, event.uuid, { ...NO_LOCAL, isDeleted: true });
    }
    case 'DELETE_FAILED': {
      const local = state[event.uuid];
      if (local?.actionStatus !== 'PENDING_SERVER__DELETE') return state;
      return put(state, event.uuid, { ...local, actionStatus: 'SERVER_ERROR__DELETE' });
    }
    case 'LOADED':
      return forgetSettled(state, event.comments);
  }
}

/** Drops the outcomes (a saved edit, a deletion) the server's list now shows itself. */
function forgetSettled(state: CommentActions, comments: readonly Comment[]): CommentActions {
  const byId = new Map(comments.map((comment) => [comment.comment_uuid, comment]));
  let next = state;
  for (const [uuid, local] of Object.entries(state)) {
    if (local.actionStatus !== null) continue;
    const listed = byId.get(uuid);
    const isCaughtUp = local.isDeleted
      ? listed === undefined
      : listed === undefined || (listed.last_edit_timestamp ?? 0) >= (local.lastEditTimestamp ?? 0);
    if (isCaughtUp) next = without(next, uuid);
  }
  return next;
}

function shownText(comment: Comment, local: CommentLocal | undefined): string {
  return local?.comment ?? comment.comment;
}

/** A comment as the panel shows it: the server's, with this client's actions applied. */
export interface ShownComment extends Comment {
  actionStatus: CommentActionStatus | null;
}

/**
 * The server's comments (oldest first) as shown: deleted ones left out, edits in progress
 * or just saved in place of the server's text, with their action status.
 */
export function showComments(comments: readonly Comment[], actions: CommentActions): ShownComment[] {
  const shown: ShownComment[] = [];
  for (const comment of comments) {
    const local = actions[comment.comment_uuid];
    if (local?.isDeleted) continue;
    shown.push({
      ...comment,
      comment: shownText(comment, local),
      last_edit_timestamp: Math.max(comment.last_edit_timestamp ?? 0, local?.lastEditTimestamp ?? 0) || null,
      actionStatus: local?.actionStatus ?? null,
    });
  }
  return shown;
}

/**
 * Where this client's love of a file is (spec 000 §4 Reaction): IDLE (the server's answer
 * holds), ANIMATING (love clicked on an unloved file: the heart plays, nothing sent yet),
 * PENDING (the love or unlove is with the server). `loved` is what the user asked for.
 */
export type ReactionState = { phase: 'IDLE' } | { phase: 'ANIMATING' } | { phase: 'PENDING'; loved: boolean };

export type ReactionEvent =
  /** The love button, on a file the caller loves (`loved`) or not, as shown. */
  { type: 'CLICK'; loved: boolean } | { type: 'ANIMATION_END' } | { type: 'SUCCEEDED' } | { type: 'FAILED' };

export const IDLE_REACTION: ReactionState = { phase: 'IDLE' };

/**
 * spec 000 §4 Reaction: clicking love on an unloved file plays an animation and the love is
 * sent when it ends; unloving is sent at once; clicks during the animation, or while the
 * server is asked, are ignored. A component sends the love when the state becomes PENDING.
 */
export function reactionReducer(state: ReactionState, event: ReactionEvent): ReactionState {
  switch (event.type) {
    case 'CLICK':
      if (state.phase !== 'IDLE') return state;
      return event.loved ? { phase: 'PENDING', loved: false } : { phase: 'ANIMATING' };
    case 'ANIMATION_END':
      return state.phase === 'ANIMATING' ? { phase: 'PENDING', loved: true } : state;
    case 'SUCCEEDED':
    case 'FAILED':
      return state.phase === 'PENDING' ? IDLE_REACTION : state;
  }
}

/** The love as shown: what the user asked for while it is on its way, else the server's. */
export function shownLove(
  server: { loved: boolean; count: number },
  state: ReactionState,
): { loved: boolean; count: number } {
  const loved = state.phase === 'IDLE' ? server.loved : state.phase === 'ANIMATING' || state.loved;
  const count = server.count + (loved === server.loved ? 0 : loved ? 1 : -1);
  return { loved, count: Math.max(0, count) };
}
