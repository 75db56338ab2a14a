import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CardsTable, Database } from '../../db/schema.ts';

export type CardRow = Selectable<CardsTable>;

/** What decides whether a card is for a reader: their account, brand and language. */
export interface CardReader {
  userId: string;
  readOnly: boolean;
  brand: string;
  /** The UI language the client asked in; null when it named none of ours. */
  locale: string | null;
}

/** Full-screen cards (spec 001 §3 Message card) and who dismissed which. */
export function createCardsRepository(db: Kysely<Database>) {
  return {
    async insert(card: Insertable<CardsTable>): Promise<void> {
      await db.insertInto('cards').values(card).execute();
    },

    find(id: string): Promise<CardRow | undefined> {
      return db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Ends a card at `at` (it stays in the list); false when it had ended already. */
    async end(id: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('cards')
        .set({ ends_at: at })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** The cards shown to `reader` at `now`: in their window, for them, not dismissed; oldest first. */
    forReader(reader: CardReader, now: number): Promise<CardRow[]> {
      return db
        .selectFrom('cards')
        .selectAll()
        .where('starts_at', '<=', now)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .where((eb) =>
          eb.or([
            eb('audience', '=', 'all'),
            ...(reader.readOnly ? [eb('audience', '=', 'read_only')] : []),
            eb.and([eb('audience', '=', 'brand'), eb('audience_value', '=', reader.brand)]),
            ...(reader.locale === null
              ? []
              : [eb.and([eb('audience', '=', 'language'), eb('audience_value', '=', reader.locale)])]),
          ]),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('card_dismissals as d')
                .select('d.card_id')
                .whereRef('d.card_id', '=', 'cards.id')
                .where('d.user_id', '=', reader.userId),
            ),
          ),
        )
        .orderBy('starts_at')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async dismiss(userId: string, cardId: string, at: number): Promise<void> {
      await db
        .insertInto('card_dismissals')
        .values({ user_id: userId, card_id: cardId, dismissed_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'card_id']).doNothing())
        .execute();
    },

    /** Every card, newest first, with how many accounts dismissed it. */
    async listWithCounts(): Promise<(CardRow & { dismissed: number })[]> {
      const rows = await db
        .selectFrom('cards')
        .selectAll('cards')
        .select((eb) =>
          eb
            .selectFrom('card_dismissals as d')
            .select((s) => s.fn.countAll<number>().as('n'))
            .whereRef('d.card_id', '=', 'cards.id')
            .as('dismissed'),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ ...row, dismissed: row.dismissed ?? 0 }));
    },
  };
}
export type CardsRepository = ReturnType<typeof createCardsRepository>;
