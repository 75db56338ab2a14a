import { sql, type Kysely } from 'kysely';

/*
 * Issue #23, a copy carries nothing of its uploader's but the photo ([Note: Who sees a file's
 * details], [Note: Copies]): rows whose adder is not their uploader (copies into an album,
 * shares of another's photo) were written with the uploader's folders in their path, and
 * those made before a processed copy took the facts, or processed after, with the position
 * in their metadata. Each such row keeps its name as its path, and its metadata without
 * latitude and longitude. Nothing else changes; there is no way back to what was removed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`UPDATE files SET path = name
    WHERE uploaded_by IS NOT NULL AND uploaded_by <> added_by AND path <> name`.execute(db);
  const placed: { id: string; metadata: string }[] = await db
    .selectFrom('files')
    .select(['id', 'metadata'])
    .where('uploaded_by', 'is not', null)
    .whereRef('uploaded_by', '<>', 'added_by')
    .where((eb) => eb.or([eb('metadata', 'like', '%"latitude"%'), eb('metadata', 'like', '%"longitude"%')]))
    .orderBy('id')
    .execute();
  for (const row of placed) {
    let metadata: Record<string, unknown>;
    try {
      metadata = JSON.parse(row.metadata) as Record<string, unknown>;
    } catch {
      continue;
    }
    Reflect.deleteProperty(metadata, 'latitude');
    Reflect.deleteProperty(metadata, 'longitude');
    await db
      .updateTable('files')
      .set({ metadata: JSON.stringify(metadata) })
      .where('id', '=', row.id)
      .execute();
  }
}

/** Nothing to undo: the folders and the position removed are kept nowhere. */
export function down(): Promise<void> {
  return Promise.resolve();
}
