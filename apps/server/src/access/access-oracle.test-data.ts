import {
  PERMISSIONS,
  ROLE_OF,
  isShareKind,
  type AlbumKind,
  type CallerName,
} from './access-matrix.test-support.ts';

/*
 * The access matrix's oracle (access.routes.test.ts): who may call each route, written once
 * more from the spec, apart from the production table (policy.ts, [Note: Access]), so a wrong
 * cell there fails the matrix instead of being copied into its expectations. Nothing here may
 * import policy.ts or access.ts.
 *
 * Adding a route: one line in ROUTE_RULES below, `'METHOD /path': 'rule'`, naming the rule of
 * RULES that says who may call it (the route's request goes in JOB_ROUTES of
 * route-actions.test-data.ts as before). Only when no rule fits, add one to RULES, in the
 * spec's words, with a comment citing the section it comes from. A route of the matrix
 * without a line here fails the matrix, naming it.
 */

/** Who a caller is to a job, in the spec's words (spec 000 §6, 001 §6). */
export type Who =
  /** The album's or the timeline's owner (spec 000 §6 "Album owner"). */
  | 'owner'
  /** A subscribed member with a subscription (spec 000 §6 "Other participants"). */
  | 'participant'
  /** A subscribed member without a subscription (spec 000 §6 "Read-only user", 001 §6). */
  | 'readOnlyMember'
  /** Signed in with a subscription, opened the album by its link, not a member. */
  | 'signedInVisitor'
  /** Signed in without a subscription, opened the album by its link, not a member. */
  | 'readOnlyVisitor'
  /** Not signed in, opened the album by its link (spec 000 §6 "Visitor"). */
  | 'signedOutVisitor'
  /** A signed-out visitor who gave a name to comment (spec 000 §6 "Visitor"). */
  | 'guest'
  /** The share's owner (spec 000 §6 "Share owner"). */
  | 'shareOwner'
  /** The owner of the album a participant made the share from (issue #23). */
  | 'sourceAlbumOwner'
  /** Anyone else holding the share's link: with a subscription, without one, signed out. */
  | 'recipient'
  | 'readOnlyRecipient'
  | 'signedOutRecipient';

/** The job as the rules see it. */
export interface Job {
  type: 'album' | 'timeline' | 'share';
  /** Permission bits (spec 000 §9: comments 1, uploads 2). */
  allowComments: boolean;
  allowUploads: boolean;
  /** privacy_mode shared (spec 000 §3 isShared). */
  shared: boolean;
  /** In its owner's trash (spec 000 §3 "Deleted album", §4 Trash). */
  deleted: boolean;
}

type Condition = true | ((job: Job) => boolean);
interface Rule {
  /** Who may, and when; nobody else may. */
  may: Partial<Record<Who, Condition>>;
  /**
   * The rule is about deleted albums, and only about them. Every other rule allows nothing on
   * a deleted album: it only comes back or goes (spec 000 §3 "Deleted album", §4 Trash,
   * issue #13).
   */
  deletedOnly?: true;
}

const onAlbum = (job: Job) => job.type === 'album';
const ifUploads = (job: Job) => job.allowUploads;
const ifComments = (job: Job) => job.allowComments;
const onSharedAlbum = (job: Job) => onAlbum(job) && job.shared;

/** Everyone an album or a timeline lets in: its people, and those holding its link. */
const EVERYONE_IN_ALBUM = {
  owner: true,
  participant: true,
  readOnlyMember: true,
  signedInVisitor: true,
  readOnlyVisitor: true,
  signedOutVisitor: true,
  guest: true,
} as const;

/** Everyone a job lets in, a share's people too (spec 000 §6, 001 §6). */
const EVERYONE_IN = {
  ...EVERYONE_IN_ALBUM,
  shareOwner: true,
  sourceAlbumOwner: true,
  recipient: true,
  readOnlyRecipient: true,
  signedOutRecipient: true,
} as const;

