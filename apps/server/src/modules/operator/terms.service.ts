import {
  Locale,
  type AdminTermsResponse,
  type PublishTermsBody,
  type TosDocument,
  type TosObject,
} from '@trove/contract';
import { z } from 'zod/mini';
import type { SignedInCaller } from '../../access/caller.ts';
import type { AccountAccess } from '../../access/account-access.ts';
import { AppError, ConflictError, NotFoundError } from '../../errors.ts';
import type { Repositories, Transact } from '../repositories.ts';
import { recordAudit, requireOperator, type OperatorActor } from './actor.ts';
import type { TosVersionRow } from './terms.repository.ts';

const toSeconds = (ms: number) => Math.floor(ms / 1000);

/** 409 tos_outdated: approve_tos named a version that is not the latest (issue #24). */
export class TosOutdatedError extends AppError {
  constructor() {
    super(409, 'tos_outdated', 'A newer version of the terms of service exists');
  }
}

const Texts = z.record(z.string(), z.string());
const textsOf = (row: TosVersionRow) => z.parse(Texts, JSON.parse(row.texts));

/**
 * Terms of service with versions (spec 001 §3 ToS object, §4 Terms "unverified then
 * verified", §7 approve_tos; issue #24). The latest published version is the one to accept:
 * `tos_to_approve` names it until the user has, and `approve_tos` accepts it only, so a tab
 * opened before a newer version cannot clear that one (RESEARCH-ACCOUNT-PAYMENTS §2.6).
 */
export function createTermsService(deps: {
  repos: Repositories;
  transact: Transact;
  access: AccountAccess;
  now: () => number;
}) {
  const { repos, transact, access, now } = deps;
  return {
    /** account_info.tos_to_approve: the latest version when the user has not accepted it. */
    async toApprove(userId: string): Promise<TosObject | null> {
      const version = await repos.terms.latestUnaccepted(userId);
      return version === undefined ? null : { version };
    },

    /** GET /tos/{version}: its text in `appLang`, else English (every version has it). */
    async document(
      caller: SignedInCaller,
      version: string,
      appLang: string | undefined,
    ): Promise<TosDocument> {
      await access.require(caller, 'readTerms');
      const row = await repos.terms.find(version);
      if (!row) throw new NotFoundError();
      const texts = textsOf(row);
      const asked = Locale.options.find((locale) => locale === appLang);
      const locale = asked !== undefined && texts[asked] !== undefined ? asked : 'en_US';
      return { version, published_at: toSeconds(row.published_at), locale, text: texts[locale] ?? '' };
    },

    /** POST /approve_tos (spec 001 §7). */
    async approve(caller: SignedInCaller, version: string): Promise<void> {
      await access.require(caller, 'approveTerms');
      const latest = await repos.terms.latest();
      if (latest?.version !== version) throw new TosOutdatedError();
      await repos.terms.accept(caller.userId, version, now());
    },

    /** POST /admin/terms and `trove admin terms publish`: the new latest version. */
    async publish(actor: OperatorActor, body: PublishTermsBody): Promise<void> {
      await requireOperator(access, actor, 'publishTerms');
      const t = now();
      const before = await repos.terms.latest();
      try {
        await transact(async (tx) => {
          if (await tx.terms.find(body.version)) throw new ConflictError('This version exists already');
          await tx.terms.publish(body.version, JSON.stringify(body.texts), t);
          await recordAudit(
            tx,
            actor,
            {
              action: 'terms.publish',
              targetType: 'terms',
              targetId: body.version,
              details: { label: body.version },
            },
            t,
          );
        });
      } catch (error) {
        // Another publish took the version, or the place after the latest, first (unique keys).
        if (!(error instanceof AppError) && (await repos.terms.latest())?.version !== before?.version)
          throw new ConflictError('Another version was published at the same time');
        throw error;
      }
    },

    /** GET /admin/terms and `trove admin terms list`. */
    async list(actor: OperatorActor): Promise<AdminTermsResponse> {
      await requireOperator(access, actor, 'publishTerms', undefined, true);
      const rows = await repos.terms.listWithCounts();
      return {
        versions: rows.map((row) => ({
          version: row.version,
          published_at: toSeconds(row.published_at),
          locales: Locale.options.filter((locale) => textsOf(row)[locale] !== undefined),
          accepted: row.accepted,
        })),
      };
    },
  };
}
export type TermsService = ReturnType<typeof createTermsService>;
