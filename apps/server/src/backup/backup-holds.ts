import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { BlobStore } from '../storage/blob-store.ts';

/*
 * [Note: Backup hold]
 *
 * A backup is a database snapshot and the blobs it names, and the two cannot be copied in
 * one instant. Copied blobs first, the snapshot would name uploads made during the copy,
 * whose bytes the backup lacks. Snapshot first (what `trove backup` does), a file deleted
 * for good during the copy takes its bytes with it ([Note: Releasing storage]: rows first,
 * bytes after the commit), and the snapshot names bytes the copy no longer finds.
 *
 * So a backup first takes a hold, a `backup_holds` row, committed before the snapshot
 * begins; while any hold has not expired, every process deletes no stored bytes
 * (`holdDeletes` wraps the blob store of `serve`, `worker`, `fsck` and `purge`). The check is
 * made at each deletion, after the rows naming the bytes are gone: a deletion that saw no
 * hold removed its rows before the hold was taken, so before the snapshot, which then does
 * not name those bytes. Bytes kept this way are orphans that `trove fsck` removes once no
 * hold is left. A backup renews its hold while it runs (every HOLD_RENEW_MS, for HOLD_TTL_MS);
 * a crashed backup stops renewing and its hold lapses by itself. A renewal only extends a
 * hold that has not lapsed, so a backup stalled past its expiry learns it and fails rather
 * than trust a copy that deletions may have overtaken. Expiry times come from each
 * process's clock: keep the clocks in sync (the margin is HOLD_TTL_MS - HOLD_RENEW_MS).
 */

/** How long a hold lasts unless renewed. */
export const HOLD_TTL_MS = 10 * 60_000;
/** How often a running backup renews its hold. */
export const HOLD_RENEW_MS = 30_000;

/** The `backup_holds` table: taking, renewing, releasing and asking about holds. */
export function createBackupHolds(db: Kysely<Database>) {
  return {
    /** A new hold of `holder` until now + HOLD_TTL_MS; answers its id. */
    async take(holder: string, now: number): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto('backup_holds')
        .values({ id, holder, started_at: now, expires_at: now + HOLD_TTL_MS })
        .execute();
      return id;
    },
    /** Extends a hold that has not lapsed; false when it had (or is gone). */
    async renew(id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('backup_holds')
        .set({ expires_at: now + HOLD_TTL_MS })
        .where('id', '=', id)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async release(id: string): Promise<void> {
      await db.deleteFrom('backup_holds').where('id', '=', id).execute();
    },
    /** Whether any hold is in force at `now`: stored bytes must not be deleted. */
    async isHeld(now: number): Promise<boolean> {
      const row = await db
        .selectFrom('backup_holds')
        .select('id')
        .where('expires_at', '>', now)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Removes every hold: a restored database carries the hold of the backup it came from. */
    async clear(): Promise<void> {
      await db.deleteFrom('backup_holds').execute();
    },
  };
}
export type BackupHolds = ReturnType<typeof createBackupHolds>;

/**
 * The store with deletions that do nothing while a backup holds ([Note: Backup hold]); the
 * bytes stay as orphans for `trove fsck`. Deletions run after their rows' transaction, never
 * inside one, so the check (a query of its own) cannot wait on the caller's transaction.
 */
export function holdDeletes(
  store: BlobStore,
  holds: Pick<BackupHolds, 'isHeld'>,
  now: () => number = Date.now,
): BlobStore {
  return {
    ...store,
    async delete(key: string): Promise<void> {
      if (await holds.isHeld(now())) return;
      await store.delete(key);
    },
  };
}

/** A hold kept in force while a backup runs. */
export interface KeptHold {
  /** Throws when the hold lapsed (a renewal came too late): the copy cannot be trusted. */
  check(): void;
  /** Renews once more and throws if the hold had lapsed: call when the copy is complete. */
  confirm(): Promise<void>;
  release(): Promise<void>;
}

/** Takes a hold and renews it every HOLD_RENEW_MS until released. */
export async function keepHold(
  holds: BackupHolds,
  holder: string,
  options: { now?: () => number; renewMs?: number; warn?: (message: string) => void } = {},
): Promise<KeptHold> {
  const now = options.now ?? Date.now;
  const id = await holds.take(holder, now());
  let lapsed = false;
  const renew = async () => {
    if (!lapsed && !(await holds.renew(id, now()))) lapsed = true;
  };
  const timer = setInterval(() => {
    // A failed renewal (the database briefly away) is tried again at the next tick; only a
    // renewal that finds the hold expired ends it.
    renew().catch((error: unknown) => options.warn?.(`backup: hold not renewed: ${String(error)}`));
  }, options.renewMs ?? HOLD_RENEW_MS);
  const lapsedError = () =>
    new Error(
      `backup: the backup hold lapsed (no renewal within ${String(HOLD_TTL_MS / 60_000)} minutes); ` +
        'deletions may have overtaken the copy, run the backup again',
    );
  return {
    check() {
      if (lapsed) throw lapsedError();
    },
    async confirm() {
      await renew();
      if (lapsed) throw lapsedError();
    },
    async release() {
      clearInterval(timer);
      await holds.release(id);
    },
  };
}