/** Everyone a job lets in who is signed in: an account's own things can be asked of. */
const SIGNED_IN = {
  owner: true,
  participant: true,
  readOnlyMember: true,
  signedInVisitor: true,
  readOnlyVisitor: true,
  shareOwner: true,
  sourceAlbumOwner: true,
  recipient: true,
  readOnlyRecipient: true,
} as const;

/** Those who take part in an album under a name: they comment, love and edit their words. */
const NAMED_IN_ALBUM = {
  participant: true,
  readOnlyMember: true,
  signedInVisitor: true,
  readOnlyVisitor: true,
  guest: true,
} as const;

/** The rules, one per kind of request. Read each as "<who> may <rule> [when <condition>]". */
export const RULES = {
  // spec 000 §6 Visitor "may open shared albums and shares … view, download"; 001 §6 guests
  // view shared albums and shares; §6 "Logged-in user with subscription: full access".
  see: { may: EVERYONE_IN },
  download: { may: EVERYONE_IN },
  // Issue #27: which of the caller's own albums hold a file they see (the photo editor puts
  // its copy there too); a question an account asks, so only callers signed in.
  seeSignedIn: { may: SIGNED_IN },
  // spec 000 §3 Album: contributors and participant_count. A share has no members (§3 Share).
  seeContributors: { may: EVERYONE_IN_ALBUM },
  // spec 000 §6 Album owner "add photos"; the timeline is its owner's own (spec 000 §1).
  // Other participants "add photos only if allow_uploads". Read-only users: "upload buttons …
  // disabled" (000 §6, 001 §6). A visitor "adding photos prompts register or sign in" and
  // a signed-in one subscribes first ("a non-subscribed non-owner can subscribe").
  addPhotos: { may: { owner: true, participant: ifUploads } },
  // spec 000 §6 Album owner "delete any file"; §6 "Delete file: in the timeline for
  // logged-in users" (their own timeline). Used with a file the owner added.
  deleteAnyonesFile: { may: { owner: true } },
  // spec 000 §6 Other participants "delete their own files"; visitors add none. A route that
  // answers each file on its own (delete_documents) lets every member ask.
  deleteOwnFiles: { may: { owner: true, participant: true, readOnlyMember: true } },
  // spec 000 §6 "undo of deleted files is offered only to the job owner"; 001 §6 read-only:
  // "restore actions disabled" (the cast's owner has a subscription).
  restoreFiles: { may: { owner: true } },
  // spec 000 §6 Other participants "comment only if allow_comments" (the owner is not bound
  // by it); Visitor "comment after giving a name or continuing as guest" — signed out without
  // a name, "commenting prompts register or sign in". Read-only users are not kept from
  // commenting (000 §6 lists what is disabled for them), and take part in albums shared
  // with them. The timeline and shares have no comments (spec 000 §3: comments are an album's).
  comment: {
    may: {
      owner: onAlbum,
      participant: ifComments,
      readOnlyMember: ifComments,
      signedInVisitor: ifComments,
      readOnlyVisitor: ifComments,
      guest: ifComments,
    },
  },
  // spec 000 §6 "editing: author only"; "Deleting a comment: author or album owner". Used
  // with the caller's own comment.
  editOwnComment: { may: { owner: onAlbum, ...NAMED_IN_ALBUM } },
  deleteOwnComment: { may: { owner: onAlbum, ...NAMED_IN_ALBUM } },
  // spec 000 §3 Reaction "per file and per user": a love stands under a name, an account's
  // or a guest's (SPEC-DEVIATIONS "guest commenters"); not bound to allow_comments.
  love: { may: { owner: onAlbum, ...NAMED_IN_ALBUM } },
  // spec 000 §6 "A non-subscribed non-owner can subscribe"; signed in, since subscribing
  // makes an account a member; read-only users "may only take part in albums shared with them".
  subscribe: { may: { signedInVisitor: true, readOnlyVisitor: true } },
  // spec 000 §6 Other participants "may leave the album if subscribed"; the owner cannot.
  leave: { may: { participant: true, readOnlyMember: true } },
  // spec 000 §6 Visitor "comment after giving a name or continuing as guest"; a signed-in
  // caller is never a guest, and a new name is a new guest (SPEC-DEVIATIONS "guest commenters").
  becomeGuest: { may: { signedOutVisitor: true, guest: true } },
  // spec 000 §6 Album owner: "rename, set cover, change sort order, privacy (shared/private),
  // allow_comments, allow_uploads, delete album"; the album password goes with privacy
  // (SPEC-DEVIATIONS "album password"). An album's only: the timeline is none of these.
  manageAlbum: { may: { owner: onAlbum } },
  // spec 000 §6 "Logged-in user with subscription: full access"; Share owner "Logged-in users
  // may add share files to the timeline; logged-out users are prompted to log in"; read-only
  // users: "add to timeline … disabled" (000 §6). The owner adds from an album: from the
  // timeline there is nowhere to add to.
  addToTimeline: {
    may: {
      owner: onAlbum,
      participant: true,
      signedInVisitor: true,
      shareOwner: true,
      // Issue #23: what a recipient with a subscription may (the cast's owner has one).
      sourceAlbumOwner: true,
      recipient: true,
    },
  },
  // spec 000 §7 rollback_albums and delete_albums_from_trash_can; §4 "Albums in trash are
  // also kept 90 days"; §6 "Trash is for the user's own files". Read-only users cannot
  // restore (001 §6); the cast's owner has a subscription.
  restoreAlbum: { may: { owner: onAlbum }, deletedOnly: true },
  deleteAlbumForGood: { may: { owner: onAlbum }, deletedOnly: true },
  // A share is made from one's timeline or from an album by its members who may share: the
  // owner and participants (issue #23 point 1). Read-only users never share (000 §6 "share
  // … disabled", 001 §6); visitors, signed in or not, share nothing of an album that is not
  // theirs (000 §6 "sharing as an album … blocked" for visitors). A share is no source.
  makeShare: { may: { owner: true, participant: true } },
  // spec 000 §7 publish (the e-mail call): an album invite by its members who may share, to a
  // shared album only (000 §5 "share-to-album lists only shared albums"); a share sent by its
  // owner (000 §3 Share "email payload"). Visitors and read-only users: as makeShare.
  sendByEmail: { may: { owner: onSharedAlbum, participant: onSharedAlbum, shareOwner: true } },
  // spec 000 §3 Share, §2 share page: the share's page is its link's, never an album's.
  openSharePage: {
    may: {
      shareOwner: true,
      sourceAlbumOwner: true,
      recipient: true,
      readOnlyRecipient: true,
      signedOutRecipient: true,
    },
  },
  // spec 000 §6 Share owner "sees stop sharing"; Visitor "cannot stop a share". Issue #23
  // ("My shared links … who made it, and Stop sharing"): the owner of the album a member
  // shared from stops it too; a share of one's album must not live on against one's wish.
  stopSharing: { may: { shareOwner: true, sourceAlbumOwner: true } },
} satisfies Record<string, Rule>;

