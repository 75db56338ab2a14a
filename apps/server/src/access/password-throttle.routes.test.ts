import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALBUM_AUTH_HEADER,
  CLIENT_VERSION,
  WEB_CLIENT_KEY,
  albumAuthValue,
  type CreatedShare,
} from '@trove/contract';
import { albumClient } from '../test/albums.ts';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  signUp,
  timelineOf,
  uploadFile,
  type Session,
  type TestApp,
} from '../test/harness.ts';

const QUERY = `key=${WEB_CLIENT_KEY}&client_v=${CLIENT_VERSION}&device_id=00000000-0000-4000-8000-000000000001`;

/**
 * Album and share passwords (issue #23, point 7): wrong guesses from many addresses must not
 * lock the right password out for everyone else, and a client's right password at one album
 * must not buy it guesses at another (ALBUM_PASSWORD_THROTTLE in access.ts).
 */
describe.each(DIALECTS)('password throttle (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  let owner: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
    owner = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** An album and a share with passwords, and a way to try one from an address. */
  const targets = async () => {
    const album = await c.createShared(owner, 'Locked');
    await c.setPassword(owner, album.id, 'album secret');
    const timeline = await timelineOf(t.app, owner);
    const photo = (
      await uploadFile(t.app, owner, timeline, { path: `Camera/${album.id}.jpg`, content: fakeJpeg(3500) })
    ).json<{ uuid: string }>().uuid;
    const share = (
      await c.send(owner, 'POST', '/shares', {
        payload: { source_job: timeline, file_uuids: [photo], password: 'share secret' },
      })
    ).json<CreatedShare>();
    const tryAlbum = async (password: string, remoteAddress: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/st/4/jobs/${album.id}/auth?${QUERY}`,
          remoteAddress,
          headers: { [ALBUM_AUTH_HEADER]: await albumAuthValue(password, album.id) },
        })
      ).statusCode;
    const tryShare = async (password: string, remoteAddress: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/st/4/shares/${share.id}/auth?${QUERY}`,
          remoteAddress,
          payload: { password },
        })
      ).statusCode;
    return { album, share, tryAlbum, tryShare };
  };

  it('lets a new visitor in with the right password after 60 wrong guesses from 10 addresses', async () => {
    const { tryAlbum, tryShare } = await targets();
    for (const [kind, attempt, right] of [
      ['album', tryAlbum, 'album secret'],
      ['share', tryShare, 'share secret'],
    ] as const) {
      const answers: number[] = [];
      for (let i = 0; i < 60; i++)
        answers.push(await attempt(`wrong ${String(i)}`, `10.66.0.${String(i % 10)}`));
      // The guessers are slowed down once each of them failed twice (the shared budget).
      expect(answers, kind).toContain(429);
      // Someone who has not failed is never refused for the others' failures.
      expect(await attempt(right, '10.7.7.7'), kind).toBe(200);
      expect(await attempt('typo', '10.7.7.8'), kind).toBe(403);
      expect(await attempt(right, '10.7.7.8'), kind).toBe(200);
    }
  });

  it("does not refill a client's guesses at one album when it opens another", async () => {
    const target = await targets();
    const own = await targets();
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push(await target.tryAlbum(`wrong ${String(i)}`, '10.8.8.8'));
    expect(answers).toEqual([403, 403, 403, 403, 403]);
    // The client's own album opens (paying back that try only)...
    t.clock.advance(60 * 60_000);
    expect(await own.tryAlbum('album secret', '10.8.8.8')).toBe(200);
    // ...and the next guess at the target must still wait.
    expect(await target.tryAlbum('wrong again', '10.8.8.8')).toBe(429);
  });
});
