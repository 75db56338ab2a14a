import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ALBUM_AUTH_HEADER, albumAuthValue } from '@trove/contract';
import { hashPassword } from '../identity/passwords.ts';
import { fakeJpeg, signUp, timelineOf, uploadFile, type Session, type TestApp } from '../test/harness.ts';
import {
  PASSWORD,
  PERMISSIONS,
  ROLE_OF,
  SIGNED_IN,
  isShareKind,
  randomAddress,
  type Album,
  type AlbumKind,
  type Cast,
} from './access-matrix.test-support.ts';

/*
 * The albums of the access matrix, built for real through the API and the database: one of
 * each kind with its files, memberships, grants, uploads, guests and comments. The cast and
 * the standing of each caller are in access-matrix.test-support.ts.
 */
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