/**
 * Rules the table of roles does not decide:
 * - unlockAlbum: anyone holding the link of a live shared album may give its password (spec
 *   000 §5, §4 PASSWORD_REQUIRED); a private, deleted or missing album, a timeline or a
 *   share has none to give.
 * - unlockShare: likewise for a live share (spec 000 §3 Share "optional password"); a
 *   stopped or expired one is gone (§9 "Share link lifetime 30 days").
 * - public: answers anyone, token or not (CORS preflight).
 * - signed: the URL is the credential (signed media, SPEC-DEVIATIONS "media URLs").
 */
export type SpecialRule = 'unlockAlbum' | 'unlockShare' | 'public' | 'signed';
export type RuleName = keyof typeof RULES | SpecialRule;

const LIVE_ALBUMS: readonly AlbumKind[] = ['shared0', 'shared1', 'shared2', 'shared3', 'password'];
const LIVE_SHARES: readonly AlbumKind[] = ['share', 'sharePassword', 'albumShare'];

/** May a caller holding the link give the password of this fixture (see SpecialRule)? */
export const mayUnlock = (rule: 'unlockAlbum' | 'unlockShare', album: AlbumKind) =>
  (rule === 'unlockShare' ? LIVE_SHARES : LIVE_ALBUMS).includes(album);

