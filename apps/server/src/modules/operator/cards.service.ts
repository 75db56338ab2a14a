import { randomUUID } from 'node:crypto';
import { z } from 'zod/mini';
import {
  CardAudience,
  CardClientValues,
  Locale,
  type AdminCard,
  type AdminCardsResponse,
  type FullScreenCardsResponse,
  type NewCardBody,
} from '@trove/contract';
import type { SignedInCaller } from '../../access/caller.ts';
import type { AccountAccess } from '../../access/account-access.ts';
import { NotFoundError } from '../../errors.ts';
import type { Repositories, Transact } from '../repositories.ts';
import { recordAudit, requireOperator, type OperatorActor } from './actor.ts';
import type { CardRow } from './cards.repository.ts';

const toSeconds = (ms: number) => Math.floor(ms / 1000);

/** The card's stored client values, checked again on the way out: the contract's URL rule holds on the wire. */
const clientValuesOf = (row: CardRow) => z.parse(CardClientValues, JSON.parse(row.client_values));

function audienceOf(row: CardRow): CardAudience {
  return z.parse(
    CardAudience,
    row.audience === 'brand'
      ? { kind: 'brand', brand: row.audience_value }
      : row.audience === 'language'
        ? { kind: 'language', locale: row.audience_value }
        : { kind: row.audience },
  );
}

/** Where a card's audience is stored: the kind, and the brand or locale it names. */
function storedAudience(audience: CardAudience): { audience: string; audience_value: string | null } {
  switch (audience.kind) {
    case 'brand':
      return { audience: 'brand', audience_value: audience.brand };
    case 'language':
      return { audience: 'language', audience_value: audience.locale };
    case 'all':
    case 'read_only':
      return { audience: audience.kind, audience_value: null };
  }
}

/**
 * Full-screen message cards (spec 001 §2, §3 Message card, §7 `/v2/full_screen_cards`,
 * dismiss; issue #24): the operator writes one for an audience (everyone, read-only users,
 * one brand's, one language's) and a time window; a user sees those for them in the window
 * until they dismiss each. Action URLs are an in-app route or http(s) only, checked by the
 * contract when written and again when read.
 */
export function createCardsService(deps: {
  repos: Repositories;
  transact: Transact;
  access: AccountAccess;
  now: () => number;
}) {
  const { repos, transact, access, now } = deps;

  /** The cards for the caller now: their account, the brand of the host they came to, their language. */
  async function cardsFor(caller: SignedInCaller, context: { brand: string; appLang: string | undefined }) {
    const user = await repos.accounts.findById(caller.userId);
    if (!user) throw new NotFoundError();
    const locale = Locale.options.find((l) => l === context.appLang) ?? null;
    return repos.cards.forReader(
      { userId: caller.userId, readOnly: user.is_read_only === 1, brand: context.brand, locale },
      now(),
    );
  }

  const toAdminCard = (row: CardRow & { dismissed: number }): AdminCard => ({
    card_id: row.id,
    client_values: clientValuesOf(row),
    audience: audienceOf(row),
    starts_at: toSeconds(row.starts_at),
    ends_at: row.ends_at === null ? null : toSeconds(row.ends_at),
    created: toSeconds(row.created_at),
    dismissed: row.dismissed,
  });

  return {
    /** GET /v2/full_screen_cards (spec 001 §7). */
    async list(
      caller: SignedInCaller,
      context: { brand: string; appLang: string | undefined },
    ): Promise<FullScreenCardsResponse> {
      await access.require(caller, 'readCards');
      const rows = await cardsFor(caller, context);
      return {
        backend_controlled_cards: rows.map((row) => ({
          card_id: row.id,
          client_values: clientValuesOf(row),
        })),
      };
    },

    /** POST /full_screen_cards/{id}/dismiss (spec 001 §7): a card shown to the caller, for good. */
    async dismiss(
      caller: SignedInCaller,
      cardId: string,
      context: { brand: string; appLang: string | undefined },
    ) {
      await access.require(caller, 'readCards');
      // Only a card the caller is shown: any other id is not found, as a missing one is.
      if (!(await cardsFor(caller, context)).some((row) => row.id === cardId)) throw new NotFoundError();
      await repos.cards.dismiss(caller.userId, cardId, now());
    },

    /** POST /admin/cards and `trove admin cards add`. */
    async create(actor: OperatorActor, body: NewCardBody): Promise<AdminCard> {
      await requireOperator(access, actor, 'writeCard');
      const t = now();
      const id = randomUUID();
      const startsAt = body.starts_at === undefined ? t : body.starts_at * 1000;
      const endsAt = body.ends_at === undefined || body.ends_at === null ? null : body.ends_at * 1000;
      await transact(async (tx) => {
        await tx.cards.insert({
          id,
          client_values: JSON.stringify(body.client_values),
          ...storedAudience(body.audience),
          starts_at: startsAt,
          ends_at: endsAt,
          created_at: t,
        });
        await recordAudit(
          tx,
          actor,
          {
            action: 'card.create',
            targetType: 'card',
            targetId: id,
            details: { label: body.client_values.title },
          },
          t,
        );
      });
      const row = await repos.cards.find(id);
      if (!row) throw new NotFoundError();
      return toAdminCard({ ...row, dismissed: 0 });
    },

    /** POST /admin/cards/{id}/end and `trove admin cards end`: nobody sees it from now on. */
    async end(actor: OperatorActor, cardId: string): Promise<void> {
      await requireOperator(access, actor, 'endCard');
      const t = now();
      await transact(async (tx) => {
        const card = await tx.cards.find(cardId);
        if (!card) throw new NotFoundError();
        if (!(await tx.cards.end(cardId, t))) return;
        await recordAudit(
          tx,
          actor,
          {
            action: 'card.end',
            targetType: 'card',
            targetId: cardId,
            details: { label: clientValuesOf(card).title },
          },
          t,
        );
      });
    },

    /** GET /admin/cards and `trove admin cards list`. */
    async listAll(actor: OperatorActor): Promise<AdminCardsResponse> {
      await requireOperator(access, actor, 'writeCard', undefined, true);
      return { cards: (await repos.cards.listWithCounts()).map(toAdminCard) };
    },
  };
}
export type CardsService = ReturnType<typeof createCardsService>;
