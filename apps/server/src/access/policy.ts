import type { AlbumRole, CurrentUserCan } from '@trove/contract';

/*
 * [Note: Access]
 *
 * Every permission rule of the product lives in the one table below: role x action, each
 * cell either `false` or the conditions under which the role may act (all must hold).
 * Services never decide themselves: they ask `access.requireJob(caller, jobId, action)`
 * (access.ts), which resolves the caller's role in the job once and reads this table.
 * `currentUserCan` on the wire (spec 000 §3) is computed here too, so the web client shows
 * exactly what the server will allow, from the same cells.
 *
 * Roles (spec 000 §6, 001 §6):
 * - owner: the album's (or timeline's) owner.
 * - participant: a subscribed member of a shared album with a subscription.
 * - readOnly: a signed-in user without a subscription (is_read_only_user) who is a member
 *   or opened a shared album by its link: takes part, adds nothing.
 * - visitor: opened a shared album by its link (with the password where one is set),
 *   signed in or not, and is not a member.
 * - guest: a visitor without an account who gave a name, or none, to comment (spec 000
 *   §6); their guest token names them (see [Note: Guests]).
 * - none: everybody else, including everyone but the owner once an album is deleted, and
 *   everyone but the owner once it is made private. A denial reads exactly like a missing id.
 * - sharer: the owner of a share (a job of type share, spec 000 §3 Share, §6 Share owner).
 * - recipient: anyone else holding a share's link (with its password's grant where it has
 *   one), signed in or not. A share has no members: an account only decides whether the
 *   recipient may add the files to their timeline.
 * - sourceOwner: the owner of the album a participant made a share from (issue #23): they
 *   see it on their shared links and may stop it, and open it without its password, since
 *   it shows nothing their album does not ([Note: Derived shares]).
 * A deleted album keeps its owner, in the `inTrash` situation: only restoring it and deleting
 * it for good are allowed (issue #13). A stopped or expired share is nobody's: every caller,
 * its owner too, gets what a missing id gets (issue #15); so is every job of a disabled
 * account ([Note: Disabled accounts]), and a share made from an album stops once its maker may no longer `share` there
 * ([Note: Derived shares]).
 */

/** Everything a caller may ask to do to a job or in it. */
export const JOB_ACTIONS = [
  'read',
  'listMembers',
  'addPhotos',
  'addComment',
  'deleteOwnFile',
  'deleteAnyFile',
  'restoreFile',
  'editOwnComment',
  'deleteOwnComment',
  'deleteAnyComment',
  'subscribe',
  'leave',
  'setCover',
  'rename',
  'changePrivacy',
  'changePermissions',
  'changeSortOrder',
  'deleteAlbum',
  'copyToTimeline',
  'react',
  'joinAsGuest',
  'deleteForGood',
  'restoreAlbum',
  'deleteAlbumForGood',
  'download',
  'downloadTrash',
  'exportDeletedAlbum',
  // Shares (issue #15): make a share of the job's files; send a share or invite to a shared
  // album by e-mail (publish); open a share's page; stop a share.
  'share',
  'publish',
  'readShare',
  'stopSharing',
] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

/**
 * What a cell may require beyond the role:
 * - allow_uploads / allow_comments: the album's permission bit (spec 000 §9: 2 and 1);
 * - subscription: the caller is not a read-only user (spec 001 §6);
 * - signedIn: the caller has an account session; signedOut: they have none;
 * - member / notMember: the caller is (not) a subscribed member;
 * - album: the job is an album, not the timeline;
 * - shared: the job's privacy_mode is shared (a share, or an album visitors may open);
 * - inTrash: the album is deleted (in its owner's trash, spec 000 §3 Deleted album). A cell
 *   without it allows nothing on a deleted album: deleted albums only come back or go.
 */
export type Condition =
  | 'allow_uploads'
  | 'allow_comments'
  | 'subscription'
  | 'signedIn'
  | 'signedOut'
  | 'member'
  | 'notMember'
  | 'album'
  | 'shared'
  | 'inTrash';

type Cell = false | readonly Condition[];
const yes: Cell = [];

export const ROLES = [
  'owner',
  'participant',
  'readOnly',
  'visitor',
  'guest',
  'sharer',
  'recipient',
  'sourceOwner',
  'none',
] as const;
export type Role = (typeof ROLES)[number];

/** A row that allows nothing, to spell out only what a role may. */
function nothing(): Record<JobAction, Cell> {
  return Object.fromEntries(JOB_ACTIONS.map((action) => [action, false])) as Record<JobAction, Cell>;
}