/** Every route of the matrix and the rule that decides who may call it: one line each. */
export const ROUTE_RULES: Record<string, RuleName> = {
  'GET /st/4/jobs/:id/info': 'see',
  'POST /st/4/jobs/:id/auth': 'unlockAlbum',
  'GET /st/4/jobs/:id/files': 'see',
  'GET /st/4/jobs/:id/timeline/months': 'see',
  'GET /st/4/jobs/:id/metadata/:fileId': 'see',
  'GET /st/4/jobs/:id/files_by_id/:fileId/v_check': 'see',
  'GET /st/4/jobs/:id/files_by_id/:fileId/albums': 'seeSignedIn',
  'GET /st/4/jobs/:id/files_by_id/:fileId': 'signed',
  'DELETE /st/4/jobs/:id/files_by_id/:fileId': 'deleteAnyonesFile',
  'POST /st/4/jobs/:id/files_as_archive': 'download',
  'GET /st/4/jobs/:id/files_as_archive': 'signed',
  'GET /st/4/jobs/:id/documents': 'see',
  'POST /st/4/jobs/:id/delete_documents': 'deleteOwnFiles',
  'POST /st/4/jobs/:id/multi_rollback': 'restoreFiles',
  'GET /st/4/jobs/:id/changes': 'see',
  'GET /st/4/jobs/:id/changes_and_async_upload_status': 'see',
  'GET /poll': 'see',
  'POST /st/4/jobs/:id/upload': 'addPhotos',
  'POST /st/4/jobs/:id/files_dedup': 'addPhotos',
  'POST /st/4/jobs/:id/copy_to_timeline': 'addToTimeline',
  'OPTIONS /st/4/jobs/:id/uploads': 'public',
  'GET /st/4/jobs/:id/users': 'seeContributors',
  'GET /st/4/jobs/:id/service': 'see',
  'POST /st/4/jobs/:id/name': 'manageAlbum',
  'POST /st/4/jobs/:id/cover': 'manageAlbum',
  'POST /st/4/jobs/:id/privacy_mode': 'manageAlbum',
  'POST /st/4/jobs/:id/permissions': 'manageAlbum',
  'PUT /st/4/jobs/:id/attribute/:name': 'manageAlbum',
  'POST /st/4/jobs/:id/password': 'manageAlbum',
  'POST /st/4/jobs/:id/subscribe': 'subscribe',
  'POST /st/4/jobs/:id/unsubscribe': 'leave',
  'DELETE /st/4/jobs/:id': 'manageAlbum',
  'POST /st/4/jobs/:id/keep-all-files': 'addToTimeline',
  'POST /st/4/jobs/:id/keep-files': 'addToTimeline',
  // From the album into itself: adding photos is what decides.
  'POST /st/4/jobs/:id/copy_files': 'addPhotos',
  'POST /st/4/jobs/:id/uploads': 'addPhotos',
  'HEAD /st/4/jobs/:id/uploads/:uploadId': 'addPhotos',
  'PATCH /st/4/jobs/:id/uploads/:uploadId': 'addPhotos',
  'DELETE /st/4/jobs/:id/uploads/:uploadId': 'addPhotos',
  'GET /st/4/jobs/:id/activity': 'see',
  'POST /st/4/jobs/:id/guests': 'becomeGuest',
  'GET /st/4/jobs/:id/files_by_id/:fileId/comments': 'see',
  'POST /st/4/jobs/:id/files_by_id/:fileId/comments': 'comment',
  'PUT /st/4/jobs/:id/files_by_id/:fileId/comments/:commentId': 'editOwnComment',
  'DELETE /st/4/jobs/:id/files_by_id/:fileId/comments/:commentId': 'deleteOwnComment',
  'POST /st/4/jobs/:id/files_by_id/:fileId/reaction': 'love',
  'DELETE /st/4/jobs/:id/files_by_id/:fileId/reaction': 'love',
  'GET /st/4/shares/:id': 'openSharePage',
  'POST /st/4/shares/:id/auth': 'unlockShare',
  'DELETE /st/4/shares/:id': 'stopSharing',
  // The job is the share's source, named in the body.
  'POST /st/4/shares': 'makeShare',
  'POST /st/4/jobs/:id/publish': 'sendByEmail',
  'POST /st/4/rollback_albums': 'restoreAlbum',
  'DELETE /st/4/delete_albums_from_trash_can': 'deleteAlbumForGood',
};

