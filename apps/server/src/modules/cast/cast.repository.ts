import type { Kysely, Selectable } from 'kysely';
import type { CastReceiversTable, Database } from '../../db/schema.ts';
import type { FileRow } from '../files/files.repository.ts';

export type CastReceiver = Selectable<CastReceiversTable>;

/** What a sender's message or a receiver's report writes. */
export interface CastPlaybackRow {
  item_index: number;
  playing: number;
  autoplay: number;
  position_ms: number;
}

/** Cast receivers and their pairings (issue #27, [Note: Casting]). Queries only. */
export function createCastRepository(db: Kysely<Database>) {
  return {
    async insert(row: CastReceiver): Promise<void> {
      await db.insertInto('cast_receivers').values(row).execute();
    },
    findById(id: string): Promise<CastReceiver | undefined> {
      return db.selectFrom('cast_receivers').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findBySecretHash(secretHash: string): Promise<CastReceiver | undefined> {
      return db
        .selectFrom('cast_receivers')
        .selectAll()
        .where('secret_hash', '=', secretHash)
        .executeTakeFirst();
    },
    /** The unpaired receiver showing this code, while the code lives. */
    findByCode(codeHash: string, now: number): Promise<CastReceiver | undefined> {
      return db
        .selectFrom('cast_receivers')
        .selectAll()
        .where('code_hash', '=', codeHash)
        .where('code_expires_at', '>', now)
        .where('user_id', 'is', null)
        .executeTakeFirst();
    },
    async isSessionLive(sessionId: string): Promise<boolean> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('sessions.id')
        .where('sessions.id', '=', sessionId)
        .where('sessions.revoked_at', 'is', null)
        .where('users.disabled_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * Pairs a receiver whose code is still unused: true when this call took the code (two
     * senders typing the same code at once: one wins).
     */
    async pair(
      id: string,
      codeHash: string,
      pairing: { user_id: string; session_id: string; now: number },
    ): Promise<boolean> {
      const result = await db
        .updateTable('cast_receivers')
        .set({
          code_hash: null,
          user_id: pairing.user_id,
          session_id: pairing.session_id,
          paired_at: pairing.now,
          sender_seen_at: pairing.now,
        })
        .where('id', '=', id)
        .where('code_hash', '=', codeHash)
        .where('user_id', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    listForUser(userId: string): Promise<CastReceiver[]> {
      return db
        .selectFrom('cast_receivers')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('paired_at', 'desc')
        .execute();
    },
    async countPaired(userId: string): Promise<number> {
      const row = await db
        .selectFrom('cast_receivers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.n;
    },
    /** A sender's call keeps the pairing from lapsing. */
    async touchSender(id: string, now: number): Promise<void> {
      await db.updateTable('cast_receivers').set({ sender_seen_at: now }).where('id', '=', id).execute();
    },
    /** A sender's message: new playback (and queue), the serial one up. */
    async command(
      id: string,
      playback: CastPlaybackRow,
      queue?: { job_id: string; file_ids: string; media_scope: string; session_id: string },
    ): Promise<void> {
      await db
        .updateTable('cast_receivers')
        .set((eb) => ({ ...playback, ...queue, serial: eb('serial', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
    /** The receiver says where it is; the serial stays (it is no sender's message). */
    async report(id: string, playback: CastPlaybackRow, now: number): Promise<void> {
      await db
        .updateTable('cast_receivers')
        .set({ ...playback, reported_at: now })
        .where('id', '=', id)
        .execute();
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('cast_receivers').where('id', '=', id).execute();
    },
    /**
     * Unpaired receivers whose code has lapsed (nobody can pair with them any more) and
     * pairings idle for `idleMs`: what no call can bring back.
     */
    async removeLapsed(now: number, idleMs: number): Promise<void> {
      await db
        .deleteFrom('cast_receivers')
        .where((eb) =>
          eb.or([
            eb.and([eb('user_id', 'is', null), eb('code_expires_at', '<=', now)]),
            eb('sender_seen_at', '<=', now - idleMs),
          ]),
        )
        .execute();
    },
    /** The active, processed pictures and videos of a job among `ids`. */
    filesOf(jobId: string, ids: readonly string[]): Promise<FileRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('files')
        .selectAll()
        .where('job_id', '=', jobId)
        .where('id', 'in', ids)
        .where('state', '=', 'active')
        .execute();
    },
  };
}
export type CastRepository = ReturnType<typeof createCastRepository>;
