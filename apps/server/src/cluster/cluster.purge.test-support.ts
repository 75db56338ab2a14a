import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { listObjects } from '../storage/s3.test-support.ts';
import type { Cluster } from './cluster.test-support.ts';

const DAY_MS = 86_400_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A call as the test's user to `base` (the load balancer or one node). */
type Call = (base: string, pathAndQuery: string, init?: RequestInit) => Promise<Response>;

/**
 * A worker killed mid-purge (issue #26): the 90-day purge of spec 000 §4 is one work item
 * that frees the trash batch by batch, then album by album. It runs on one worker only; the
 * test waits for its first batch of files to commit (the trashed count drops) and SIGKILLs
 * that worker while it deletes the batch's bytes, before it reaches the albums. The other
 * worker must finish the albums; nothing may be done twice with a visible effect: the used
 * space is exactly what the user's blobs weigh, the files kept are whole, and fsck finds
 * nothing missing or corrupt (the killed batch's bytes are orphans it removes).
 */
export async function killMidPurge(options: {
  cluster: Cluster;
  call: Call;
  userId: string;
  timeline: string;
  /** Unique decodable JPEGs of about this many bytes: `jpeg(i)`. */
  jpeg: (i: number) => Promise<Buffer>;
  figures: Record<string, string | number>;
}): Promise<void> {
  const { cluster, call, userId, timeline, figures } = options;
  const db = cluster.database.handle.db;
  const [first, second] = cluster.workers;
  await Promise.all([first.kill('SIGTERM'), second.kill('SIGTERM')]);

  // Albums for the purge's second part, each with files of its own, deleted to the trash.
  const albums: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    const made = await call(cluster.lb, '/st/4/jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Purged ${String(i)}` }),
    });
    const album = ((await made.json()) as { id: string }).id;
    for (let j = 0; j < 3; j += 1) {
      const form = new FormData();
      form.set('path', `purge/${String(i)}-${String(j)}.jpg`);
      form.set('file', new Blob([await options.jpeg(i * 10 + j)]), 'a.jpg');
      const sent = await call(cluster.lb, `/st/4/jobs/${album}/upload`, { method: 'POST', body: form });
      expect(sent.status).toBe(200);
    }
    expect((await call(cluster.lb, `/st/4/jobs/${album}`, { method: 'DELETE' })).status).toBe(200);
    albums.push(album);
  }
  // The timeline's files but ten go to the trash, through the load balancer.
  const active = await db
    .selectFrom('files')
    .select('id')
    .where('job_id', '=', timeline)
    .where('state', '=', 'active')
    .orderBy('id')
    .execute();
  const kept = active.slice(0, 10).map((row) => row.id);
  for (const { id } of active.slice(10)) {
    const trashed = await call(cluster.lb, `/st/4/jobs/${timeline}/files_by_id/${id}`, { method: 'DELETE' });
    expect(trashed.status).toBe(200);
  }
  // Ninety-one days pass for what is in the trash.
  await db
    .updateTable('files')
    .set((eb) => ({ dtime: eb('dtime', '-', 91 * DAY_MS) }))
    .where('state', '=', 'trashed')
    .execute();
  await db
    .updateTable('jobs')
    .set((eb) => ({ deleted_at: eb('deleted_at', '-', 91 * DAY_MS) }))
    .where('id', 'in', albums)
    .execute();
  const countTrashed = async () =>
    Number(
      (
        await db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('state', '=', 'trashed')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const albumsLeft = async () =>
    (await db.selectFrom('jobs').select('id').where('id', 'in', albums).execute()).length;
  const trashed = await countTrashed();
  figures['purge: files in the trash'] = trashed;

  // A worker starting asks for the purge; only `first` runs, so it takes it.
  await first.start();
  const started = Date.now();
  while ((await countTrashed()) === trashed) {
    if (Date.now() - started > 60_000) throw new Error(`the purge did not start: ${first.output()}`);
    await sleep(20);
  }
  await first.kill('SIGKILL');
  const killedAt = Date.now();
  // The kill came before the albums: the other worker has work left to finish.
  expect(await albumsLeft()).toBe(albums.length);
  await second.start();
  while ((await albumsLeft()) > 0 || (await countTrashed()) > 0) {
    if (Date.now() - killedAt > 120_000) throw new Error(`the purge was not finished: ${second.output()}`);
    await sleep(250);
  }
  figures['purge finished after its worker died (s)'] = Math.round((Date.now() - killedAt) / 100) / 10;

  // Used space is what the user's blobs weigh: no blob was charged off twice.
  const owned = await db
    .selectFrom('blobs')
    .select((eb) => eb.fn.sum<string | null>('size').as('bytes'))
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('users')
    .select('used_space')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  expect(user.used_space).toBe(Number(owned.bytes ?? 0));
  // The files kept are whole: listed, and each original's bytes match its checksum.
  const listing = (await (await call(cluster.lb, `/st/4/jobs/${timeline}/files`)).json()) as {
    files: { id: string; checksum: string; file_url: string }[];
  };
  expect(listing.files.map((file) => file.id).sort()).toEqual([...kept].sort());
  for (const file of listing.files) {
    const original = await fetch(`${cluster.lb}${file.file_url.replace(/^https?:\/\/[^/]+/, '')}`);
    expect(original.status).toBe(200);
    const bytes = Buffer.from(await original.arrayBuffer());
    expect(createHash('sha1').update(bytes).digest('hex')).toBe(file.checksum);
  }
  const known = new Set([
    ...(await db.selectFrom('blobs').select('store_key').execute()).map((r) => r.store_key),
    ...(await db.selectFrom('derivatives').select('store_key').execute()).map((r) => r.store_key),
  ]);
  const stored = await listObjects(cluster.s3, cluster.bucket, 'blobs/');
  figures['purge: objects the kill left behind'] = stored.filter(
    (key) => !known.has(key.slice('blobs/'.length)),
  ).length;
  const fsck = await cluster.run(['fsck', '--verify', '--grace-minutes', '0']);
  figures['fsck after the purge'] = /fsck: .*/.exec(fsck.output)?.[0] ?? fsck.output.trim();
  expect(fsck.output).toMatch(/0 MISSING, 0 CORRUPT/);
  expect(fsck.code).toBe(0);
  await first.start();
}
