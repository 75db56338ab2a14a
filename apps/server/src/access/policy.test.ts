import { describe, expect, it } from 'vitest';
import {
  JOB_ACTIONS,
  POLICY,
  ROLES,
  allows,
  currentUserCan,
  type JobAction,
  type Situation,
} from './policy.ts';
import { roleOrderViolations, roleOrders, type OrderedCaller } from './role-order.test-support.ts';

const album = (over: Partial<Situation>): Situation => ({
  role: 'participant',
  isAlbum: true,
  shared: true,
  permissions: 3,
  signedIn: true,
  readOnlyUser: false,
  member: true,
  deleted: false,
  ...over,
});

describe('the access table (spec 000 §6, 001 §6)', () => {
  it('has a cell for every role and action, and none allows nothing', () => {
    for (const role of ROLES) expect(Object.keys(POLICY[role]).sort()).toEqual([...JOB_ACTIONS].sort());
    for (const action of JOB_ACTIONS) expect(allows(album({ role: 'none' }), action)).toBe(false);
  });

  it('lets participants add photos only with allow_uploads and comment only with allow_comments', () => {
    expect(allows(album({ permissions: 2 }), 'addPhotos')).toBe(true);
    expect(allows(album({ permissions: 1 }), 'addPhotos')).toBe(false);
    expect(allows(album({ permissions: 1 }), 'addComment')).toBe(true);
    expect(allows(album({ permissions: 2 }), 'addComment')).toBe(false);
    // The owner adds photos whatever the bits say.
    expect(allows(album({ role: 'owner', permissions: 0 }), 'addPhotos')).toBe(true);
  });

  it('lets a signed-out visitor comment and love only as a guest ([Note: Guests]); deleting any comment is the owners', () => {
    const signedOut = album({ role: 'visitor', signedIn: false, member: false });
    for (const action of ['addComment', 'react', 'editOwnComment', 'deleteOwnComment'] as const)
      expect(allows(signedOut, action), action).toBe(false);
    expect(allows(signedOut, 'joinAsGuest')).toBe(true);
    expect(allows({ ...signedOut, signedIn: true }, 'joinAsGuest')).toBe(false);
    expect(allows({ ...signedOut, signedIn: true }, 'addComment')).toBe(true);
    const guest = { ...signedOut, role: 'guest' as const };
    expect(allows(guest, 'addComment')).toBe(true);
    expect(allows({ ...guest, permissions: 2 }, 'addComment')).toBe(false);
    expect(allows({ ...guest, permissions: 0 }, 'react')).toBe(true);
    for (const role of ['participant', 'readOnly', 'visitor', 'guest'] as const)
      expect(allows(album({ role }), 'deleteAnyComment'), role).toBe(false);
    expect(allows(album({ role: 'owner' }), 'deleteAnyComment')).toBe(true);
    // Deleting for good is the trash's owner's (spec 000 §6, issue #13).
    for (const role of ['participant', 'readOnly', 'visitor', 'guest'] as const)
      expect(allows(album({ role }), 'deleteForGood'), role).toBe(false);
    expect(allows(album({ role: 'owner', isAlbum: false }), 'deleteForGood')).toBe(true);
    // The timeline has no comments, not even its owner's.
    expect(allows(album({ role: 'owner', isAlbum: false }), 'addComment')).toBe(false);
  });

  it('gives album management to the owner only, and leaving to subscribed members', () => {
    for (const action of [
      'rename',
      'setCover',
      'changePrivacy',
      'changePermissions',
      'deleteAlbum',
    ] as const) {
      expect(allows(album({ role: 'owner' }), action), action).toBe(true);
      for (const role of ['participant', 'readOnly', 'visitor', 'guest'] as const)
        expect(allows(album({ role }), action), `${role} ${action}`).toBe(false);
    }
    expect(allows(album({ role: 'owner' }), 'leave')).toBe(false);
    expect(allows(album({}), 'leave')).toBe(true);
    expect(allows(album({ role: 'visitor', member: false }), 'subscribe')).toBe(true);
    expect(allows(album({ role: 'visitor', member: false, signedIn: false }), 'subscribe')).toBe(false);
  });

  it('keeps album-only rights off the timeline', () => {
    const timeline = album({ role: 'owner', isAlbum: false });
    expect(allows(timeline, 'read')).toBe(true);
    expect(allows(timeline, 'addPhotos')).toBe(true);
    expect(allows(timeline, 'deleteAlbum')).toBe(false);
    expect(allows(timeline, 'addComment')).toBe(false);
  });

  it('lets a read-only user take part but add nothing, and names what a subscription would allow', () => {
    const readOnly = album({ role: 'readOnly', readOnlyUser: true });
    expect(allows(readOnly, 'read')).toBe(true);
    expect(allows(readOnly, 'addPhotos')).toBe(false);
    expect(allows(readOnly, 'copyToTimeline')).toBe(false);
    expect(allows(readOnly, 'leave')).toBe(true);
    const can = currentUserCan(readOnly);
    expect(can.addPhotos).toBe(false);
    expect(can.needsSubscription).toEqual(expect.arrayContaining(['addPhotos', 'addToAlbum']));
    // A read-only owner keeps their album but uploads nothing (spec 000 §6 upload buttons disabled).
    const owner = currentUserCan(album({ role: 'owner', readOnlyUser: true }));
    expect(owner.deleteAlbum).toBe(true);
    expect(owner.addPhotos).toBe(false);
    expect(owner.needsSubscription).toContain('addPhotos');
  });

  it('computes currentUserCan from the same cells, with nothing needing a subscription for subscribers', () => {
    const can = currentUserCan(album({ permissions: 1 }));
    expect(can).toMatchObject({ addPhotos: false, addComment: true, leaveAlbum: true, deleteAlbum: false });
    expect(can.needsSubscription).toEqual([]);
  });

  it('gives a share to its link: the sharer stops it, recipients read, download and (signed in) keep', () => {
    const share = (over: Partial<Situation>) => album({ isAlbum: false, member: false, ...over });
    const sharer = share({ role: 'sharer' });
    for (const action of [
      'readShare',
      'read',
      'download',
      'stopSharing',
      'publish',
      'copyToTimeline',
    ] as const)
      expect(allows(sharer, action), action).toBe(true);
    const recipient = share({ role: 'recipient', signedIn: false });
    for (const action of ['readShare', 'read', 'download'] as const)
      expect(allows(recipient, action), action).toBe(true);
    // Logged-out recipients are asked to log in before adding to their timeline (spec 000 §6).
    expect(allows(recipient, 'copyToTimeline')).toBe(false);
    expect(allows({ ...recipient, signedIn: true }, 'copyToTimeline')).toBe(true);
    expect(allows({ ...recipient, signedIn: true, readOnlyUser: true }, 'copyToTimeline')).toBe(false);
    for (const action of [
      'stopSharing',
      'publish',
      'share',
      'addPhotos',
      'listMembers',
      'addComment',
    ] as const)
      expect(allows({ ...recipient, signedIn: true }, action), action).toBe(false);
    // Share pages are shares' only: nobody reads an album as a share.
    for (const role of ['owner', 'participant', 'readOnly', 'visitor', 'guest'] as const)
      expect(allows(album({ role }), 'readShare'), role).toBe(false);
  });

  it('lets owners and participants with a subscription share, and invite only to a shared album', () => {
    expect(allows(album({ role: 'owner', isAlbum: false, shared: false }), 'share')).toBe(true);
    expect(allows(album({ role: 'owner', readOnlyUser: true }), 'share')).toBe(false);
    expect(allows(album({ role: 'participant' }), 'share')).toBe(true);
    // A visitor, signed in or not, keeps the /albumImage link and the album's own link, no
    // share of its files (issue #23, [Note: Derived shares]).
    expect(allows(album({ role: 'visitor', member: false }), 'share')).toBe(false);
    expect(allows(album({ role: 'readOnly', readOnlyUser: true }), 'share')).toBe(false);
    expect(allows(album({ role: 'visitor', member: false, signedIn: false }), 'share')).toBe(false);
    expect(allows(album({ role: 'visitor', member: false }), 'publish')).toBe(false);
    expect(allows(album({ role: 'owner' }), 'publish')).toBe(true);
    expect(allows(album({ role: 'owner', shared: false }), 'publish')).toBe(false);
    expect(allows(album({ role: 'owner', isAlbum: false, shared: false }), 'publish')).toBe(false);
    expect(allows(album({ role: 'readOnly', readOnlyUser: true }), 'publish')).toBe(false);
  });

  it('sends the file actions the web offers (issue #23): share and download from the same cells', () => {
    // A participant shares and downloads; a read-only member downloads and sees Share as
    // needing a subscription; a signed-out visitor downloads only.
    const participant = currentUserCan(album({}));
    expect(participant).toMatchObject({
      shareFiles: true,
      downloadFiles: true,
      deleteOwnFile: true,
      deleteAnyFile: false,
    });
    const readOnly = currentUserCan(album({ role: 'readOnly', readOnlyUser: true }));
    expect(readOnly).toMatchObject({ shareFiles: false, downloadFiles: true });
    expect(readOnly.needsSubscription).toContain('shareFiles');
    const visitor = currentUserCan(album({ role: 'visitor', member: false, signedIn: false }));
    expect(visitor).toMatchObject({
      shareFiles: false,
      downloadFiles: true,
      deleteOwnFile: false,
      deleteAnyFile: false,
    });
    // The timeline's owner may do all of it; read-only, sharing waits for a subscription.
    const timeline = album({ role: 'owner', isAlbum: false, shared: false });
    expect(currentUserCan(timeline)).toMatchObject({
      shareFiles: true,
      downloadFiles: true,
      deleteAnyFile: true,
    });
    expect(currentUserCan({ ...timeline, readOnlyUser: true }).needsSubscription).toContain('shareFiles');
  });
});

