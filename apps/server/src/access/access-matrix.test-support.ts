import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { signUp, type Session, type TestApp } from '../test/harness.ts';
import type { Situation } from './policy.ts';

/*
 * The cast and the albums of the access matrix (access.routes.test.ts). What each cell should
 * answer is the oracle's (access-oracle.test-data.ts), written from the spec apart from
 * policy.ts; `standing` below is the caller's situation in policy.ts's terms, for tests that
 * ask the production table.
 */

/** Every route the app registered, as `METHOD path`; HEAD only where it is not GET's twin. */
export function registeredRoutes(app: FastifyInstance): string[] {
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods] = match;
    const depth = indent.length / 4;
    const full = (prefixes[depth - 1] ?? '') + segment;
    prefixes[depth] = full;
    prefixes.length = depth + 1;
    const list = methods?.split(', ') ?? [];
    for (const method of list) {
      if (method === 'HEAD' && list.includes('GET')) continue;
      routes.push(`${method} ${full}`);
    }
  }
  return routes;
}

/** Routes of one job: the path names a job id, or it is the poll host's wait. */
export const takesJob = (route: string) =>
  / \/st\/4\/(jobs|shares)\/:id(\/|$)/.test(route) || route === 'GET /poll';

export const SIGNED_IN = [
  'owner',
  'participant',
  'readOnlyMember',
  'formerMember',
  'stranger',
  'strangerWithGrant',
  'readOnlyStranger',
] as const;
export const CALLERS = [
  ...SIGNED_IN,
  'visitor',
  'visitorWithGrant',
  'visitorWrongGrant',
  'guest',
  'badToken',
] as const;
export type CallerName = (typeof CALLERS)[number];
type SignedIn = (typeof SIGNED_IN)[number];

/** Who each caller is: membership of every album of the cast, read-only account, grant held. */
export const ROLE_OF: Record<
  CallerName,
  { member?: 0 | 1; readOnly?: boolean; grant?: 'right' | 'wrong'; token?: 'none' | 'bad'; guest?: true }
> = {
  owner: {},
  participant: { member: 1 },
  readOnlyMember: { member: 1, readOnly: true },
  formerMember: { member: 0 },
  stranger: {},
  strangerWithGrant: { grant: 'right' },
  readOnlyStranger: { readOnly: true },
  visitor: { token: 'none' },
  visitorWithGrant: { token: 'none', grant: 'right' },
  visitorWrongGrant: { token: 'none', grant: 'wrong' },
  // A visitor who gave a name to comment ([Note: Guests]), with the album's grant.
  guest: { token: 'none', grant: 'right', guest: true },
  badToken: { token: 'bad' },
};

export const ALBUMS = [
  'shared0',
  'shared1',
  'shared2',
  'shared3',
  'password',
  'private',
  'deleted',
  'timeline',
  // Shares (issue #15): live, with a password, past their 30 days, stopped by their owner;
  // and one with a password the participant made from the owner's album (issue #23).
  'share',
  'sharePassword',
  'shareExpired',
  'shareStopped',
  'albumShare',
  'missing',
] as const;
export type AlbumKind = (typeof ALBUMS)[number];
const SHARES: readonly AlbumKind[] = ['share', 'sharePassword', 'shareExpired', 'shareStopped', 'albumShare'];
export const isShareKind = (kind: AlbumKind) => SHARES.includes(kind);

/** Each fixture's permission bits (spec 000 §9: comments 1, uploads 2). */
export const PERMISSIONS: Record<AlbumKind, number> = {
  shared0: 0,
  shared1: 1,
  shared2: 2,
  shared3: 3,
  password: 3,
  private: 3,
  deleted: 3,
  timeline: 0,
  share: 0,
  sharePassword: 0,
  shareExpired: 0,
  shareStopped: 0,
  albumShare: 0,
  missing: 0,
};
export const PASSWORD = 'open sesame';

export type Cast = Record<SignedIn, Session>;

export async function createCast(t: TestApp): Promise<Cast> {
  const cast = {} as Cast;
  for (const name of SIGNED_IN) cast[name] = await signUp(t.app, { name });
  await t.database.db
    .updateTable('users')
    .set({ is_read_only: 1 })
    .where('id', 'in', [cast.readOnlyMember.userId, cast.readOnlyStranger.userId])
    .execute();
  return cast;
}

export interface Album {
  kind: AlbumKind;
  id: string;
  owner: Session;
  photo: string;
  video: string;
  trashed: string;
  albumAuth: string;
  /** A share's password as entered (spec 000 §5), or one it does not have. */
  sharePassword: string;
  /** Grants issued while the album was shared (private and deleted ones were, first). */
  grant: string | null;
  /** Each signed-in caller's own tus upload in the job. */
  uploads: Partial<Record<CallerName, string>>;
  /** The guest token given while the album was shared. */
  guestToken: string | null;
  /** Each caller's own comment on the photo: the signed-in callers' and the guest's. */
  comments: Partial<Record<CallerName, string>>;
}

/** A client address of its own (10.x.y.z) for one request. */
export function randomAddress(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `10.${String(a)}.${String(b)}.${String(c)}`;
}

