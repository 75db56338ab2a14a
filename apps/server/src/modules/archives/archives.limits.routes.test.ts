import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_VERSION, WEB_CLIENT_KEY, type PreparedArchive } from '@trove/contract';
import { albumClient } from '../../test/albums.ts';
import { DIALECTS, createTestApp, signUp, type Session, type TestApp } from '../../test/harness.ts';
import { ARCHIVE_LIMITS } from './archives.service.ts';
import { ARCHIVE_STREAMS_PER_CLIENT } from './stream-slots.ts';

const VISITOR_QUERY = `key=${WEB_CLIENT_KEY}&client_v=${CLIENT_VERSION}&device_id=00000000-0000-4000-8000-000000000001`;

/**
 * Archive preparation and streams are bounded (issue #23, point 6): the same request folds
 * onto one stored row, new rows are counted per client address and per album (ARCHIVE_LIMITS),
 * and one client streams at most ARCHIVE_STREAMS_PER_CLIENT archives at once.
 */
describe.each(DIALECTS)('archive limits (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  let owner: Session;
  let album: string;
  let files: string[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
    owner = await signUp(t.app);
    album = (await c.createShared(owner, 'Open')).id;
    files = [await c.uploaded(owner, album, 'a.jpg', 5000), await c.uploaded(owner, album, 'b.jpg', 6000)];
  });
  afterAll(async () => {
    await t.close();
  });

  /** A visitor's prepare from an address. */
  const prepare = (remoteAddress: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${album}/files_as_archive?${VISITOR_QUERY}`,
      remoteAddress,
      payload: body,
    });
  const rows = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('archives')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const archiveOf = (r: { json: () => unknown }) =>
    new URL((r.json() as PreparedArchive).url, 'http://x').searchParams.get('archive');

  it('folds the same request onto one stored archive', async () => {
    const before = await rows();
    const first = await prepare('10.20.0.1', { file_ids: files, zip_filename: 'Same' });
    const again = await prepare('10.20.0.2', { file_ids: files, zip_filename: 'Same' });
    expect(first.statusCode).toBe(200);
    expect(archiveOf(again)).toBe(archiveOf(first));
    expect(await rows()).toBe(before + 1);
    const other = await prepare('10.20.0.1', { file_ids: files, zip_filename: 'Other' });
    expect(archiveOf(other)).not.toBe(archiveOf(first));
    expect(await rows()).toBe(before + 2);
  });

  it('counts new archives per client address and per album, never against the owner', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= ARCHIVE_LIMITS.perClientHour; i++)
      statuses.push(
        (await prepare('10.21.0.1', { file_ids: files, zip_filename: `c${String(i)}` })).statusCode,
      );
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Asking again for one already prepared stores nothing, and is answered.
    expect((await prepare('10.21.0.1', { file_ids: files, zip_filename: 'c0' })).statusCode).toBe(200);
    // Other addresses fill the album's budget for visitors (the last test made 2 rows)...
    for (let made = ARCHIVE_LIMITS.perClientHour + 2; made < ARCHIVE_LIMITS.perAlbumHour; made++) {
      const from = `10.21.2.${String(Math.floor(made / 50))}`;
      const r = await prepare(from, { file_ids: files, zip_filename: `a${String(made)}` });
      expect(r.statusCode).toBe(200);
    }
    expect((await prepare('10.21.1.1', { file_ids: files, zip_filename: 'late' })).statusCode).toBe(429);
    // ...but the owner still prepares.
    const own = await c.send(owner, 'POST', `/jobs/${album}/files_as_archive`, {
      payload: { file_ids: files, zip_filename: 'mine' },
    });
    expect(own.statusCode).toBe(200);
    // An hour later visitors are counted afresh.
    t.clock.advance(3_600_000);
    expect((await prepare('10.21.1.1', { file_ids: files, zip_filename: 'late' })).statusCode).toBe(200);
  });

  it(`streams at most ${String(ARCHIVE_STREAMS_PER_CLIENT)} archives per client at once`, async () => {
    const big = await c.uploaded(owner, album, 'big.jpg', 24_000_000);
    const r = await c.send(owner, 'POST', `/jobs/${album}/files_as_archive`, {
      payload: { file_ids: [big], zip_filename: 'Big' },
    });
    const url = r.json<PreparedArchive>().url;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const open = () =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        http.get(`${address}${url}`, resolve).on('error', reject);
      });
    // Held open: the client reads nothing, as a slow one would.
    const held: http.IncomingMessage[] = [];
    for (let i = 0; i < ARCHIVE_STREAMS_PER_CLIENT; i++) held.push(await open());
    expect(held.map((res) => res.statusCode)).toEqual(held.map(() => 200));
    const refused = await open();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    refused.resume();
    // One ends: its slot is free again (a resumed download is a new stream).
    const closed = new Promise((resolve) => held[0]?.once('close', resolve));
    held[0]?.destroy();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await open();
    expect(next.statusCode).toBe(200);
    for (const res of [...held, next]) res.destroy();
  });
});