/** The callers of the order test, each as the situation access.ts would make of them. */
const CALLER_SITUATIONS = {
  owner: { role: 'owner', member: false, signedIn: true, readOnlyUser: false },
  participant: { role: 'participant', member: true, signedIn: true, readOnlyUser: false },
  readOnlyMember: { role: 'readOnly', member: true, signedIn: true, readOnlyUser: true },
  signedInVisitor: { role: 'visitor', member: false, signedIn: true, readOnlyUser: false },
  readOnlyVisitor: { role: 'readOnly', member: false, signedIn: true, readOnlyUser: true },
  signedOutVisitor: { role: 'visitor', member: false, signedIn: false, readOnlyUser: false },
  guest: { role: 'guest', member: false, signedIn: false, readOnlyUser: false },
  shareOwner: { role: 'sharer', member: false, signedIn: true, readOnlyUser: false },
  sourceAlbumOwner: { role: 'sourceOwner', member: false, signedIn: true, readOnlyUser: false },
  recipient: { role: 'recipient', member: false, signedIn: true, readOnlyUser: false },
  readOnlyRecipient: { role: 'recipient', member: false, signedIn: true, readOnlyUser: true },
  signedOutRecipient: { role: 'recipient', member: false, signedIn: false, readOnlyUser: false },
} as const satisfies Record<OrderedCaller, Pick<Situation, 'role' | 'member' | 'signedIn' | 'readOnlyUser'>>;
type Caller = OrderedCaller;
type Job = Pick<Situation, 'isAlbum' | 'shared' | 'permissions' | 'deleted'>;

