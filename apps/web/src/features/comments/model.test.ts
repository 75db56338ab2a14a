import type { Comment } from '@trove/contract';
import { describe, expect, test } from 'vitest';
import {
  IDLE_REACTION,
  INITIAL_SUBMISSION,
  commentActionsReducer,
  reactionReducer,
  showComments,
  shownLove,
  submissionReducer,
  type CommentActionEvent,
  type CommentActions,
  type ReactionEvent,
  type ReactionState,
  type Submission,
  type SubmissionEvent,
} from './model.ts';

const typed = (text: string): Submission => submissionReducer(INITIAL_SUBMISSION, { type: 'TYPED', text });
const run = <S, E>(reducer: (s: S, e: E) => S, state: S, ...events: E[]) => events.reduce(reducer, state);

describe('comment submission (spec 000 §4)', () => {
  const submit = (state: Submission, ...events: SubmissionEvent[]) =>
    run(submissionReducer, state, ...events);

  test('submit gives PENDING; success resets it and clears the input', () => {
    const pending = submit(typed('Nice!'), { type: 'SUBMIT' });
    expect(pending).toEqual({ pendingComment: 'Nice!', pendingCommentStatus: 'PENDING' });
    expect(submit(pending, { type: 'SUCCEEDED' })).toEqual(INITIAL_SUBMISSION);
  });

  test('failure gives ERROR and keeps the text for another try, which may be submitted again', () => {
    const failed = submit(typed('Nice!'), { type: 'SUBMIT' }, { type: 'FAILED' });
    expect(failed).toEqual({ pendingComment: 'Nice!', pendingCommentStatus: 'ERROR' });
    expect(submit(failed, { type: 'SUBMIT' }).pendingCommentStatus).toBe('PENDING');
  });

  test('abort resets the status', () => {
    const aborted = submit(typed('Nice!'), { type: 'SUBMIT' }, { type: 'ABORTED' });
    expect(aborted.pendingCommentStatus).toBe('NOT_YET_SUBMITTED');
  });

  test('empty or whitespace-only text is not submitted (spec 000 §5)', () => {
    for (const text of ['', '   ', '\n\t']) {
      const state = typed(text);
      expect(submissionReducer(state, { type: 'SUBMIT' })).toBe(state);
    }
  });

  test('while PENDING the input is read-only and a second submit does nothing', () => {
    const pending = submit(typed('Nice!'), { type: 'SUBMIT' });
    expect(submissionReducer(pending, { type: 'TYPED', text: 'Nicer' })).toBe(pending);
    expect(submissionReducer(pending, { type: 'SUBMIT' })).toBe(pending);
  });

  test('answers that come when nothing is pending are ignored', () => {
    const state = typed('draft');
    for (const type of ['SUCCEEDED', 'FAILED', 'ABORTED'] as const) {
      expect(submissionReducer(state, { type })).toBe(state);
    }
  });
});

const aComment = (overrides: Partial<Comment> = {}): Comment => ({
  comment_uuid: 'c-1',
  file_id: 'f-1',
  user: 'user-1',
  guest_id: null,
  author_name: 'Ada',
  comment: 'Lovely light',
  timestamp: 1_750_000_000,
  last_edit_timestamp: null,
  can_edit: true,
  can_delete: true,
  ...overrides,
});

