import type { Kysely, Selectable } from 'kysely';
import type { AuditLogTable, Database } from '../../db/schema.ts';

export type AuditRow = Selectable<AuditLogTable>;

/** An entry with what its target is called now. */
export interface AuditRowWithLabel extends AuditRow {
  /** The target user's e-mail now; null when it names no user, or one that is gone. */
  target_email: string | null;
}

/**
 * The audit log (issue #24): append-only. Nothing here updates or deletes an entry; it is
 * written in the transaction of the action it records.
 */
export function createAuditRepository(db: Kysely<Database>) {
  return {
    async append(entry: AuditRow): Promise<void> {
      await db.insertInto('audit_log').values(entry).execute();
    },

    /** Newest first, strictly before (`at`, `id`) when given. */
    async page(before: { at: number; id: string } | null, limit: number): Promise<AuditRowWithLabel[]> {
      return db
        .selectFrom('audit_log')
        .leftJoin('users', (join) =>
          join.onRef('users.id', '=', 'audit_log.target_id').on('audit_log.target_type', '=', 'user'),
        )
        .selectAll('audit_log')
        .select('users.email as target_email')
        .$if(before !== null, (q) =>
          q.where((eb) =>
            eb.or([
              eb('audit_log.at', '<', before?.at ?? 0),
              eb.and([eb('audit_log.at', '=', before?.at ?? 0), eb('audit_log.id', '<', before?.id ?? '')]),
            ]),
          ),
        )
        .orderBy('audit_log.at', 'desc')
        .orderBy('audit_log.id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
