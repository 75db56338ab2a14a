import {
  CAST_IDLE_MS,
  CAST_SECRET_HEADER,
  type CastReceiverCreated,
  type CastReceiverState,
  type CastReceiverView,
} from '@trove/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  createTestApp,
  signUp,
  timelineOf,
  type Session,
  type TestApp,
} from '../../test/harness.ts';
import { albumClient, expectStatus } from '../../test/albums.ts';

/**
 * Casting (issue #27, [Note: Casting]): a TV's receiver pairs with a code, gets only what its
 * sender casts through short-lived signed URLs, and unpairs when the sender ends, signs out or
 * goes idle. Allow and deny on both dialects.
 */
describe.each(DIALECTS)('cast (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const newReceiver = async (ip = '10.0.0.1') => {
    const r = await t.app.inject({ method: 'POST', url: '/st/4/cast/receivers', remoteAddress: ip });
    expect(r.statusCode, r.body).toBe(200);
    return r.json<CastReceiverCreated>();
  };
  const poll = (secret: string, query = 'serial=0&paired=1') =>
    t.app.inject({ url: `/st/4/cast/receiver?${query}`, headers: { [CAST_SECRET_HEADER]: secret } });
  const message = (who: Session, id: string, payload: object) =>
    c.send(who, 'POST', `/cast/receivers/${id}/messages`, { payload });
  /** A job of `owner` with `n` pictures marked processed (no worker runs here). */
  async function jobWithPhotos(owner: Session, n: number) {
    const job = await timelineOf(t.app, owner);
    const ids: string[] = [];
    for (let i = 0; i < n; i++)
      ids.push(await c.uploaded(owner, job, `p${String(i)}-${String(Math.random())}.jpg`, 3000 + i));
    await t.database.db.updateTable('files').set({ media_status: 'ready' }).where('id', 'in', ids).execute();
    // The worker's large thumbnail, stood in for by the original's bytes.
    const files = await t.database.db
      .selectFrom('files')
      .innerJoin('blobs', 'blobs.id', 'files.blob_id')
      .select(['blobs.id', 'blobs.store_key', 'blobs.size'])
      .where('files.id', 'in', ids)
      .execute();
    await t.database.db
      .insertInto('derivatives')
      .values(
        files.map((f) => ({
          blob_id: f.id,
          kind: 'thumb1280',
          store_key: f.store_key,
          size: f.size,
          content_type: 'image/jpeg',
          crc32: null,
          created_at: 0,
        })),
      )
      .execute();
    return { job, ids };
  }
  async function paired(owner: Session) {
    const receiver = await newReceiver();
    const r = await c.send(owner, 'POST', '/cast/pair', { payload: { code: receiver.code.toLowerCase() } });
    expect(r.statusCode, r.body).toBe(200);
    return receiver;
  }

  it('pairs by code once, casts a queue, and the receiver sees the window through short-lived URLs', async () => {
    const owner = await signUp(t.app);
    const { job, ids } = await jobWithPhotos(owner, 7);
    const receiver = await newReceiver();
    expect(receiver.code).toMatch(/^[A-Z2-9]{6}$/);
    // Unpaired: the receiver's poll says so at once when it thinks otherwise.
    expect((await poll(receiver.secret)).json<CastReceiverView>()).toMatchObject({
      paired: false,
      items: [],
    });

    const pair = await c.send(owner, 'POST', '/cast/pair', { payload: { code: receiver.code } });
    expect(pair.json<CastReceiverState>().receiver_id).toBe(receiver.receiver_id);
    // Single use: the same code pairs nobody else.
    const other = await signUp(t.app);
    expectStatus(await c.send(other, 'POST', '/cast/pair', { payload: { code: receiver.code } }), 404);
    expect((await c.send(owner, 'GET', '/cast/receivers')).json()).toEqual({
      receivers: [{ id: receiver.receiver_id, paired_at: expect.any(Number) as number }],
    });

    const load = await message(owner, receiver.receiver_id, {
      type: 'load',
      job_id: job,
      file_ids: ids,
      index: 2,
      autoplay: true,
    });
    expect(load.json<CastReceiverState>()).toMatchObject({ file_id: ids[2], count: 7 });
    const view = (await poll(receiver.secret)).json<CastReceiverView>();
    expect(view).toMatchObject({
      paired: true,
      job_id: job,
      count: 7,
      playback: { index: 2, playing: true, autoplay: true },
    });
    // The one before, the current and the next 4 (spec 000 §9).
    expect(view.items.map((i) => i.index)).toEqual([1, 2, 3, 4, 5, 6]);
    const url = view.items[1]?.image_url ?? '';
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    expect(exp * 1000 - t.clock.now()).toBeLessThanOrEqual(30 * 60_000);
    const image = await t.app.inject({ url });
    expect(image.statusCode).toBe(200);

    // Pause and seek come through; the receiver's report is what get_receiver_state answers.
    await message(owner, receiver.receiver_id, { type: 'play_or_pause', playing: false });
    await message(owner, receiver.receiver_id, { type: 'seek', position_ms: 4000 });
    expect(
      (await poll(receiver.secret, `serial=${String(view.serial)}&paired=1`)).json<CastReceiverView>(),
    ).toMatchObject({ playback: { index: 2, playing: false, position_ms: 4000 } });
    const report = await t.app.inject({
      method: 'POST',
      url: '/st/4/cast/receiver/report',
      headers: { [CAST_SECRET_HEADER]: receiver.secret },
      payload: { index: 6, playing: true, autoplay: true, position_ms: 0 },
    });
    expect(report.json<CastReceiverView>().items.map((i) => i.index)).toEqual([5, 6, 0, 1, 2, 3]);
    expect((await message(owner, receiver.receiver_id, { type: 'get_receiver_state' })).json()).toMatchObject(
      {
        file_id: ids[6],
        playback: { index: 6, playing: true },
      },
    );
  });

  it('wakes a waiting receiver when its sender sends', async () => {
    const owner = await signUp(t.app);
    const { job, ids } = await jobWithPhotos(owner, 1);
    const receiver = await paired(owner);
    const first = (await poll(receiver.secret, 'serial=0&paired=0')).json<CastReceiverView>();
    const waiting = poll(receiver.secret, `serial=${String(first.serial)}&paired=1`);
    await message(owner, receiver.receiver_id, {
      type: 'load',
      job_id: job,
      file_ids: ids,
      index: 0,
      autoplay: false,
    });
    expect((await waiting).json<CastReceiverView>()).toMatchObject({ serial: first.serial + 1, count: 1 });
  });

  it('refuses others: another account, a visitor, a wrong secret, a job the sender cannot read', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const { job, ids } = await jobWithPhotos(owner, 2);
    const receiver = await paired(owner);
    const missing = await message(stranger, crypto.randomUUID(), { type: 'get_receiver_state' });
    expectStatus(missing, 404);
    const theirs = await message(stranger, receiver.receiver_id, { type: 'get_receiver_state' });
    expect(theirs.body).toBe(missing.body);
    expectStatus(await c.send(stranger, 'DELETE', `/cast/receivers/${receiver.receiver_id}`), 404);
    expect((await c.send(stranger, 'GET', '/cast/receivers')).json()).toEqual({ receivers: [] });
    expectStatus(await c.send({ visitor: true }, 'GET', '/cast/receivers'), 401);
    expectStatus(await c.send({ visitor: true }, 'POST', '/cast/pair', { payload: { code: 'ABCDEF' } }), 401);
    expectStatus(await poll('x'.repeat(43)), 404);
    expectStatus(await t.app.inject({ url: '/st/4/cast/receiver' }), 404);
    // The stranger's receiver may not be handed the owner's files.
    const theirReceiver = await paired(stranger);
    const load = await message(stranger, theirReceiver.receiver_id, {
      type: 'load',
      job_id: job,
      file_ids: ids,
      index: 0,
      autoplay: true,
    });
    expectStatus(load, 404);
    expect((await poll(theirReceiver.secret, 'serial=0&paired=0')).json<CastReceiverView>()).toMatchObject({
      count: 0,
      items: [],
    });
  });

  it('ends the pairing when the sender unpairs, signs out, or goes idle', async () => {
    const owner = await signUp(t.app);
    const { job, ids } = await jobWithPhotos(owner, 1);
    const unpaired = await paired(owner);
    expect((await c.send(owner, 'DELETE', `/cast/receivers/${unpaired.receiver_id}`)).statusCode).toBe(204);
    expectStatus(await poll(unpaired.secret), 404);

    const idle = await paired(owner);
    t.clock.advance(CAST_IDLE_MS + 1);
    expectStatus(await poll(idle.secret), 404);
    expect((await c.send(owner, 'GET', '/cast/receivers')).json()).toEqual({ receivers: [] });

    const signedOut = await paired(owner);
    await message(owner, signedOut.receiver_id, {
      type: 'load',
      job_id: job,
      file_ids: ids,
      index: 0,
      autoplay: true,
    });
    const url = (await poll(signedOut.secret)).json<CastReceiverView>().items[0]?.image_url ?? '';
    const waiting = poll(signedOut.secret, 'serial=1&paired=1');
    expect((await c.send(owner, 'POST', '/logout')).statusCode).toBeLessThan(300);
    expectStatus(await waiting, 404);
    // The URLs it had die with the sender's session ([Note: Media URLs]).
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('throttles guessing codes', async () => {
    const guesser = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await c.send(guesser, 'POST', '/cast/pair', { payload: { code: 'ZZZZZZ' } })).statusCode,
      );
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
