import { randomBytes } from 'node:crypto';
import { ALBUM_AUTH_HEADER } from '@trove/contract';
import { fakeJpeg, multipart, tinyPng } from '../test/harness.ts';
import type { JobAction } from './policy.ts';
import { BILLING_ROUTES } from './route-actions.billing.test-data.ts';
import type { Session, TestApp } from '../test/harness.ts';
import type { AccountRoute, Prepared, RouteRequest } from './route-shapes.test-data.ts';

export type { AccountInput, AccountRoute, Prepared, RouteRequest } from './route-shapes.test-data.ts';

/*
 * The access matrix's map (access.routes.test.ts): every registered route that takes a job id
 * says here how to call it (a minimal valid request) and which action of the access table
 * (policy.ts, [Note: Access]) it asks for. Who may call it is not decided here but by the
 * matrix's oracle, ROUTE_RULES in access-oracle.test-data.ts, written apart from policy.ts. A
 * route registered but missing here or there fails the matrix: adding a route is one line
 * here and one line there.
 */

/** What a request of the matrix is built from: the album under test (or a missing id). */
export interface RouteInput {
  /** The job id: a fixture's, or a random missing one. */
  id: string;
  /** An active photo, an active video and a trashed photo of the job, all added by its owner. */
  photo: string;
  video: string;
  trashed: string;
  /** The caller's own tus upload in the job (a random id for callers without a token). */
  upload: string;
  /** The caller's own comment on the photo (a random id for callers who are nobody). */
  comment: string;
  /** The album auth value of the job's password (spec 000 §5), or a well-formed one. */
  albumAuth: string;
  /** A share's password as entered (spec 000 §5). */
  sharePassword: string;
}

export interface JobRoute {
  /**
   * The action of policy.ts the route asks access.ts for, for readers: what the matrix
   * expects comes from the route's rule in the oracle (ROUTE_RULES, access-oracle.test-data.ts).
   */
  action?: JobAction;
  /**
   * Instead of `action`, for readers: routes whose answer does not follow the table. 'public'
   * and 'signed' routes take no token (a signature is the credential); 'unlock' is the album
   * password submission, open to anyone holding the link of a live shared album. The oracle's
   * rule decides.
   */
  kind?: 'public' | 'signed' | 'unlock';
  /** What an 'unlock' route opens: a shared album's password (default) or a share's. */
  unlocks?: 'album' | 'share';
  /** Path parameters besides :id, :fileId (the photo) and :uploadId (the caller's upload). */
  params?: Record<string, (input: RouteInput) => string>;
  /** A minimal valid request: an allowed caller must get a 2xx or 3xx answer. */
  request?: (input: RouteInput) => RouteRequest;
  /**
   * Whether an allowed request changes the job (default: any method but GET, HEAD and
   * OPTIONS). Allowed changing requests run on a fresh copy of the album; denied ones on the
   * shared fixture, which must be unchanged afterwards.
   */
  changes?: boolean;
  /**
   * An allowed request ends the job for everyone (stopping a share): each allowed caller gets
   * a copy of its own, or the second would find it gone.
   */
  copyEach?: boolean;
  /** The cells run one at a time (the matrix runs a job's cells at once): a throttled route. */
  oneAtATime?: boolean;
  /**
   * The route names its jobs in the body, a list (the trash's albums): each job the caller may
   * not act on is answered as a missing id is, in the same 2xx answer.
   */
  jobsInBody?: boolean;
}

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');
const json = (payload: object): RouteRequest => ({ payload });
const sha1Like = () => randomBytes(20).toString('hex');
/** Publish recipients made so far: each call names a new one. */
let recipients = 0;

/**
 * Every route under /st/4/jobs/:id and /st/4/shares/:id, /poll, and the routes naming jobs in their body, keyed
 * `METHOD path` as Fastify registers it.
 */