/**
 * Cells where the code does not yet answer what the oracle says, each until the branch that
 * fixes it is merged: the matrix holds the code to its present answer there, and fails the
 * day the fix lands, asking for the entry to go. Keep it empty otherwise.
 */
export const PENDING_DIFFERENCES: readonly { route: string; who: Who; now: 'allowed' | 'denied' }[] = [];

/** How a caller reaches a job before any rule is asked (spec 000 §4 job info errors). */
export type Gate =
  /** A token that is no token: 401 whatever the job (spec 000 §7 sign-out on 401). */
  | 'unauthorized'
  /** Answered exactly as a missing id is (SPEC-DEVIATIONS "job info errors"). */
  | 'missing'
  /** A password album, or share, without its grant: 403 password_required (spec 000 §4). */
  | 'password'
  /** A member of a deleted album: 403 secured_job, "recently deleted" (spec 000 §4). */
  | 'secured';

/** The job each kind of fixture is; undefined for a missing id. */
export function jobOf(album: AlbumKind): Job | undefined {
  if (album === 'missing') return undefined;
  const bits = PERMISSIONS[album];
  return {
    type: album === 'timeline' ? 'timeline' : isShareKind(album) ? 'share' : 'album',
    allowComments: (bits & 1) !== 0,
    allowUploads: (bits & 2) !== 0,
    shared: album !== 'private' && album !== 'timeline',
    deleted: album === 'deleted',
  };
}

/**
 * Who the caller is to the job, or the gate that stops them first. Spec 000 §4 (password
 * required, recently deleted, not found), §6 (roles); a private album or a timeline is its
 * owner's alone, as is a deleted album, kept to restore or delete for good (issue #13); a
 * stopped or expired share is nobody's, its owner's neither (issue #15).
 */
export function whoIs(caller: CallerName, album: AlbumKind): Who | Gate {
  const facts = ROLE_OF[caller];
  if (facts.token === 'bad') return 'unauthorized';
  if (album === 'missing' || album === 'shareExpired' || album === 'shareStopped') return 'missing';
  const signedIn = facts.token === undefined;
  const subscription = facts.readOnly !== true;
  const hasGrant = facts.grant === 'right';
  if (isShareKind(album)) {
    // The album share was made by the participant from the owner's album (issue #23): its
    // album's owner needs no password, since it shows nothing their album does not.
    if (album === 'albumShare') {
      if (caller === 'participant') return 'shareOwner';
      if (caller === 'owner') return 'sourceAlbumOwner';
    } else if (caller === 'owner') return 'shareOwner';
    if ((album === 'sharePassword' || album === 'albumShare') && !hasGrant) return 'password';
    if (!signedIn) return 'signedOutRecipient';
    return subscription ? 'recipient' : 'readOnlyRecipient';
  }
  if (caller === 'owner') return 'owner';
  const member = facts.member === 1 && album !== 'timeline';
  if (album === 'deleted') return member ? 'secured' : 'missing';
  if (album === 'private' || album === 'timeline') return 'missing';
  if (member) return subscription ? 'participant' : 'readOnlyMember';
  if (album === 'password' && !hasGrant) return 'password';
  if (facts.guest) return 'guest';
  if (!signedIn) return 'signedOutVisitor';
  return subscription ? 'signedInVisitor' : 'readOnlyVisitor';
}

const GATES: readonly string[] = ['unauthorized', 'missing', 'password', 'secured'];
export const isGate = (standing: Who | Gate): standing is Gate => GATES.includes(standing);