/** Every album state: shared or private, each permission, live or deleted. */
const ALBUM_STATES: Job[] = [true, false].flatMap((shared) =>
  [0, 1, 2, 3].flatMap((permissions) =>
    [false, true].map((deleted) => ({ isAlbum: true, shared, permissions, deleted })),
  ),
);
const SHARE_STATES: Job[] = [{ isAlbum: false, shared: true, permissions: 0, deleted: false }];

const describeJob = (job: Job) =>
  `${job.isAlbum ? (job.shared ? 'a shared album' : 'a private album') : 'a share'} with permissions ${String(job.permissions)}${job.deleted ? ', deleted' : ''}`;

const ORDERS = roleOrders<JobAction>({ leave: 'leave', subscribe: 'subscribe', becomeGuest: 'joinAsGuest' });

describe('the order of roles in the access table (spec 000 §6)', () => {
  const may = (caller: Caller, job: Job, action: JobAction) =>
    allows({ ...job, ...CALLER_SITUATIONS[caller] }, action);

  it('lets each role do at least what the one below may, on every album state', () => {
    expect(roleOrderViolations(ORDERS.album, ALBUM_STATES, JOB_ACTIONS, may, describeJob)).toEqual([]);
  });

  it("lets a share's owner do at least what a recipient may, and a recipient with a subscription what others may", () => {
    expect(roleOrderViolations(ORDERS.share, SHARE_STATES, JOB_ACTIONS, may, describeJob)).toEqual([]);
  });
});
