import { PostgresAdapter, sql, type InsertObject, type Kysely, type Selectable } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Inserts many whole rows of one table in as few statements as the engine allows (a share of
 * 500 files, issue #23). PostgreSQL takes them as one JSON parameter
 * (`json_populate_recordset` over the table's row type): parsing and planning 14,000 bound
 * values costs it several times more than reading one document. SQLite, in process, takes
 * multi-row VALUES of at most `maxRows` rows, kept under its 32,766 bound variables. Rows
 * name every column: a column left out would be null on PostgreSQL, not its default.
 */
export async function insertRows<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Selectable<Database[T]>[],
  maxRows: number,
): Promise<void> {
  if (rows.length === 0) return;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`INSERT INTO ${sql.table(table)} SELECT * FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(rows)})`.execute(
      db,
    );
    return;
  }
  for (let i = 0; i < rows.length; i += maxRows)
    await db
      .insertInto(table)
      // Kysely cannot relate a generic table's Selectable to its Insertable: whole rows are both.
      .values(rows.slice(i, i + maxRows) as unknown as InsertObject<Database, T>[])
      .execute();
}