/** THE table. Read a row as "a <role> may <action> when <conditions>". */
export const POLICY: Record<Role, Record<JobAction, Cell>> = {
  owner: {
    read: yes,
    listMembers: yes,
    addPhotos: ['subscription'],
    addComment: ['album'],
    deleteOwnFile: yes,
    deleteAnyFile: yes,
    // Read-only users cannot restore (spec 000 §6, 001 §6 "restore actions disabled").
    restoreFile: ['subscription'],
    editOwnComment: ['album'],
    deleteOwnComment: ['album'],
    deleteAnyComment: ['album'],
    subscribe: false,
    leave: false,
    setCover: ['album'],
    rename: ['album'],
    changePrivacy: ['album'],
    changePermissions: ['album'],
    changeSortOrder: ['album'],
    deleteAlbum: ['album'],
    copyToTimeline: ['album', 'subscription'],
    react: ['album'],
    joinAsGuest: false,
    // The trash is the owner's (spec 000 §6 "trash is for the user's own files").
    deleteForGood: yes,
    restoreAlbum: ['album', 'inTrash', 'subscription'],
    deleteAlbumForGood: ['album', 'inTrash'],
    download: yes,
    // The trash is the owner's, its downloads too (spec 000 §6), and the export of a
    // deleted album from the trash's albums (spec 000 §2 per-album menu).
    downloadTrash: yes,
    exportDeletedAlbum: ['album', 'inTrash'],
    // Read-only users cannot share (spec 000 §6, 001 §6: share disabled with the tooltip).
    share: ['subscription'],
    // An album invite opens only a shared album (spec 000 §7 publish).
    publish: ['album', 'shared', 'subscription'],
    readShare: false,
    stopSharing: false,
  },
  participant: {
    read: yes,
    listMembers: yes,
    addPhotos: ['allow_uploads'],
    addComment: ['allow_comments'],
    deleteOwnFile: yes,
    deleteAnyFile: false,
    restoreFile: false,
    editOwnComment: yes,
    deleteOwnComment: yes,
    deleteAnyComment: false,
    subscribe: false,
    leave: ['member'],
    setCover: false,
    rename: false,
    changePrivacy: false,
    changePermissions: false,
    changeSortOrder: false,
    deleteAlbum: false,
    copyToTimeline: yes,
    react: yes,
    joinAsGuest: false,
    deleteForGood: false,
    restoreAlbum: false,
    deleteAlbumForGood: false,
    download: yes,
    downloadTrash: false,
    exportDeletedAlbum: false,
    // A member shares what they see there, as long as they take part ([Note: Derived shares]).
    share: yes,
    publish: ['shared'],
    readShare: false,
    stopSharing: false,
  },
  readOnly: {
    read: yes,
    listMembers: yes,
    addPhotos: false,
    addComment: ['allow_comments'],
    deleteOwnFile: ['member'],
    deleteAnyFile: false,
    restoreFile: false,
    editOwnComment: yes,
    deleteOwnComment: yes,
    deleteAnyComment: false,
    subscribe: ['notMember'],
    leave: ['member'],
    setCover: false,
    rename: false,
    changePrivacy: false,
    changePermissions: false,
    changeSortOrder: false,
    deleteAlbum: false,
    copyToTimeline: false,
    react: yes,
    joinAsGuest: false,
    deleteForGood: false,
    restoreAlbum: false,
    deleteAlbumForGood: false,
    download: yes,
    downloadTrash: false,
    exportDeletedAlbum: false,
    share: false,
    publish: false,
    readShare: false,
    stopSharing: false,
  },
  visitor: {
    read: yes,
    listMembers: yes,
    addPhotos: false,
    // A visitor comments after giving a name (the guest role) or signing in (spec 000 §6).
    addComment: ['allow_comments', 'signedIn'],
    deleteOwnFile: false,
    deleteAnyFile: false,
    restoreFile: false,
    editOwnComment: ['signedIn'],
    deleteOwnComment: ['signedIn'],
    deleteAnyComment: false,
    subscribe: ['signedIn'],
    leave: false,
    setCover: false,
    rename: false,
    changePrivacy: false,
    changePermissions: false,
    changeSortOrder: false,
    deleteAlbum: false,
    copyToTimeline: ['signedIn'],
    // Loves need a name to stand under: an account, or a guest's (spec 000 §6, [Note: Guests]).
    react: ['signedIn'],
    joinAsGuest: ['signedOut'],
    deleteForGood: false,
    restoreAlbum: false,
    deleteAlbumForGood: false,
    // Visitors view and download (spec 000 §6 Visitor).
    download: yes,
    downloadTrash: false,
    exportDeletedAlbum: false,
    // A visitor shares one file by the /albumImage link, or the album's own link, never a
    // share of its files (issue #23, docs/SPEC-DEVIATIONS.md): a share outlives nothing its
    // maker loses, and a visitor's access hangs on a password and a privacy they do not
    // control ([Note: Derived shares]).
    share: false,
    publish: false,
    readShare: false,
    stopSharing: false,
  },
  guest: {
    read: yes,
    listMembers: yes,
    addPhotos: false,
    addComment: ['allow_comments'],
    deleteOwnFile: false,
    deleteAnyFile: false,
    restoreFile: false,
    editOwnComment: yes,
    deleteOwnComment: yes,
    deleteAnyComment: false,
    subscribe: false,
    leave: false,
    setCover: false,
    rename: false,
    changePrivacy: false,
    changePermissions: false,
    changeSortOrder: false,
    deleteAlbum: false,
    copyToTimeline: false,
    react: yes,
    // A new name is a new guest; their earlier comments stay under the old one.
    joinAsGuest: ['signedOut'],
    deleteForGood: false,
    restoreAlbum: false,
    deleteAlbumForGood: false,
    download: yes,
    downloadTrash: false,
    exportDeletedAlbum: false,
    share: false,
    publish: false,
    readShare: false,
    stopSharing: false,
  },
  sharer: {
    ...nothing(),
    read: yes,
    download: yes,
    readShare: yes,
    // The share's own files into the owner's timeline answer "already there".
    copyToTimeline: ['subscription'],
    publish: ['subscription'],
    stopSharing: yes,
  },
  recipient: {
    ...nothing(),
    read: yes,
    download: yes,
    readShare: yes,
    // Logged-in users with a subscription add share files to their timeline (spec 000 §6);
    // logged-out ones are prompted to log in first.
    copyToTimeline: ['signedIn', 'subscription'],
  },
  sourceOwner: {
    ...nothing(),
    // What a recipient with an account may, and stopping it: the album is theirs, and a share
    // of it must not outlive their wish ([Note: Derived shares]).
    read: yes,
    download: yes,
    readShare: yes,
    copyToTimeline: ['subscription'],
    stopSharing: yes,
  },
  none: nothing(),
};