/** May `who` do what `rule` is about, on `job`? */
export function mayDo(rule: keyof typeof RULES, who: Who, job: Job): boolean {
  const { may, deletedOnly } = RULES[rule] as Rule;
  if (job.deleted !== (deletedOnly === true)) return false;
  const condition = may[who];
  if (condition === undefined) return false;
  return condition === true || condition(job);
}

/*
 * The account side's oracle (account-access.routes.test.ts): who may call the routes that
 * concern no job, written from the spec and issue #24 apart from ACCOUNT_POLICY in account-policy.ts
 * ([Note: Operators]). Adding such a route: its request in ACCOUNT_ROUTES of
 * route-actions.test-data.ts, and one line in ACCOUNT_ROUTE_RULES below.
 */

/** Who a caller is to the account side (spec 001 §6, issue #24). */
export type AccountWho =
  /** An operator: the instance's first account, or one the CLI named (issue #24). */
  | 'operator'
  /** A signed-in account with a subscription (spec 001 §6 "full access"). */
  | 'subscriber'
  /** A signed-in account without one (spec 001 §6 is_read_only_user). */
  | 'readOnlyUser';

/** Whether a rule holds of a caller acting on their own account or on another's. */
type AccountCondition = true | 'onOthers';

export const ACCOUNT_RULES = {
  // spec 001 §7 approve_tos, full_screen_cards and dismiss; §4 modal queue: every signed-in
  // account is asked to accept the terms and shown the cards meant for it.
  everyAccount: { operator: true, subscriber: true, readOnlyUser: true },
  // Issue #24 "an admin area in the web client for users marked operator": users with usage,
  // the audit log, terms and cards are the operator's alone.
  operatorOnly: { operator: true },
  // Issue #24 "disable and enable": an operator's, on another account than their own (an
  // operator who disabled themselves would leave nobody to enable them).
  operatorOnOthers: { operator: 'onOthers' },
} satisfies Record<string, Partial<Record<AccountWho, AccountCondition>>>;

