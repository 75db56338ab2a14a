/*
 * The account table: what a signed-in caller may ask outside any job (issue #24), beside
 * the job table of policy.ts and read the same way, through one function
 * (`allowsAccount`), by account-access.ts alone.
 */

/** What a signed-in caller may ask outside any job. */
export const ACCOUNT_ACTIONS = [
  // Everyone's (spec 001 §7 approve_tos, full_screen_cards; the terms' text to approve).
  'readTerms',
  'approveTerms',
  'readCards',
  // Everyone's own privacy (spec 001 §7 consent_values, user_statistics_events, client_stats;
  // issue #24 consent_history and the test-only email_consent_id): about the caller alone.
  'managePrivacy',
  // Everyone's own profile (spec 001 §3 User profile, Account attribute; §7 profile/picture,
  // account_attribute): the picture and the attributes of the caller's account.
  'editProfile',
  // Everyone's own digital legacy (spec 001 §3 Digital legacy, §7 digital_legacy): the
  // caller's own choice and contact, never another's.
  'manageLegacy',
  // Everyone's own storage grants (spec 001 §3 Grant, §7 GET /user_grants; issue #25).
  'readGrants',
  // Everyone's own plan and card (spec 001 §3 storage plan state, §7 the stripe calls; issue
  // #25): a read-only account too, since buying a plan is how it becomes writable again.
  'manageBilling',
  // Making an album of one's own (spec 000 POST /jobs): adds to the library, which a read-only
  // account may not (spec 001 §1, §6 "users without subscription are read-only, may only join
  // albums shared with them"); joining stays a job action anyone with the link may take.
  'createAlbum',
  // Casting to a TV (spec 000 §2 "casting", §7 cast receiver messages; issue #27): pairing
  // with a receiver and controlling it. A read-only account too: it only shows what the
  // caller may read, and each queue's job is asked of the job table when it is loaded.
  'castToReceiver',
  // The operator's (issue #24). `administer`: reach the admin area at all, asked before a
  // request's input is read, so a refusal never depends on it.
  'administer',
  'listUsers',
  'disableUser',
  'enableUser',
  'readAuditLog',
  'publishTerms',
  'writeCard',
  'endCard',
  // Issue #24 "send an announcement by e-mail to users who consented".
  'sendAnnouncement',
  // The announcements sent and how far each got (issue #24: sending is queued work).
  'listAnnouncements',
  // Issue #24, RESEARCH-ACCOUNT-PAYMENTS §2.1, §3: the deletions not done (restore one in its
  // grace period, retry a failed one) and the work items that will not run by themselves.
  'listDeletions',
  'restoreDeletion',
  'retryDeletion',
  'listWorkItems',
  'retryWorkItem',
  // Issue #25's operator area: an account's storage and grants, giving and ending grants,
  // making an account read-only or writable again (as `trove admin grant|end-grant|read-only`).
  'readStorage',
  'grantStorage',
  'endGrant',
  'setReadOnly',
] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];

export const ACCOUNT_ROLES = ['operator', 'user'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/**
 * - otherAccount: the action's target is an account other than the caller's: an operator who
 *   disabled themselves would have nobody left to enable them.
 * - subscription: the caller's account is not read-only (spec 001 §6 is_read_only_user), as
 *   the job table's `subscription`.
 */
export type AccountCondition = 'otherAccount' | 'subscription';
type AccountCell = false | readonly AccountCondition[];
const always: AccountCell = [];

/** THE account table. Read a row as "an <role> may <action> when <conditions>". */
export const ACCOUNT_POLICY: Record<AccountRole, Record<AccountAction, AccountCell>> = {
  operator: {
    readTerms: always,
    approveTerms: always,
    readCards: always,
    managePrivacy: always,
    editProfile: always,
    manageLegacy: always,
    readGrants: always,
    manageBilling: always,
    createAlbum: ['subscription'],
    castToReceiver: always,
    administer: always,
    listUsers: always,
    disableUser: ['otherAccount'],
    enableUser: ['otherAccount'],
    readAuditLog: always,
    publishTerms: always,
    writeCard: always,
    endCard: always,
    sendAnnouncement: always,
    listAnnouncements: always,
    listDeletions: always,
    restoreDeletion: always,
    retryDeletion: always,
    listWorkItems: always,
    retryWorkItem: always,
    // Issue #25's operator area.
    readStorage: always,
    grantStorage: always,
    endGrant: always,
    setReadOnly: always,
  },
  user: {
    readTerms: always,
    approveTerms: always,
    readCards: always,
    managePrivacy: always,
    editProfile: always,
    manageLegacy: always,
    readGrants: always,
    manageBilling: always,
    createAlbum: ['subscription'],
    castToReceiver: always,
    administer: false,
    listUsers: false,
    disableUser: false,
    enableUser: false,
    readAuditLog: false,
    publishTerms: false,
    writeCard: false,
    endCard: false,
    sendAnnouncement: false,
    listAnnouncements: false,
    listDeletions: false,
    restoreDeletion: false,
    retryDeletion: false,
    listWorkItems: false,
    retryWorkItem: false,
    // Issue #25's operator area.
    readStorage: false,
    grantStorage: false,
    endGrant: false,
    setReadOnly: false,
  },
};

/** Who asks, as the account table sees them. */
export interface AccountSituation {
  role: AccountRole;
  /** The account the action is about is not the caller's (true when it names none). */
  otherAccount: boolean;
  /** The caller's account is read-only (spec 001 §6). */
  readOnly: boolean;
}

/** May the caller do this outside any job? The only reader of ACCOUNT_POLICY. */
export function allowsAccount(s: AccountSituation, action: AccountAction): boolean {
  const cell = ACCOUNT_POLICY[s.role][action];
  if (cell === false) return false;
  const holds: Record<AccountCondition, boolean> = {
    otherAccount: s.otherAccount,
    subscription: !s.readOnly,
  };
  return cell.every((condition) => holds[condition]);
}