/** How the caller stands in the album, by the rules of the brief (spec 000 §4, §6). */
export type Standing =
  | { kind: 'missing' }
  | { kind: 'unauthorized' }
  | { kind: 'password' }
  | { kind: 'secured' }
  | { kind: 'role'; situation: Situation };

export function standing(caller: CallerName, album: AlbumKind): Standing {
  const who = ROLE_OF[caller];
  if (who.token === 'bad') return { kind: 'unauthorized' };
  if (album === 'missing') return { kind: 'missing' };
  const isOwner = caller === 'owner';
  const subscribed = who.member === 1 && album !== 'timeline';
  const signedIn = who.token === undefined;
  const readOnlyUser = who.readOnly === true;
  const deleted = album === 'deleted';
  if (isShareKind(album)) {
    // A share is its link's: no members, no deleted state; stopped or expired, nobody's.
    if (album === 'shareExpired' || album === 'shareStopped') return { kind: 'missing' };
    const share = {
      isAlbum: false,
      shared: true,
      permissions: 0,
      signedIn,
      readOnlyUser,
      deleted,
      member: false,
    };
    const maker = album === 'albumShare' ? caller === 'participant' : isOwner;
    if (maker) return { kind: 'role', situation: { ...share, role: 'sharer' } };
    if (album === 'albumShare' && isOwner)
      return { kind: 'role', situation: { ...share, role: 'sourceOwner' } };
    if ((album === 'sharePassword' || album === 'albumShare') && who.grant !== 'right')
      return { kind: 'password' };
    return { kind: 'role', situation: { ...share, role: 'recipient' } };
  }
  const base = {
    isAlbum: album !== 'timeline',
    shared: album !== 'private' && album !== 'timeline',
    permissions: PERMISSIONS[album],
    signedIn,
    readOnlyUser,
    deleted,
  };
  // A deleted album stays its owner's, to restore or delete for good (issue #13).
  if (isOwner) return { kind: 'role', situation: { ...base, role: 'owner', member: false } };
  if (deleted) return subscribed ? { kind: 'secured' } : { kind: 'missing' };
  if (album === 'private' || album === 'timeline') return { kind: 'missing' };
  if (subscribed)
    return {
      kind: 'role',
      situation: { ...base, role: readOnlyUser ? 'readOnly' : 'participant', member: true },
    };
  if (album === 'password' && who.grant !== 'right') return { kind: 'password' };
  const role = who.guest ? 'guest' : signedIn && readOnlyUser ? 'readOnly' : 'visitor';
  return { kind: 'role', situation: { ...base, role, member: false } };
}

/** The caller's credentials for a request about `album` (`wrongGrant`: another album's grant). */
export function credentials(
  caller: CallerName,
  cast: Cast,
  album: Album,
  wrongGrant: string | null,
): { query: string; headers: Record<string, string> } {
  const who = ROLE_OF[caller];
  const grant = who.grant === 'right' ? album.grant : who.grant === 'wrong' ? wrongGrant : null;
  const foreign: Record<string, string> = grant ? { 'x-foreign-auth': grant } : {};
  if (who.guest && album.guestToken) foreign['x-guest-auth'] = album.guestToken;
  if (who.token === 'none') return { query: cast.owner.query, headers: foreign };
  if (who.token === 'bad') {
    const basic = Buffer.from('token:not-a-token').toString('base64');
    return { query: cast.owner.query, headers: { ...foreign, authorization: `Basic ${basic}` } };
  }
  const session = caller === 'owner' ? album.owner : cast[caller as SignedIn];
  return { query: session.query, headers: { ...foreign, ...session.headers } };
}

/** Everything an album is made of, and the counts of every table a request could change. */
export async function snapshot(t: TestApp, jobId: string) {
  const db = t.database.db;
  const tables = [
    'jobs',
    'files',
    'job_members',
    'resumable_uploads',
    'job_events',
    'blobs',
    'comments',
    'reactions',
    'job_guests',
  ];
  const counted = await sql<Record<string, string | number>>`select ${sql.raw(
    tables.map((table) => `(select count(*) from ${table}) as ${table}`).join(', '),
  )}`.execute(db);
  const counts = Object.fromEntries(Object.entries(counted.rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
  return {
    job: await db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst(),
    files: await db
      .selectFrom('files')
      .select(['id', 'state', 'added_by', 'path'])
      .where('job_id', '=', jobId)
      .orderBy('id')
      .execute(),
    members: await db
      .selectFrom('job_members')
      .selectAll()
      .where('job_id', '=', jobId)
      .orderBy('user_id')
      .execute(),
    comments: await db
      .selectFrom('comments')
      .select(['id', 'text', 'edited_at'])
      .where('job_id', '=', jobId)
      .orderBy('id')
      .execute(),
    reactions: await db
      .selectFrom('reactions')
      .select(['file_id', 'actor'])
      .where('job_id', '=', jobId)
      .orderBy('actor')
      .execute(),
    uploads: await db
      .selectFrom('resumable_uploads')
      .select(['id', 'offset', 'result'])
      .where('job_id', '=', jobId)
      .orderBy('id')
      .execute(),
    counts,
  };
}