/** What the conditions of a cell are checked against. */
export interface Situation {
  role: Role;
  isAlbum: boolean;
  /** privacy_mode is shared. */
  shared: boolean;
  permissions: number;
  signedIn: boolean;
  readOnlyUser: boolean;
  member: boolean;
  /** The album is deleted: in its owner's trash. */
  deleted: boolean;
}

const PERMISSION_BIT = { allow_comments: 1, allow_uploads: 2 } as const;

function holds(condition: Condition, s: Situation): boolean {
  switch (condition) {
    case 'allow_uploads':
    case 'allow_comments':
      return (s.permissions & PERMISSION_BIT[condition]) !== 0;
    case 'subscription':
      return !s.readOnlyUser;
    case 'signedIn':
      return s.signedIn;
    case 'signedOut':
      return !s.signedIn;
    case 'member':
      return s.member;
    case 'notMember':
      return !s.member;
    case 'album':
      return s.isAlbum;
    case 'shared':
      return s.shared;
    case 'inTrash':
      return s.deleted;
  }
}

/** May the caller in this situation do this? The only reader of POLICY. */
export function allows(s: Situation, action: JobAction): boolean {
  const cell = POLICY[s.role][action];
  if (cell === false || (s.deleted && !cell.includes('inTrash'))) return false;
  return cell.every((condition) => holds(condition, s));
}

/**
 * The `currentUserCan` flags of spec 000 §3 and the file flags of spec 000 §3/§6, from the
 * table. `needsSubscription` names what a read-only user would be allowed with a
 * subscription: those buttons show disabled with the subscribe tooltip (spec 000 §6).
 */
export function currentUserCan(s: Situation): CurrentUserCan {
  const flags = (x: Situation) => ({
    deleteAlbum: allows(x, 'deleteAlbum'),
    leaveAlbum: allows(x, 'leave'),
    subscribeToAlbum: allows(x, 'subscribe'),
    addPhotos: allows(x, 'addPhotos'),
    addComment: allows(x, 'addComment'),
    editAlbum: allows(x, 'rename'),
    deleteAnyFile: allows(x, 'deleteAnyFile'),
    deleteOwnFile: allows(x, 'deleteOwnFile'),
    setFileAsAlbumCoverPhoto: allows(x, 'setCover'),
    addToAlbum: allows(x, 'copyToTimeline'),
    deleteAnyComment: allows(x, 'deleteAnyComment'),
    // The web's file actions (issue #23) ask these rather than guessing from the role.
    shareFiles: allows(x, 'share'),
    downloadFiles: allows(x, 'download'),
  });
  const now = flags(s);
  if (!s.readOnlyUser) return { ...now, needsSubscription: [] };
  // As if the same user had a subscription: a read-only member would be a participant.
  const subscribed = flags({
    ...s,
    readOnlyUser: false,
    role: s.role === 'readOnly' ? (s.member ? 'participant' : 'visitor') : s.role,
  });
  const needsSubscription = (Object.keys(now) as (keyof typeof now)[]).filter(
    (key) => subscribed[key] && !now[key],
  );
  return { ...now, needsSubscription };
}

/** The role as the wire names it; `none` never reaches the wire. */
export function wireRole(role: Role): AlbumRole {
  if (role === 'sharer') return 'owner';
  return role === 'none' || role === 'recipient' || role === 'sourceOwner' ? 'visitor' : role;
}

/*
 * [Note: Operators]
 *
 * Beside the jobs, the account side has a table of its own: what a signed-in caller may do
 * that concerns no job, by account role (issue #24, spec 001 §6). An operator runs the
 * instance: the first account of an instance is one (the sign-up that claims it, in its
 * transaction), and `trove admin operator <email>` names more. Operators see accounts and
 * their usage, never their content: the operator role grants nothing in the job table above.
 * Every operator action is written to the audit log in the transaction of the action.
 * A disabled account never reaches this table: the auth plugin refuses it first.
 */