/** Every route of the account side and the rule that decides who may call it. */
export const ACCOUNT_ROUTE_RULES: Record<string, keyof typeof ACCOUNT_RULES> = {
  'POST /st/4/approve_tos': 'everyAccount',
  'GET /st/4/tos/:version': 'everyAccount',
  'GET /st/4/v2/full_screen_cards': 'everyAccount',
  'POST /st/4/full_screen_cards/:id/dismiss': 'everyAccount',
  // spec 001 §2 Privacy and consent page, §7: every account sets its own consents and sends
  // its own usage events and client stats; issue #24: reads its own consent history.
  'GET /st/4/data_protection/consent_values': 'everyAccount',
  'POST /st/4/data_protection/consent_values': 'everyAccount',
  'GET /st/4/data_protection/consent_history': 'everyAccount',
  'POST /st/4/user_statistics_events': 'everyAccount',
  'POST /st/4/client_stats': 'everyAccount',
  // spec 001 §8: every account reports its own app crashes.
  'POST /st/4/client_errors': 'everyAccount',
  'GET /st/4/admin/users': 'operatorOnly',
  'POST /st/4/admin/users/:id/disable': 'operatorOnOthers',
  'POST /st/4/admin/users/:id/enable': 'operatorOnOthers',
  'GET /st/4/admin/audit': 'operatorOnly',
  // Issue #24 "send an announcement by e-mail to users who consented": the operator's.
  'POST /st/4/admin/announcements': 'operatorOnly',
  // The announcements sent and their progress: the operator's, as sending them is.
  'GET /st/4/admin/announcements': 'operatorOnly',
  'GET /st/4/admin/terms': 'operatorOnly',
  'POST /st/4/admin/terms': 'operatorOnly',
  'GET /st/4/admin/cards': 'operatorOnly',
  'POST /st/4/admin/cards': 'operatorOnly',
  'POST /st/4/admin/cards/:id/end': 'operatorOnly',
  // Issue #24 (RESEARCH-ACCOUNT-PAYMENTS §2.1, §3): the deletion queue with restore and retry,
  // and the failed and stuck work items with retry, are the operator's.
  'GET /st/4/admin/deletions': 'operatorOnly',
  'POST /st/4/admin/deletions/:id/restore': 'operatorOnly',
  'POST /st/4/admin/deletions/:id/retry': 'operatorOnly',
  'GET /st/4/admin/work_items': 'operatorOnly',
  'POST /st/4/admin/work_items/:id/retry': 'operatorOnly',
  // Issue #25's operator area "grant and end grants": an account's storage, its grants and its
  // read-only flag are the operator's to see and change, their own account's too (the command
  // line may as well).
  'GET /st/4/admin/users/:id/storage': 'operatorOnly',
  'POST /st/4/admin/users/:id/grants': 'operatorOnly',
  'POST /st/4/admin/grants/:id/end': 'operatorOnly',
  'POST /st/4/admin/users/:id/read_only': 'operatorOnly',
  // spec 001 §3 User profile, Account attribute: every account keeps its own.
  'POST /st/4/profile/picture': 'everyAccount',
  'DELETE /st/4/profile/picture': 'everyAccount',
  'GET /st/4/account_attribute': 'everyAccount',
  'POST /st/4/account_attribute': 'everyAccount',
  'DELETE /st/4/account_attribute': 'everyAccount',
  // spec 001 §3 Digital legacy, §7 digital_legacy: every account reads and sets its own.
  'GET /st/4/digital_legacy': 'everyAccount',
  'POST /st/4/digital_legacy': 'everyAccount',
  // spec 001 §3 Grant, §7 GET /user_grants: every account reads its own grants.
  'GET /st/4/user_grants': 'everyAccount',
  // spec 000 §2 album view and carousel "casting", §7 cast receiver messages: every account,
  // a read-only one too (it only shows what it may read), pairs and controls its own TVs.
  'POST /st/4/cast/pair': 'everyAccount',
  'GET /st/4/cast/receivers': 'everyAccount',
  'POST /st/4/cast/receivers/:id/messages': 'everyAccount',
  'DELETE /st/4/cast/receivers/:id': 'everyAccount',
  // spec 001 §3 storage plan state, §7: every account reads the plans on sale and keeps its
  // own card and plan, a read-only one too (a plan is how it writes again).
  'GET /st/4/stripe/config': 'everyAccount',
  'GET /st/4/stripe_products': 'everyAccount',
  'GET /st/4/stripe/subscriptions': 'everyAccount',
  'POST /st/4/stripe/create_customer': 'everyAccount',
  // spec 001 §7 customer_exists, create_setup_intent, finish_setup_intent, stripe_payment_method:
  // the card the caller pays with is their own to see, set and (issue #25) remove.
  'GET /st/4/stripe/customer_exists': 'everyAccount',
  'POST /st/4/stripe/create_setup_intent': 'everyAccount',
  'POST /st/4/stripe/finish_setup_intent': 'everyAccount',
  'GET /st/4/stripe_payment_method': 'everyAccount',
  'DELETE /st/4/stripe_payment_method': 'everyAccount',
  // spec 001 §7 PUT and POST /stripe/v1/purchase, §4 subscription actions: every account buys
  // and changes its own plan (§4 modal queue: the read-only one is asked to), and cancels,
  // reactivates or drops the upcoming plan through its grant's links (§3 Grant _links).
  'POST /st/4/stripe/v1/purchase': 'everyAccount',
  'PUT /st/4/stripe/v1/purchase': 'everyAccount',
  'POST /st/4/stripe/subscriptions/:id/cancel': 'everyAccount',
  'POST /st/4/stripe/subscriptions/:id/reactivate': 'everyAccount',
  'POST /st/4/stripe/subscriptions/:id/cancel_upcoming': 'everyAccount',
};

/** May `who` call a route of `rule`, about their own account (`self`) or another's? */
export function mayOnAccount(rule: keyof typeof ACCOUNT_RULES, who: AccountWho, self: boolean): boolean {
  const condition = (ACCOUNT_RULES[rule] as Partial<Record<AccountWho, AccountCondition>>)[who];
  if (condition === undefined) return false;
  return condition === true || !self;
}
