import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsBlobStore } from '../storage/fs-blob-store.ts';
import { DIALECTS, openTestDatabase, type TestDatabase } from '../test/harness.ts';
import { createBackupHolds, holdDeletes, HOLD_TTL_MS, keepHold } from './backup-holds.ts';

/** [Note: Backup hold]: while a backup holds, stored bytes stay; a lapsed hold is no hold. */
describe.each(DIALECTS)('backup holds (%s)', (dialect) => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-holds-'));
  });
  afterAll(async () => {
    await database.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const holds = () => createBackupHolds(database.handle.db);

  it('holds from take until release or expiry, and renews only a hold in force', async () => {
    const t = 1_000_000;
    const id = await holds().take('test', t);
    expect(await holds().isHeld(t)).toBe(true);
    expect(await holds().isHeld(t + HOLD_TTL_MS - 1)).toBe(true);
    expect(await holds().isHeld(t + HOLD_TTL_MS)).toBe(false);
    expect(await holds().renew(id, t + HOLD_TTL_MS - 1)).toBe(true);
    expect(await holds().isHeld(t + 2 * HOLD_TTL_MS - 2)).toBe(true);
    // Lapsed: deletions may have run meanwhile, so it is not brought back.
    expect(await holds().renew(id, t + 3 * HOLD_TTL_MS)).toBe(false);
    expect(await holds().isHeld(t + 3 * HOLD_TTL_MS)).toBe(false);
    const other = await holds().take('test', t);
    await holds().release(other);
    expect(await holds().isHeld(t)).toBe(true);
    await holds().release(id);
    expect(await holds().isHeld(t)).toBe(false);
  });

  it('keeps a hold renewed while a backup runs, and says so when it lapsed', async () => {
    let now = 5_000_000;
    const kept = await keepHold(holds(), 'test', { now: () => now, renewMs: 20 });
    now += HOLD_TTL_MS - 1;
    await new Promise((resolve) => setTimeout(resolve, 100));
    kept.check();
    // Renewed from the last tick, so still in force a whole TTL after it.
    expect(await holds().isHeld(now + HOLD_TTL_MS - 1)).toBe(true);
    await kept.release();
    expect(await holds().isHeld(now)).toBe(false);

    const stalled = await keepHold(holds(), 'test', { now: () => now, renewMs: 3_600_000 });
    now += HOLD_TTL_MS + 1;
    await expect(stalled.confirm()).rejects.toThrow(/hold lapsed/);
    expect(() => {
      stalled.check();
    }).toThrow(/hold lapsed/);
    await stalled.release();
  });

  it('leaves stored bytes in place while held, and deletes them again once released', async () => {
    const raw = createFsBlobStore(dir, { reserveBytes: 0 });
    const store = holdDeletes(raw, holds(), () => 9_000_000);
    const kept = await store.put(Readable.from([Buffer.from('named by a snapshot')]));
    const id = await holds().take('test', 9_000_000);
    await store.delete(kept.key);
    expect(await raw.stat(kept.key)).toBeDefined();
    await holds().release(id);
    await store.delete(kept.key);
    expect(await raw.stat(kept.key)).toBeUndefined();
  });
});
