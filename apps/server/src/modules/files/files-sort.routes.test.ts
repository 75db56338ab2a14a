import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, signUp, type Session, type TestApp } from '../../test/harness.ts';
import { albumClient, expectStatus } from '../../test/albums.ts';

/** GET /jobs/{id}/files?sort=ADDED|OLDEST_TAKEN|NEWEST_TAKEN, paged by cursor (spec 000 §2). */
describe.each(DIALECTS)('file sorts (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every file of the job in `sort`, one page of `limit` at a time. */
  async function pages(s: Session, jobId: string, sort: string | undefined, limit: number) {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const query = new URLSearchParams({ limit: String(limit), ...(sort && { sort }) });
      if (cursor) query.set('cursor', cursor);
      const r = await c.send(s, 'GET', `/jobs/${jobId}/files?${query.toString()}`);
      expect(r.statusCode, r.body).toBe(200);
      const page = r.json<{ files: { id: string }[]; next_cursor: string | null }>();
      ids.push(...page.files.map((f) => f.id));
      cursor = page.next_cursor;
      if (!cursor) return ids;
    }
    throw new Error('paging did not end');
  }

  it('orders by upload or taken time and pages each order without gaps or repeats', async () => {
    const owner = await signUp(t.app);
    const album = await c.create(owner, { name: 'Sorted' });
    // Uploaded in this order; taken (mtime) middle, oldest, newest, and a tie with the first.
    const taken = [1_700_000_000, 1_600_000_000, 1_750_000_000, 1_700_000_000];
    const ids: string[] = [];
    for (const [i, mtime] of taken.entries()) {
      t.clock.advance(60_000);
      ids.push(await c.uploaded(owner, album.id, `p${String(i)}.jpg`, 4000 + i, mtime));
    }
    const [p0 = '', p1 = '', p2 = '', p3 = ''] = ids;
    const tie = [p0, p3].sort();
    const added = [p3, p2, p1, p0];
    const newest = [p2, ...[...tie].reverse(), p1];
    const oldest = [p1, ...tie, p2];
    for (const limit of [1, 2, 10]) {
      expect(await pages(owner, album.id, 'ADDED', limit)).toEqual(added);
      expect(await pages(owner, album.id, 'NEWEST_TAKEN', limit)).toEqual(newest);
      expect(await pages(owner, album.id, 'OLDEST_TAKEN', limit)).toEqual(oldest);
      expect(await pages(owner, album.id, undefined, limit)).toEqual(newest);
    }
    // Without a sort an album follows its sort_order attribute.
    await c.send(owner, 'PUT', `/jobs/${album.id}/attribute/sort_order`, { payload: { value: 'ADDED' } });
    expect(await pages(owner, album.id, undefined, 1)).toEqual(added);
    // Months stay by taken month whatever the order.
    const months = await c.send(owner, 'GET', `/jobs/${album.id}/timeline/months`);
    expect(months.json<{ months: unknown[] }>().months).toHaveLength(3);

    // A cursor continues only the order it came from.
    const first = await c.send(owner, 'GET', `/jobs/${album.id}/files?limit=1&sort=ADDED`);
    const cursor = first.json<{ next_cursor: string }>().next_cursor;
    expectStatus(
      await c.send(owner, 'GET', `/jobs/${album.id}/files?limit=1&sort=OLDEST_TAKEN&cursor=${cursor}`),
      400,
    );
    expectStatus(await c.send(owner, 'GET', `/jobs/${album.id}/files?sort=NAME`), 400);
  });
});