export const JOB_ROUTES: Record<string, JobRoute> = {
  'GET /st/4/jobs/:id/info': { action: 'read', request: () => ({ query: 'include_details=1' }) },
  'POST /st/4/jobs/:id/auth': {
    kind: 'unlock',
    changes: false,
    // Password tries in flight count against the client's address (ALBUM_PASSWORD_THROTTLE).
    oneAtATime: true,
    request: (i) => ({ headers: { [ALBUM_AUTH_HEADER]: i.albumAuth } }),
  },
  'GET /st/4/jobs/:id/files': { action: 'read' },
  'GET /st/4/jobs/:id/timeline/months': { action: 'read' },
  'GET /st/4/jobs/:id/metadata/:fileId': { action: 'read' },
  'GET /st/4/jobs/:id/files_by_id/:fileId/v_check': { action: 'read', params: { fileId: (i) => i.video } },
  // Issue #27: the caller's albums holding the photo's content; reading it is what decides.
  'GET /st/4/jobs/:id/files_by_id/:fileId/albums': { action: 'read' },
  'GET /st/4/jobs/:id/files_by_id/:fileId': { kind: 'signed' },
  'DELETE /st/4/jobs/:id/files_by_id/:fileId': { action: 'deleteAnyFile' },
  // Zip downloads (issue #14): prepared by whoever may download, streamed by the signed URL.
  'POST /st/4/jobs/:id/files_as_archive': {
    action: 'download',
    request: (i) => json({ file_ids: [i.photo, i.video] }),
    changes: false,
  },
  'GET /st/4/jobs/:id/files_as_archive': { kind: 'signed' },
  // Documents (issue #14): listed by whoever reads the job; deleted (to the trash) as files are.
  'GET /st/4/jobs/:id/documents': { action: 'read' },
  'POST /st/4/jobs/:id/delete_documents': {
    action: 'deleteOwnFile',
    request: (i) => json({ file_ids: [i.photo] }),
  },
  'POST /st/4/jobs/:id/multi_rollback': {
    action: 'restoreFile',
    request: (i) => json({ file_uuids: [i.trashed] }),
  },
  'GET /st/4/jobs/:id/changes': { action: 'read', request: () => ({ query: 'since=0' }) },
  'GET /st/4/jobs/:id/changes_and_async_upload_status': {
    action: 'read',
    request: () => ({ query: 'since=0' }),
  },
  'GET /poll': { action: 'read', request: (i) => ({ query: `seq=0&event=job_changed:${i.id}` }) },
  'POST /st/4/jobs/:id/upload': {
    action: 'addPhotos',
    request: () => {
      const body = multipart(
        { path: 'Camera/new.jpg', mtime: '1700000000' },
        { filename: 'new.jpg', content: fakeJpeg(3000) },
      );
      return { headers: body.headers, payload: body.payload };
    },
  },
  'POST /st/4/jobs/:id/files_dedup': {
    action: 'addPhotos',
    request: () => json({ path: 'Camera/dedup.jpg', checksum: sha1Like() }),
  },
  'POST /st/4/jobs/:id/copy_to_timeline': {
    action: 'copyToTimeline',
    request: (i) => json({ file_uuids: [i.photo] }),
  },
  'OPTIONS /st/4/jobs/:id/uploads': { kind: 'public' },
  // Albums (issue #11, spec 000 §7 Jobs).
  'GET /st/4/jobs/:id/users': { action: 'listMembers' },
  'GET /st/4/jobs/:id/service': { action: 'read' },
  'POST /st/4/jobs/:id/name': { action: 'rename', request: () => json({ name: 'Renamed' }) },
  'POST /st/4/jobs/:id/cover': { action: 'setCover', request: (i) => json({ id: i.photo }) },
  'POST /st/4/jobs/:id/privacy_mode': { action: 'changePrivacy', request: () => json({ mode: 'private' }) },
  'POST /st/4/jobs/:id/permissions': {
    action: 'changePermissions',
    request: () => json({ allow_uploads: 0 }),
  },
  'PUT /st/4/jobs/:id/attribute/:name': {
    action: 'changeSortOrder',
    params: { name: () => 'sort_order' },
    request: () => json({ value: 'OLDEST_TAKEN' }),
  },
  // Setting the password is the owner's, like privacy: it ends every visitor's access.
  'POST /st/4/jobs/:id/password': {
    action: 'changePrivacy',
    request: (i) => json({ password: i.albumAuth }),
  },
  'POST /st/4/jobs/:id/subscribe': { action: 'subscribe' },
  'POST /st/4/jobs/:id/unsubscribe': { action: 'leave' },
  'DELETE /st/4/jobs/:id': { action: 'deleteAlbum' },
  'POST /st/4/jobs/:id/keep-all-files': { action: 'copyToTimeline' },
  'POST /st/4/jobs/:id/keep-files': {
    action: 'copyToTimeline',
    request: (i) => ({ headers: { 'content-type': 'text/plain' }, payload: `${i.photo}\n` }),
  },
  // From the album into itself: read on the source and addPhotos on the target, one job.
  'POST /st/4/jobs/:id/copy_files': {
    action: 'addPhotos',
    request: (i) => json({ source_job: i.id, file_uuids: [i.photo] }),
  },
  'POST /st/4/jobs/:id/uploads': {
    action: 'addPhotos',
    request: () => ({
      headers: {
        ...TUS,
        'upload-length': '1000',
        'upload-metadata': `path ${b64('Camera/big.jpg')},mtime ${b64('1700000000')}`,
      },
    }),
  },
  'HEAD /st/4/jobs/:id/uploads/:uploadId': { action: 'addPhotos', request: () => ({ headers: TUS }) },
  'PATCH /st/4/jobs/:id/uploads/:uploadId': {
    action: 'addPhotos',
    request: () => ({
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: fakeJpeg(100),
    }),
  },
  'DELETE /st/4/jobs/:id/uploads/:uploadId': { action: 'addPhotos', request: () => ({ headers: TUS }) },
  // Comments and loves (issue #12, spec 000 §7); each caller edits and deletes their own comment.
  'GET /st/4/jobs/:id/activity': { action: 'read' },
  'POST /st/4/jobs/:id/guests': { action: 'joinAsGuest', request: () => json({ name: 'Guest' }) },
  'GET /st/4/jobs/:id/files_by_id/:fileId/comments': { action: 'read' },
  'POST /st/4/jobs/:id/files_by_id/:fileId/comments': {
    action: 'addComment',
    request: () => json({ comment: 'Lovely <b>photo</b>' }),
  },
  'PUT /st/4/jobs/:id/files_by_id/:fileId/comments/:commentId': {
    action: 'editOwnComment',
    params: { commentId: (i) => i.comment },
    request: () => json({ comment: 'Edited' }),
  },
  'DELETE /st/4/jobs/:id/files_by_id/:fileId/comments/:commentId': {
    action: 'deleteOwnComment',
    params: { commentId: (i) => i.comment },
  },
  'POST /st/4/jobs/:id/files_by_id/:fileId/reaction': {
    action: 'react',
    request: () => json({ reaction: 'love' }),
  },
  'DELETE /st/4/jobs/:id/files_by_id/:fileId/reaction': { action: 'react' },
  // Shares (issue #15, [Note: Shares]): the page's data, the password, stop sharing; e-mail.
  'GET /st/4/shares/:id': { action: 'readShare' },
  'POST /st/4/shares/:id/auth': {
    kind: 'unlock',
    unlocks: 'share',
    changes: false,
    oneAtATime: true,
    request: (i) => json({ password: i.sharePassword }),
  },
  'DELETE /st/4/shares/:id': { action: 'stopSharing', copyEach: true },
  // A share of the job's photo, the job named in the body as its source.
  'POST /st/4/shares': {
    action: 'share',
    request: (i) => json({ source_job: i.id, file_uuids: [i.photo] }),
  },
  'POST /st/4/jobs/:id/publish': {
    action: 'publish',
    changes: false,
    // A new address each time: the same job to the same address again is refused (issue #23).
    request: () =>
      json({ to_email: `friend-${String(++recipients)}@example.com`, subject: 'Photos', locale: 'nb_NO' }),
  },
  // The trash's albums (issue #13, spec 000 §7): named in the body, each answered on its own.
  'POST /st/4/rollback_albums': {
    action: 'restoreAlbum',
    jobsInBody: true,
    request: (i) => json({ job_uuids: [i.id] }),
  },
  'DELETE /st/4/delete_albums_from_trash_can': {
    action: 'deleteAlbumForGood',
    jobsInBody: true,
    request: (i) => json({ job_uuids: [i.id] }),
  },
};

