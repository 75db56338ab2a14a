import { iso, type AccountSection } from '../data-access/export-documents.ts';
import type { GrantsRepository } from './grants.repository.ts';

/**
 * The account's storage grants in its data export (issue #25; spec 001 §3 Grant): every grant
 * it ever had, ended ones too, with when it was given and ended. Which operator gave it
 * stays in the audit log: the source says where it came from, and the operator's identity is
 * not the account's data.
 */
export function grantsExportSection(grants: Pick<GrantsRepository, 'listAll'>): AccountSection {
  return {
    path: 'account/storage-grants.json',
    read: async (userId) => ({
      grants: (await grants.listAll(userId)).map((g) => ({
        id: g.id,
        source: g.source,
        size_bytes: g.size_bytes,
        renews_at: iso(g.renews_at),
        expires_at: iso(g.expires_at),
        plan: g.stripe_product_id,
        given: iso(g.created_at),
        ended: iso(g.ended_at),
      })),
    }),
  };
}
