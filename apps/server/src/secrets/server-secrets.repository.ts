import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Where a kept secret came from: made by a node, or adopted from a node's DATA_DIR key file. */
export type SecretSource = 'generated' | 'data_dir';

/** A secret as the database keeps it. */
export interface StoredSecret {
  value: Buffer;
  source: SecretSource;
  /** When the first node kept it, milliseconds since the epoch. */
  createdAt: number;
}

/** Shorter than this is no key a node made (a row edited by hand, a file cut short). */
export const MIN_SECRET_BYTES = 16;

/** The server_secrets table (migration 0028). See: [Note: Server secret]. */
export function createServerSecretsRepository(db: Kysely<Database>) {
  const repo = {
    async find(name: string): Promise<StoredSecret | undefined> {
      const row = await db
        .selectFrom('server_secrets')
        .select(['value', 'source', 'created_at'])
        .where('name', '=', name)
        .executeTakeFirst();
      if (!row) return undefined;
      const value = Buffer.from(row.value, 'base64');
      // Refusing to start beats signing with a key anyone could guess.
      if (value.length < MIN_SECRET_BYTES)
        throw new Error(
          `server_secrets row ${name} holds no usable key (under ${String(MIN_SECRET_BYTES)} bytes)`,
        );
      return {
        value,
        source: row.source === 'data_dir' ? 'data_dir' : 'generated',
        createdAt: row.created_at,
      };
    },

    /**
     * Keeps `candidate` unless the database holds a secret of this name already; the one it
     * holds either way. Insert-if-absent then read back: of nodes starting together, the
     * first insert wins and every node reads the winner.
     */
    async keepFirst(name: string, candidate: StoredSecret): Promise<StoredSecret> {
      await db
        .insertInto('server_secrets')
        .values({
          name,
          value: candidate.value.toString('base64'),
          source: candidate.source,
          created_at: candidate.createdAt,
        })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const kept = await repo.find(name);
      if (!kept) throw new Error(`server_secrets row ${name} vanished right after it was kept`);
      return kept;
    },
  };
  return repo;
}
export type ServerSecretsRepository = ReturnType<typeof createServerSecretsRepository>;
