import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ALBUM_AUTH_HEADER, albumAuthValue } from '@trove/contract';
import { hashPassword } from '../identity/passwords.ts';
import { fakeJpeg, signUp, timelineOf, uploadFile, type Session, type TestApp } from '../test/harness.ts';
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
const PASSWORD = 'open sesame';

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

const send = (t: TestApp, s: Session, method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `${url}?${s.query}`, headers: s.headers, ...(payload && { payload }) });

/** Bytes that sniff as an MP4. */
const fakeMp4 = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(2048, 7)]);

async function put(t: TestApp, owner: Session, job: string, name: string, content: Buffer) {
  const response = await uploadFile(t.app, owner, job, { path: `Camera/${name}`, content });
  if (response.statusCode !== 200) throw new Error(`fixture upload failed: ${response.body}`);
  return response.json<{ uuid: string }>().uuid;
}

/**
 * An album of the kind, owned by the cast's owner (a timeline: by `owner`), with a photo, a
 * video and a trashed photo, the cast's memberships and a tus upload of every signed-in caller.
 */
export async function buildAlbum(
  t: TestApp,
  cast: Cast,
  kind: AlbumKind,
  owner: Session = cast.owner,
): Promise<Album> {
  const db = t.database.db;
  if (kind === 'missing') {
    // A well-formed album auth value, grant and uploads of a job that does not exist.
    return {
      kind,
      id: randomUUID(),
      owner,
      photo: randomUUID(),
      video: randomUUID(),
      trashed: randomUUID(),
      albumAuth: `${'A'.repeat(27)}=`,
      sharePassword: PASSWORD,
      grant: null,
      uploads: {},
      guestToken: null,
      comments: {},
    };
  }
  const perms = PERMISSIONS[kind];
  let id: string;
  let photo: string;
  let video: string;
  let trashed: string;
  if (isShareKind(kind)) {
    // A share of three files of a timeline of its own; one of its copies then trashed (no
    // call trashes a share's file: the matrix checks that none serves a trashed one). The
    // album share: made by the participant from a shared album of `owner`'s, whose owner
    // is then the `owner` caller ([Note: Derived shares]).
    const fromAlbum = kind === 'albumShare';
    if (!fromAlbum) owner = await signUp(t.app, { name: `sharer of ${kind}` });
    const source = fromAlbum
      ? (await send(t, owner, 'POST', '/st/4/jobs', { name: kind, public: true })).json<{ id: string }>().id
      : await timelineOf(t.app, owner);
    if (fromAlbum)
      await db
        .insertInto('job_members')
        .values({
          job_id: source,
          user_id: cast.participant.userId,
          subscribed: 1,
          created_at: t.clock.now(),
          updated_at: t.clock.now(),
        })
        .execute();
    const sources = [
      await put(t, owner, source, 'photo.jpg', fakeJpeg(3000)),
      await put(t, owner, source, 'clip.mp4', fakeMp4()),
      await put(t, owner, source, 'trashed.jpg', fakeJpeg(3001)),
    ];
    const created = await send(t, fromAlbum ? cast.participant : owner, 'POST', '/st/4/shares', {
      source_job: source,
      file_uuids: sources,
      ...((kind === 'sharePassword' || fromAlbum) && { password: PASSWORD }),
    });
    if (created.statusCode !== 200) throw new Error(`fixture share failed: ${created.body}`);
    id = created.json<{ id: string }>().id;
    const copies = await db.selectFrom('files').select(['id', 'name']).where('job_id', '=', id).execute();
    const named = (name: string) => copies.find((file) => file.name === name)?.id ?? '';
    [photo, video, trashed] = [named('photo.jpg'), named('clip.mp4'), named('trashed.jpg')];
    await db
      .updateTable('files')
      .set({ state: 'trashed', dtime: t.clock.now() })
      .where('id', '=', trashed)
      .execute();
  } else {
    id =
      kind === 'timeline'
        ? await timelineOf(t.app, owner)
        : (
            await send(t, owner, 'POST', '/st/4/jobs', {
              name: kind,
              public: true,
              allow_comments: (perms & 1) !== 0,
              allow_uploads: (perms & 2) !== 0,
            })
          ).json<{ id: string }>().id;
    photo = await put(t, owner, id, 'photo.jpg', fakeJpeg(3000));
    video = await put(t, owner, id, 'clip.mp4', fakeMp4());
    trashed = await put(t, owner, id, 'trashed.jpg', fakeJpeg(3001));
    await send(t, owner, 'DELETE', `/st/4/jobs/${id}/files_by_id/${trashed}`);
  }
  const albumAuth = await albumAuthValue(kind === 'password' ? PASSWORD : 'no password', id);
  if (kind === 'password') {
    await db
      .updateTable('jobs')
      .set({ password_hash: await hashPassword(albumAuth) })
      .where('id', '=', id)
      .execute();
  }
  const now = t.clock.now();
  if (kind !== 'timeline') {
    await db
      .insertInto('job_members')
      .values(
        SIGNED_IN.flatMap((name) => {
          const member = ROLE_OF[name].member;
          return member === undefined
            ? []
            : [
                {
                  job_id: id,
                  user_id: cast[name].userId,
                  subscribed: member,
                  created_at: now,
                  updated_at: now,
                },
              ];
        }),
      )
      .execute();
  }
  const uploads: Album['uploads'] = {};
  const rows = SIGNED_IN.map((name) => {
    const upload = randomBytes(16).toString('hex');
    uploads[name] = upload;
    return {
      id: upload,
      user_id: name === 'owner' ? owner.userId : cast[name].userId,
      job_id: id,
      length: 1000,
      offset: 0,
      fields: JSON.stringify({ path: 'Camera/big.jpg', mtime: 1_700_000_000, policy: 'no_duplicates' }),
      result: null,
      created_at: now,
      updated_at: now,
    };
  });
  await db.insertInto('resumable_uploads').values(rows).execute();
  await Promise.all(
    rows.map((row) => fs.promises.writeFile(path.join(t.config.DATA_DIR, 'resumable', row.id), '')),
  );
  let grant: string | null = null;
  if (kind !== 'timeline') {
    const unlocked = isShareKind(kind)
      ? await t.app.inject({
          method: 'POST',
          url: `/st/4/shares/${id}/auth?${owner.query}`,
          payload: { password: PASSWORD },
        })
      : await t.app.inject({
          method: 'POST',
          url: `/st/4/jobs/${id}/auth?${owner.query}`,
          headers: { [ALBUM_AUTH_HEADER]: albumAuth },
        });
    grant = unlocked.json<{ grant: string }>().grant;
  }
  let guestToken: string | null = null;
  let guestId: string | null = null;
  if (grant) {
    const joined = await t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${id}/guests?${owner.query}`,
      remoteAddress: randomAddress(),
      headers: { 'x-foreign-auth': grant },
      payload: { name: 'Granny' },
    });
    ({ guest: guestToken, guest_id: guestId } = joined.json<{ guest: string; guest_id: string }>());
  }
  // Every caller who is somebody has a comment of their own on the photo.
  const comments: Album['comments'] = {};
  const commentRows = [
    ...SIGNED_IN.map((name) => ({
      name,
      user_id: name === 'owner' ? owner.userId : cast[name].userId,
      guest_id: null,
    })),
    ...(guestId ? [{ name: 'guest' as const, user_id: null, guest_id: guestId }] : []),
  ].map(({ name, user_id, guest_id }) => {
    const commentId = randomUUID();
    comments[name] = commentId;
    return {
      id: commentId,
      job_id: id,
      file_id: photo,
      user_id,
      guest_id,
      text: `by ${name}`,
      created_at: now,
      edited_at: null,
    };
  });
  await db.insertInto('comments').values(commentRows).execute();
  if (kind === 'private')
    await db.updateTable('jobs').set({ privacy_mode: 'private' }).where('id', '=', id).execute();
  if (kind === 'deleted' || kind === 'shareStopped')
    await db.updateTable('jobs').set({ deleted_at: now }).where('id', '=', id).execute();
  if (kind === 'shareExpired')
    await db.updateTable('jobs').set({ expires_at: now }).where('id', '=', id).execute();
  const sharePassword = PASSWORD;
  return {
    kind,
    id,
    owner,
    photo,
    video,
    trashed,
    albumAuth,
    sharePassword,
    grant,
    uploads,
    guestToken,
    comments,
  };
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