/**
 * Routes without a job that take no token. Every other route without a job must refuse a
 * caller without a token (401).
 */
export const OPEN_ROUTES: Record<string, 'public' | 'signed'> = {
  'GET /service_directory': 'public',
  'GET /brands': 'public',
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /idp/preflight': 'public',
  'GET /idp/request': 'public',
  'POST /idp/sign-in': 'public',
  'POST /idp/sign-up': 'public',
  'POST /idp/token': 'public',
  'GET /idp/oidc/callback': 'public',
  'GET /th/3/:fileId': 'signed',
  'GET /st/4/files_from_trash_as_archive': 'signed',
  // The data export's signed URL (issue #24): the POST that hands it out takes the token.
  'GET /st/4/data_protection/request_data_access': 'signed',
  // The e-mail consent calls of the unsubscribe page and of mail clients (spec 001 §7,
  // RFC 8058): a signed e-mail consent identifier is the credential, no token.
  'GET /user/email_consent': 'signed',
  'POST /user/email_consent': 'signed',
  'GET /user/email_consent/one_click': 'signed',
  'POST /user/email_consent/one_click': 'signed',
  // A profile picture's signed URL ([Note: Profile pictures]).
  'GET /st/4/profile/picture': 'signed',
  // A TV's cast receiver (issue #27, [Note: Casting]): anyone may open one (throttled per
  // address); its secret header is the credential of its poll and its report.
  'POST /st/4/cast/receivers': 'public',
  'GET /st/4/cast/receiver': 'signed',
  'POST /st/4/cast/receiver/report': 'signed',
  // The card provider's webhook (issue #25): its signature is the credential, no token.
  'POST /st/4/stripe/webhook': 'signed',
  // BILLING=sandbox: the Stripe.js stand-in and its calls; the client secret in the body is
  // the credential, as with Stripe (payments/sandbox/http.ts).
  'GET /sandbox/stripe.js': 'public',
  'POST /sandbox/setup_intents/confirm': 'public',
  'POST /sandbox/setup_intents/retrieve': 'public',
  'POST /sandbox/setup_intents/authenticate': 'public',
  'POST /sandbox/payment_intents/authenticate': 'public',
};

