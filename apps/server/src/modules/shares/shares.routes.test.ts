import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedShare, PreparedArchive, ShareInfo } from '@trove/contract';
import { albumClient, expectStatus, type Who } from '../../test/albums.ts';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  fakePng,
  signUp,
  timelineOf,
  uploadFile,
  type Session,
  type TestApp,
} from '../../test/harness.ts';

const DAY_MS = 86_400_000;
const visitor: Who = { visitor: true };

/**
 * Shares by link (issue #15, spec 000 §3 Share, §6, §7, §9; [Note: Shares]): made from files
 * the caller may share, opened by anyone holding the link (and its password), refused alike
 * on every share-scoped call once expired, stopped or unknown. The access matrix covers every
 * route x caller on live, password, expired and stopped shares; these tests cover what a
 * matrix cell cannot: the clock, the password's throttle, copies, media URLs and GPS.
 */
describe.each(DIALECTS)('shares (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  let owner: Session & { email: string };
  let timeline: string;
  let photos: string[];
  let doc: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
    owner = await signUp(t.app, { name: 'Ann' });
    timeline = await timelineOf(t.app, owner);
    photos = [];
    for (const [i, size] of [3100, 3200, 3300].entries()) {
      const r = await uploadFile(t.app, owner, timeline, {
        path: `Camera/p${String(i)}.jpg`,
        content: fakeJpeg(size),
      });
      photos.push(r.json<{ uuid: string }>().uuid);
    }
    doc = await putDocument(owner, timeline);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A PDF in the job (documents are files of type Documents, spec 000 §3). */
  async function putDocument(s: Session, job: string) {
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(1500, 0x20),
      Buffer.from('\n%%EOF\n'),
    ]);
    const r = await uploadFile(t.app, s, job, { path: 'Docs/plan.pdf', content: pdf });
    if (r.statusCode !== 200) throw new Error(`document upload: ${r.body}`);
    return r.json<{ uuid: string }>().uuid;
  }
  const create = async (body: object, who: Session = owner) => {
    const r = await c.send(who, 'POST', '/shares', { payload: { source_job: timeline, ...body } });
    if (r.statusCode !== 200) throw new Error(`create share: ${String(r.statusCode)} ${r.body}`);
    return r.json<CreatedShare>();
  };
  const info = (who: Who, id: string) => c.send(who, 'GET', `/shares/${id}`);
  const infoOf = async (who: Who, id: string) => {
    const r = await info(who, id);
    expectStatus(r, 200);
    return r.json<ShareInfo>();
  };
  const unlock = (id: string, password: string, remoteAddress = '10.1.1.1') =>
    t.app.inject({
      method: 'POST',
      url: `/st/4/shares/${id}/auth?key=trove-web&client_v=1&device_id=00000000-0000-4000-8000-000000000001`,
      remoteAddress,
      payload: { password },
    });

  it('makes a share of chosen files: a 192-bit id, 30 days, pictures and documents apart', async () => {
    const share = await create({ file_uuids: [...photos, doc] });
    expect(share.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(share.expires).toBe(Math.floor((t.clock.now() + 30 * DAY_MS) / 1000));
    const seen = await infoOf(visitor, share.id);
    expect(seen.thumbFiles.map((f) => f.name).sort()).toEqual(['p0.jpg', 'p1.jpg', 'p2.jpg']);
    expect(seen.docFiles.map((f) => f.name)).toEqual(['plan.pdf']);
    expect(seen).toMatchObject({ is_owner: false, can_copy: false, has_password: false });
    // The owner's e-mail is the owner's (field-level access, RESEARCH-RELIABILITY 8.2.3).
    expect(seen.owner).toEqual({ userID: owner.userId, name: 'Ann', email: null });
    const own = await infoOf(owner, share.id);
    expect(own).toMatchObject({ is_owner: true, owner: { email: owner.email } });
    // A share is no album: it is in no list of its owner's.
    const lists = await c.send(owner, 'GET', '/jobs');
    expect(lists.json<{ jobs: { id: string }[] }>().jobs.map((j) => j.id)).not.toContain(share.id);
  });

  it('refuses to share what the caller may not, or less than was chosen, like a missing id', async () => {
    const stranger = await signUp(t.app);
    const theirs = await c.send(stranger, 'POST', '/shares', {
      payload: { source_job: timeline, file_uuids: [photos[0]] },
    });
    expectStatus(theirs, 404, 'not_found');
    const missing = await c.send(owner, 'POST', '/shares', {
      payload: { source_job: timeline, file_uuids: [photos[0], 'nope'] },
    });
    expectStatus(missing, 404, 'not_found');
    const tooMany = await c.send(owner, 'POST', '/shares', {
      payload: { source_job: timeline, file_uuids: Array.from({ length: 501 }, (_, i) => `f${String(i)}`) },
    });
    expectStatus(tooMany, 400, 'validation_failed');
    // Read-only users cannot share (spec 000 §6).
    await t.database.db
      .updateTable('users')
      .set({ is_read_only: 1 })
      .where('id', '=', owner.userId)
      .execute();
    try {
      expectStatus(
        await c.send(owner, 'POST', '/shares', {
          payload: { source_job: timeline, file_uuids: [photos[0]] },
        }),
        404,
      );
    } finally {
      await t.database.db
        .updateTable('users')
        .set({ is_read_only: 0 })
        .where('id', '=', owner.userId)
        .execute();
    }
    // Logged out: no share at all (a user route).
    expectStatus(
      await c.send(visitor, 'POST', '/shares', {
        payload: { source_job: timeline, file_uuids: [photos[0]] },
      }),
      401,
    );
  });

  it('keeps a password as a slow hash and opens with a grant; a wrong one reads password_required', async () => {
    const share = await create({ file_uuids: [photos[0]], password: 'Kvikk Rev 7' });
    const row = await t.database.db
      .selectFrom('jobs')
      .select('password_hash')
      .where('id', '=', share.id)
      .executeTakeFirst();
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain('Kvikk');
    expectStatus(await info(visitor, share.id), 403, 'password_required');
    expectStatus(await unlock(share.id, 'kvikk rev 7'), 403, 'password_required');
    const opened = await unlock(share.id, 'Kvikk Rev 7');
    expectStatus(opened, 200);
    const grant = opened.json<{ grant: string }>().grant;
    expect((await infoOf({ visitor: true, grant }, share.id)).has_password).toBe(true);
    // The owner needs no password; another share's grant opens nothing here.
    expectStatus(await info(owner, share.id), 200);
    const other = await create({ file_uuids: [photos[1]], password: 'other' });
    expectStatus(await info({ visitor: true, grant }, other.id), 403, 'password_required');
  });

  it('throttles wrong passwords per share and per client', async () => {
    const share = await create({ file_uuids: [photos[0]], password: 'right one' });
    const answers: number[] = [];
    for (let i = 0; i < 7; i++)
      answers.push((await unlock(share.id, `wrong ${String(i)}`, '10.9.9.9')).statusCode);
    expect(answers.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(answers).toContain(429);
    // Another client still tries at once; the right password works for it.
    expectStatus(await unlock(share.id, 'right one', '10.9.9.10'), 200);
  });

  /**
   * The media worker does not run in these tests: the share's files get a 256 thumbnail (the
   * original's bytes stand in) and are marked ready, so their listing signs thumbnail URLs.
   */
  async function withThumbnails(shareId: string) {
    const db = t.database.db;
    const files = await db
      .selectFrom('files')
      .select(['id', 'blob_id'])
      .where('job_id', '=', shareId)
      .execute();
    for (const file of files) {
      const blob = await db
        .selectFrom('blobs')
        .selectAll()
        .where('id', '=', file.blob_id)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('derivatives')
        .values({
          blob_id: blob.id,
          kind: 'thumb256',
          store_key: blob.store_key,
          size: blob.size,
          content_type: 'image/jpeg',
          crc32: null,
          created_at: t.clock.now(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await db.updateTable('files').set({ media_status: 'ready' }).where('job_id', '=', shareId).execute();
  }

  /** Every share-scoped call a recipient makes, each with its answer. */
  async function everyCall(id: string, who: Who, urls: { thumb: string; file: string; archive: string }) {
    const signedIn = !('visitor' in who);
    const calls: [string, LightMyRequestResponse][] = [
      ['info', await info(who, id)],
      ['files', await c.send(who, 'GET', `/jobs/${id}/files`)],
      ['metadata', await c.send(who, 'GET', `/jobs/${id}/metadata/x`)],
      ['archive', await c.send(who, 'POST', `/jobs/${id}/files_as_archive`, { payload: {} })],
      ['thumbnail', await t.app.inject({ url: urls.thumb })],
      ['original', await t.app.inject({ url: urls.file })],
      ['archive url', await t.app.inject({ url: urls.archive })],
    ];
    if (signedIn) {
      calls.push(['keep-all-files', await c.send(who, 'POST', `/jobs/${id}/keep-all-files`)]);
      calls.push([
        'copy_to_timeline',
        await c.send(who, 'POST', `/jobs/${id}/copy_to_timeline`, { payload: { file_uuids: ['x'] } }),
      ]);
    }
    return calls;
  }

  /** A live share (made `age` ago), with the media and archive URLs a visitor gets now. */
  async function liveShare(extra: { password?: string } = {}, age = 0) {
    const share = await create({ file_uuids: [photos[0], photos[1]], ...extra });
    await withThumbnails(share.id);
    t.clock.advance(age);
    const grant = extra.password
      ? (await unlock(share.id, extra.password)).json<{ grant: string }>().grant
      : undefined;
    const who: Who = { visitor: true, ...(grant && { grant }) };
    const seen = await infoOf(who, share.id);
    const first = seen.thumbFiles[0];
    if (!first) throw new Error('no files');
    const archive = (
      await c.send(who, 'POST', `/jobs/${share.id}/files_as_archive`, { payload: {} })
    ).json<PreparedArchive>();
    const urls = { thumb: first.thumb_url_small ?? '', file: first.file_url, archive: archive.url };
    expectStatus(await t.app.inject({ url: urls.thumb }), 200);
    expectStatus(await t.app.inject({ url: urls.file }), 200);
    expectStatus(await t.app.inject({ url: urls.archive }), 200);
    return { share, who, urls };
  }

  /** Every call answers exactly what an unknown share id answers. */
  async function expectGone(id: string, who: Who, urls: { thumb: string; file: string; archive: string }) {
    const unknown = 'A'.repeat(32);
    const reference = await everyCall(unknown, who, {
      thumb: urls.thumb.replace(id, unknown),
      file: urls.file.replace(id, unknown),
      archive: urls.archive.replace(id, unknown),
    });
    const actual = await everyCall(id, who, urls);
    for (const [i, [name, response]] of actual.entries()) {
      const [, expected] = reference[i] ?? [];
      expect([name, response.statusCode, response.body]).toEqual([
        name,
        expected?.statusCode,
        expected?.body,
      ]);
      expect(response.statusCode, name).toBe(404);
    }
  }

  it('ends every share-scoped call 30 days on (clock moved 31 days), media URLs included', async () => {
    // URLs handed out half an hour before the end stay valid for hours by their signature
    // alone: the share's end must stop them.
    const { share, urls } = await liveShare({}, 30 * DAY_MS - 30 * 60_000);
    const signedIn = await signUp(t.app);
    t.clock.advance(30 * 60_000 - 1);
    expectStatus(await info(visitor, share.id), 200);
    t.clock.advance(1);
    await expectGone(share.id, visitor, urls);
    await expectGone(share.id, signedIn, urls);
    expectStatus(await info(owner, share.id), 404, 'not_found');
    expectStatus(await unlock(share.id, 'anything'), 404, 'not_found');
    t.clock.advance(DAY_MS);
    expectStatus(await info(visitor, share.id), 404, 'not_found');
  });

  it('ends every share-scoped call once its owner stops sharing; only the owner may', async () => {
    const { share, urls } = await liveShare();
    const stranger = await signUp(t.app);
    expectStatus(await c.send(stranger, 'DELETE', `/shares/${share.id}`), 404, 'not_found');
    expectStatus(await c.send(visitor, 'DELETE', `/shares/${share.id}`), 401);
    expectStatus(await info(visitor, share.id), 200);
    const stopped = await c.send(owner, 'DELETE', `/shares/${share.id}`);
    expect(stopped.statusCode).toBe(204);
    await expectGone(share.id, visitor, urls);
    await expectGone(share.id, stranger, urls);
    expectStatus(await info(owner, share.id), 404, 'not_found');
    // The originals are untouched.
    expect((await c.files(owner, timeline)).map((f) => f.id)).toEqual(expect.arrayContaining(photos));
  });

  it('refuses every share-scoped call without the password, after its URLs were handed out', async () => {
    const { share, urls } = await liveShare({ password: 'sesame' });
    for (const [name, response] of await everyCall(share.id, visitor, {
      ...urls,
      thumb: '/th/3/x',
      file: '/th/3/x',
      archive: '/th/3/x',
    })) {
      if (name === 'thumbnail' || name === 'original' || name === 'archive url') continue;
      expect([name, response.statusCode, response.json<{ error: { code: string } }>().error.code]).toEqual([
        name,
        403,
        'password_required',
      ]);
    }
    const wrong = {
      visitor: true as const,
      grant: 'g1.0.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    };
    expectStatus(await info(wrong, share.id), 403, 'password_required');
  });

  it('adds share files to a signed-in recipient timeline as their own, charged to their storage', async () => {
    const share = await create({ file_uuids: [photos[0], photos[1], doc] });
    const friend = await signUp(t.app);
    expect((await infoOf(friend, share.id)).can_copy).toBe(true);
    const before = await c.account(friend);
    const kept = await c.send(friend, 'POST', `/jobs/${share.id}/keep-all-files`);
    expectStatus(kept, 200);
    const results = kept.json<{ results: { status: string }[] }>().results;
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
    const after = await c.account(friend);
    expect(after.used_space - before.used_space).toBe(3100 + 3200 + 1500 + 16);
    const theirs = await c.files(friend, await timelineOf(t.app, friend));
    expect(theirs.every((f) => f.user_uuid === friend.userId)).toBe(true);
    // Again: nothing doubles.
    await c.send(friend, 'POST', `/jobs/${share.id}/keep-all-files`);
    expect((await c.account(friend)).used_space).toBe(after.used_space);
    // Logged out, the call needs a sign-in first (spec 000 §6: login-gated copyShare).
    expectStatus(await c.send(visitor, 'POST', `/jobs/${share.id}/keep-all-files`), 401);
  });

  it('drops a photo from its owner live shares once they delete it from their timeline', async () => {
    const kept = await uploadFile(t.app, owner, timeline, {
      path: 'Camera/kept.jpg',
      content: fakeJpeg(3700),
    });
    const gone = await uploadFile(t.app, owner, timeline, {
      path: 'Camera/gone.jpg',
      content: fakeJpeg(3800),
    });
    const [keptId, goneId] = [kept, gone].map((r) => r.json<{ uuid: string }>().uuid);
    const share = await create({ file_uuids: [keptId, goneId] });
    const [copy] = (await infoOf(visitor, share.id)).thumbFiles.filter((f) => f.name === 'gone.jpg');
    expectStatus(await c.send(owner, 'DELETE', `/jobs/${timeline}/files_by_id/${goneId ?? ''}`), 200);
    const after = await infoOf(visitor, share.id);
    expect(after.thumbFiles.map((f) => f.name)).toEqual(['kept.jpg']);
    // Its URL stops too, and the share's change log says so.
    expectStatus(await t.app.inject({ url: copy?.file_url ?? '' }), 404);
    const changes = await c.changes(owner, share.id);
    expect(changes.some((change) => change.type === 1 && change.data.id === copy?.id)).toBe(true);
    // Restored, the photo is back in the timeline only; the trashed original keeps its bytes.
    await c.send(owner, 'POST', `/jobs/${timeline}/multi_rollback`, { payload: { file_uuids: [goneId] } });
    expect((await c.files(owner, timeline)).map((f) => f.id)).toContain(goneId);
    expect((await infoOf(visitor, share.id)).thumbFiles).toHaveLength(1);
  });

  it('shows where a photo was taken to its uploader only', async () => {
    const share = await create({ file_uuids: [photos[2]] });
    const [copy] = (await infoOf(owner, share.id)).thumbFiles;
    const metadata = JSON.stringify({ model: 'X100', latitude: 59.91, longitude: 10.75 });
    await t.database.db
      .updateTable('files')
      .set({ metadata })
      .where('id', 'in', [photos[2] ?? '', copy?.id ?? ''])
      .execute();
    const seen = await c.send(visitor, 'GET', `/jobs/${share.id}/metadata/${copy?.id ?? ''}`);
    expect(seen.json()).toEqual({ model: 'X100' });
    const own = await c.send(owner, 'GET', `/jobs/${timeline}/metadata/${photos[2] ?? ''}`);
    expect(own.json()).toMatchObject({ latitude: 59.91, longitude: 10.75 });
  });

  it('gives PNGs and videos the same signed URLs a visitor of an album gets', async () => {
    const r = await uploadFile(t.app, owner, timeline, { path: 'Camera/pic.png', content: fakePng(2500) });
    const share = await create({ file_uuids: [r.json<{ uuid: string }>().uuid] });
    const [file] = (await infoOf(visitor, share.id)).thumbFiles;
    expect(file?.file_url).toMatch(new RegExp(`^/st/4/jobs/${share.id}/files_by_id/`));
    expectStatus(await t.app.inject({ url: file?.file_url ?? '' }), 200);
  });
});
