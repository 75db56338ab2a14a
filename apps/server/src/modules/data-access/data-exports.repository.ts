import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DataExportEntriesTable, DataExportsTable, Database } from '../../db/schema.ts';
import { insertRows } from '../../db/insert-rows.ts';

export type DataExportRow = Selectable<DataExportsTable>;
export type DataExportEntryRow = Selectable<DataExportEntriesTable>;

/** Rows of SQLite's multi-row insert: 12 columns each, far under its bound-variable limit. */
const INSERT_ROWS = 500;

/** Data exports and their frozen manifests (see [Note: Data export]). Never throws HTTP errors. */
export function createDataExportsRepository(db: Kysely<Database>) {
  const entries = (exportId: string) =>
    db.selectFrom('data_export_entries').selectAll().where('export_id', '=', exportId);
  async function remove(id: string): Promise<void> {
    await db.deleteFrom('data_export_entries').where('export_id', '=', id).execute();
    await db.deleteFrom('data_exports').where('id', '=', id).execute();
  }

  return {
    /**
     * Starts an export in the making. False when the account already has one in the making
     * (the unique index of migration 0016), whoever inserted it first.
     */
    async insertPreparing(row: Insertable<DataExportsTable>): Promise<boolean> {
      const result = await db
        .insertInto('data_exports')
        .values(row)
        .onConflict((oc) => oc.column('user_id').where('ready_at', 'is', null).doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    /** The account's export in the making, if any. */
    findPreparing(userId: string): Promise<DataExportRow | undefined> {
      return db
        .selectFrom('data_exports')
        .selectAll()
        .where('user_id', '=', userId)
        .where('ready_at', 'is', null)
        .executeTakeFirst();
    },

    /** The account's latest finished export: the cooldown runs from its request. */
    latestReady(userId: string): Promise<DataExportRow | undefined> {
      return db
        .selectFrom('data_exports')
        .selectAll()
        .where('user_id', '=', userId)
        .where('ready_at', 'is not', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    find(id: string): Promise<DataExportRow | undefined> {
      return db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A sign of life of the request making the export. */
    async touch(id: string, at: number): Promise<void> {
      await db.updateTable('data_exports').set({ updated_at: at }).where('id', '=', id).execute();
    },

    /** The manifest is whole: the export's layout, and it may be downloaded. */
    async markReady(
      id: string,
      done: Pick<
        DataExportRow,
        'ready_at' | 'entry_count' | 'directory_offset' | 'directory_size' | 'size' | 'omitted'
      >,
    ): Promise<void> {
      await db
        .updateTable('data_exports')
        .set({ ...done, updated_at: done.ready_at ?? 0 })
        .where('id', '=', id)
        .execute();
    },

    /** Removes an export and its entries (one that failed while being made). */
    remove,

    /**
     * Forgets what is no longer needed: the entries of exports past their time, the exports
     * whose cooldown has passed too, and exports in the making whose request stopped giving
     * signs of life before `staleBefore` (a crash: the account may ask again).
     */
    async deleteExpired(now: number, cooldownMs: number, staleBefore: number): Promise<void> {
      const stale = await db
        .selectFrom('data_exports')
        .select('id')
        .where('ready_at', 'is', null)
        .where('updated_at', '<', staleBefore)
        .execute();
      for (const { id } of stale) await remove(id);
      await db
        .deleteFrom('data_export_entries')
        .where('export_id', 'in', (eb) =>
          eb.selectFrom('data_exports').select('id').where('expires_at', '<=', now),
        )
        .execute();
      await db
        .deleteFrom('data_exports')
        .where('expires_at', '<=', now)
        .where('created_at', '<=', now - cooldownMs)
        .execute();
    },

    /** Appends entries of the manifest, in order. */
    async insertEntries(rows: readonly DataExportEntryRow[]): Promise<void> {
      await insertRows(db, 'data_export_entries', rows, INSERT_ROWS);
    },

    /** Up to `limit` entries from `seq` on, in order. */
    entriesFrom(exportId: string, seq: number, limit: number): Promise<DataExportEntryRow[]> {
      return entries(exportId).where('seq', '>=', seq).orderBy('seq').limit(limit).execute();
    },

    /** The entry whose local header and bytes hold the zip's byte `offset`. */
    entryAt(exportId: string, offset: number): Promise<DataExportEntryRow | undefined> {
      return entries(exportId)
        .where('offset', '<=', offset)
        .orderBy('offset', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** The entry whose central directory header holds the directory's byte `offset`. */
    entryAtDirectory(exportId: string, offset: number): Promise<DataExportEntryRow | undefined> {
      return entries(exportId)
        .where('dir_offset', '<=', offset)
        .orderBy('dir_offset', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}
export type DataExportsRepository = ReturnType<typeof createDataExportsRepository>;