/** A fresh TV receiver (issue #27): its id and the code it shows. */
async function newCastReceiver(t: TestApp) {
  const response = await t.app.inject({ method: 'POST', url: '/st/4/cast/receivers' });
  return response.json<{ receiver_id: string; code: string }>();
}

/** A TV receiver paired to the caller's account. */
async function pairedCastReceiver(t: TestApp, caller: Session): Promise<Partial<Prepared>> {
  const { receiver_id, code } = await newCastReceiver(t);
  const response = await t.app.inject({
    method: 'POST',
    url: `/st/4/cast/pair?${caller.query}`,
    headers: caller.headers,
    payload: { code },
  });
  if (response.statusCode !== 200) throw new Error(`pair: ${response.body}`);
  return { castReceiver: receiver_id };
}

const aCard = {
  client_values: {
    title: 'New albums',
    illustration: 'photos',
    body: 'Albums can have a password now.',
    primary_cta: {
      label: 'Show me',
      dismiss_on_tap: true,
      web_action: { action_type: 'internal_navigation', url: '/albums' },
    },
  },
  audience: { kind: 'all' },
};

/** Every route of the account side (issue #24): how to call it. Who may is the oracle's. */
export const ACCOUNT_ROUTES: Record<string, AccountRoute> = {
  'POST /st/4/approve_tos': {
    action: 'approveTerms',
    request: (input) => ({ payload: { tos_version: input.latestVersion } }),
  },
  'GET /st/4/tos/:version': { action: 'readTerms', params: { version: (input) => input.latestVersion } },
  'GET /st/4/v2/full_screen_cards': { action: 'readCards' },
  'GET /st/4/data_protection/consent_values': { action: 'managePrivacy' },
  'POST /st/4/data_protection/consent_values': {
    action: 'managePrivacy',
    request: () => ({ payload: { key: 'face_grouping', value: true } }),
    invalid: { payload: { key: 'sell_my_data', value: true } },
  },
  'GET /st/4/data_protection/consent_history': { action: 'managePrivacy' },
  'POST /st/4/user_statistics_events': {
    action: 'managePrivacy',
    request: () => ({ payload: { events: [{ name: 'page_view' }] } }),
    invalid: { payload: { events: [{ name: 'Page View' }] } },
  },
  'POST /st/4/client_stats': {
    action: 'managePrivacy',
    request: () => ({ payload: { stats: { screen_width: 390 } } }),
    invalid: { payload: { stats: { 'Not A Name': 1 } } },
  },
  'POST /st/4/client_errors': {
    action: 'managePrivacy',
    request: () => ({
      payload: {
        name: 'TypeError',
        message: 'x is undefined',
        path: '/photos',
        client_version: '1',
        time: 1,
      },
    }),
    invalid: { payload: { name: '', message: 'x', path: '/photos', client_version: '1', time: -1 } },
  },
  'POST /st/4/full_screen_cards/:id/dismiss': { action: 'readCards', params: { id: (input) => input.card } },
  'GET /st/4/admin/users': { action: 'listUsers', invalid: { query: 'limit=0' } },
  'POST /st/4/admin/users/:id/disable': {
    action: 'disableUser',
    namesAccount: true,
    params: { id: (input) => input.account },
  },
  'POST /st/4/admin/users/:id/enable': {
    action: 'enableUser',
    namesAccount: true,
    params: { id: (input) => input.account },
  },
  'GET /st/4/admin/audit': { action: 'readAuditLog', invalid: { query: 'before=x' } },
  'POST /st/4/admin/announcements': {
    action: 'sendAnnouncement',
    request: () => ({ payload: { subject: 'News', text: 'Albums can have a password now.' } }),
    invalid: { payload: { subject: '', text: '' } },
  },
  'GET /st/4/admin/announcements': { action: 'listAnnouncements' },
  'GET /st/4/admin/terms': { action: 'publishTerms' },
  'POST /st/4/admin/terms': {
    action: 'publishTerms',
    request: (input) => ({ payload: { version: input.newVersion, texts: { en_US: 'The terms.' } } }),
    invalid: { payload: { version: 'no spaces allowed', texts: {} } },
  },
  'GET /st/4/admin/cards': { action: 'writeCard' },
  'POST /st/4/admin/cards': {
    action: 'writeCard',
    request: () => ({ payload: aCard }),
    invalid: { payload: { ...aCard, audience: { kind: 'everyone' } } },
  },
  'POST /st/4/admin/cards/:id/end': { action: 'endCard', params: { id: (input) => input.card } },
  'GET /st/4/admin/deletions': { action: 'listDeletions', invalid: { query: 'limit=0' } },
  'POST /st/4/admin/deletions/:id/restore': {
    action: 'restoreDeletion',
    params: { id: (input) => input.pendingDeletion },
  },
  'POST /st/4/admin/deletions/:id/retry': {
    action: 'retryDeletion',
    params: { id: (input) => input.failedDeletion },
  },
  'GET /st/4/admin/work_items': { action: 'listWorkItems', invalid: { query: 'offset=-1' } },
  'POST /st/4/admin/work_items/:id/retry': {
    action: 'retryWorkItem',
    params: { id: (input) => input.failedWorkItem },
  },
  // Issue #25's operator area: storage grants and read-only (as `trove admin grant|end-grant|read-only`).
  // read_only: false, so the matrix never leaves the operator of the cast read-only.
  'GET /st/4/admin/users/:id/storage': {
    action: 'readStorage',
    namesAccount: true,
    params: { id: (input) => input.account },
  },
  'POST /st/4/admin/users/:id/grants': {
    action: 'grantStorage',
    namesAccount: true,
    params: { id: (input) => input.account },
    request: () => ({ payload: { source: 'customer_service', size_gb: 5 } }),
    invalid: { payload: { source: 'gift', size_gb: -1 } },
  },
  'POST /st/4/admin/grants/:id/end': { action: 'endGrant', params: { id: (input) => input.liveGrant } },
  'POST /st/4/admin/users/:id/read_only': {
    action: 'setReadOnly',
    namesAccount: true,
    params: { id: (input) => input.account },
    request: () => ({ payload: { read_only: false } }),
    invalid: { payload: { read_only: 'yes' } },
  },
  // The caller's own profile (issue #24, spec 001 §7): never another's, so nothing names one.
  'POST /st/4/profile/picture': {
    action: 'editProfile',
    request: () => ({
      query: 'path=profile.jpg',
      ...multipart({}, { filename: 'profile.png', content: tinyPng() }),
    }),
  },
  'DELETE /st/4/profile/picture': { action: 'editProfile' },
  'GET /st/4/account_attribute': {
    action: 'editProfile',
    request: () => ({ query: 'account_attribute_key=k' }),
  },
  'POST /st/4/account_attribute': {
    action: 'editProfile',
    request: () => ({ query: 'account_attribute_key=k', payload: { value: 'v' } }),
  },
  'DELETE /st/4/account_attribute': {
    action: 'editProfile',
    request: () => ({ query: 'account_attribute_key=k' }),
  },
  // The caller's own digital legacy (spec 001 §7 digital_legacy): nothing names another's.
  'GET /st/4/digital_legacy': { action: 'manageLegacy' },
  'POST /st/4/digital_legacy': {
    action: 'manageLegacy',
    request: () => ({ payload: { choice: 'do_not_provide_content_to_anybody', language: 'en_US' } }),
  },
  // The caller's own storage grants (spec 001 §7 GET /user_grants): nothing names another's.
  'GET /st/4/user_grants': { action: 'readGrants' },
  // Casting to a TV (issue #27): the caller pairs with a code a TV shows, then controls the
  // receivers paired to their own account; nothing names another's.
  'POST /st/4/cast/pair': {
    action: 'castToReceiver',
    prepare: async (t) => ({ castCode: (await newCastReceiver(t)).code }),
    request: (input) => ({ payload: { code: input.own.castCode } }),
  },
  'GET /st/4/cast/receivers': { action: 'castToReceiver' },
  'POST /st/4/cast/receivers/:id/messages': {
    action: 'castToReceiver',
    prepare: pairedCastReceiver,
    params: { id: (input) => input.own.castReceiver },
    request: () => ({ payload: { type: 'get_receiver_state' } }),
  },
  'DELETE /st/4/cast/receivers/:id': {
    action: 'castToReceiver',
    prepare: pairedCastReceiver,
    params: { id: (input) => input.own.castReceiver },
  },
  // The caller's own plan and card (spec 001 §7 the stripe calls): route-actions.billing.test-data.ts.
  ...BILLING_ROUTES,
};
