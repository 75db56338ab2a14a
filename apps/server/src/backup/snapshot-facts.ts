import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createFsckRepository } from '../fsck/fsck.repository.ts';

/** What a database snapshot names: the blobs a backup must hold, and its schema. */
export interface SnapshotFacts {
  /** Every store key the snapshot names (the same set `trove fsck` counts as known). */
  keys: Set<string>;
  /** The last migration applied to it. */
  schema: string;
}

/** Reads the facts of a snapshot through `db`, which must see the snapshot and nothing later. */
export async function snapshotFacts(db: Kysely<Database>): Promise<SnapshotFacts> {
  const keys = await createFsckRepository(db).knownKeys();
  const { rows } = await sql<{
    name: string;
  }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  const schema = rows[0]?.name;
  if (schema === undefined) throw new Error('backup: the database has no migrations applied');
  return { keys, schema };
}