describe('comment edit/delete action status (spec 000 §4)', () => {
  const act = (state: CommentActions, ...events: CommentActionEvent[]) =>
    run(commentActionsReducer, state, ...events);
  const comment = aComment();
  const editing = act({}, { type: 'START_EDIT', comment });

  test('starting an edit sets PENDING_USER__EDIT and remembers the original text; cancel clears', () => {
    expect(editing['c-1']).toMatchObject({
      actionStatus: 'PENDING_USER__EDIT',
      originalComment: 'Lovely light',
    });
    expect(act(editing, { type: 'CANCEL', uuid: 'c-1' })).toEqual({});
  });

  test('submit sets the new text and PENDING_SERVER__EDIT; success clears the status and records the edit time', () => {
    const sent = act(editing, { type: 'SUBMIT_EDIT', uuid: 'c-1', text: 'Lovely evening light' });
    expect(sent['c-1']).toMatchObject({
      actionStatus: 'PENDING_SERVER__EDIT',
      comment: 'Lovely evening light',
    });
    expect(showComments([comment], sent)[0]?.comment).toBe('Lovely evening light');
    const saved = aComment({ comment: 'Lovely evening light', last_edit_timestamp: 1_750_000_100 });
    const done = act(sent, { type: 'EDIT_SUCCEEDED', comment: saved });
    expect(done['c-1']).toMatchObject({ actionStatus: null, lastEditTimestamp: 1_750_000_100 });
    // Until the server's list has the edit, the panel shows it, edited.
    expect(showComments([comment], done)[0]).toMatchObject({
      comment: 'Lovely evening light',
      last_edit_timestamp: 1_750_000_100,
      actionStatus: null,
    });
    // Once it does, nothing local is left.
    expect(act(done, { type: 'LOADED', comments: [saved] })).toEqual({});
  });

  test('a list from before the edit does not bring the old text back', () => {
    const saved = aComment({ comment: 'New', last_edit_timestamp: 1_750_000_100 });
    const done = act(
      editing,
      { type: 'SUBMIT_EDIT', uuid: 'c-1', text: 'New' },
      { type: 'EDIT_SUCCEEDED', comment: saved },
      { type: 'LOADED', comments: [comment] },
    );
    expect(showComments([comment], done)[0]?.comment).toBe('New');
  });

  test('failure sets SERVER_ERROR__EDIT and restores the original text', () => {
    const failed = act(
      editing,
      { type: 'SUBMIT_EDIT', uuid: 'c-1', text: 'Typo' },
      { type: 'EDIT_FAILED', uuid: 'c-1' },
    );
    expect(failed['c-1']?.actionStatus).toBe('SERVER_ERROR__EDIT');
    expect(showComments([comment], failed)[0]).toMatchObject({
      comment: 'Lovely light',
      actionStatus: 'SERVER_ERROR__EDIT',
    });
  });

  test('editing with empty text is not submitted (spec 000 §5)', () => {
    expect(act(editing, { type: 'SUBMIT_EDIT', uuid: 'c-1', text: '  ' })).toBe(editing);
  });

  test('delete: ask, cancel clears; confirm, failure gives SERVER_ERROR__DELETE', () => {
    const asked = act({}, { type: 'ASK_DELETE', uuid: 'c-1' });
    expect(asked['c-1']?.actionStatus).toBe('PENDING_USER__DELETE');
    expect(act(asked, { type: 'CANCEL', uuid: 'c-1' })).toEqual({});
    const confirmed = act(asked, { type: 'CONFIRM_DELETE', uuid: 'c-1' });
    expect(confirmed['c-1']?.actionStatus).toBe('PENDING_SERVER__DELETE');
    const failed = act(confirmed, { type: 'DELETE_FAILED', uuid: 'c-1' });
    expect(failed['c-1']?.actionStatus).toBe('SERVER_ERROR__DELETE');
    expect(showComments([comment], failed)).toHaveLength(1);
  });

  test('delete success removes the comment, also from a list fetched before it', () => {
    const deleted = act(
      {},
      { type: 'ASK_DELETE', uuid: 'c-1' },
      { type: 'CONFIRM_DELETE', uuid: 'c-1' },
      { type: 'DELETE_SUCCEEDED', uuid: 'c-1' },
    );
    expect(
      showComments([comment, aComment({ comment_uuid: 'c-2' })], deleted).map((c) => c.comment_uuid),
    ).toEqual(['c-2']);
    expect(act(deleted, { type: 'LOADED', comments: [comment] })).toBe(deleted);
    expect(act(deleted, { type: 'LOADED', comments: [] })).toEqual({});
  });

  test('nothing else starts while the server is asked; confirm needs an ask first', () => {
    const busy = act({}, { type: 'ASK_DELETE', uuid: 'c-1' }, { type: 'CONFIRM_DELETE', uuid: 'c-1' });
    expect(act(busy, { type: 'START_EDIT', comment })).toBe(busy);
    expect(act(busy, { type: 'CANCEL', uuid: 'c-1' })).toBe(busy);
    expect(act({}, { type: 'CONFIRM_DELETE', uuid: 'c-1' })).toEqual({});
  });

  test("other comments' entries and answers for the wrong status are left alone", () => {
    const state = act(
      editing,
      { type: 'EDIT_FAILED', uuid: 'c-1' },
      { type: 'DELETE_SUCCEEDED', uuid: 'c-1' },
    );
    expect(state).toBe(editing);
  });
});

describe('reaction (spec 000 §4)', () => {
  const react = (state: ReactionState, ...events: ReactionEvent[]) => run(reactionReducer, state, ...events);

  test('love on an unloved file plays the animation, and commits when it ends', () => {
    const animating = react(IDLE_REACTION, { type: 'CLICK', loved: false });
    expect(animating).toEqual({ phase: 'ANIMATING' });
    expect(react(animating, { type: 'ANIMATION_END' })).toEqual({ phase: 'PENDING', loved: true });
  });

  test('clicks during the animation, or while pending, are ignored', () => {
    const animating = react(IDLE_REACTION, { type: 'CLICK', loved: false });
    expect(react(animating, { type: 'CLICK', loved: true })).toBe(animating);
    const pending = react(animating, { type: 'ANIMATION_END' });
    expect(react(pending, { type: 'CLICK', loved: true })).toBe(pending);
  });

  test('unloving is immediate', () => {
    expect(react(IDLE_REACTION, { type: 'CLICK', loved: true })).toEqual({ phase: 'PENDING', loved: false });
  });

  test('the answer ends the pending state; a late animation end does nothing', () => {
    const pending = react(IDLE_REACTION, { type: 'CLICK', loved: true });
    expect(react(pending, { type: 'SUCCEEDED' })).toBe(IDLE_REACTION);
    expect(react(pending, { type: 'FAILED' })).toBe(IDLE_REACTION);
    expect(react(IDLE_REACTION, { type: 'ANIMATION_END' })).toBe(IDLE_REACTION);
  });

  test('the love shows as asked while on its way, the server’s otherwise', () => {
    const server = { loved: false, count: 2 };
    expect(shownLove(server, IDLE_REACTION)).toEqual(server);
    expect(shownLove(server, { phase: 'ANIMATING' })).toEqual({ loved: true, count: 3 });
    expect(shownLove({ loved: true, count: 1 }, { phase: 'PENDING', loved: false })).toEqual({
      loved: false,
      count: 0,
    });
  });
});
