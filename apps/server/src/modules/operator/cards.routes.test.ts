import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCard, FullScreenCardsResponse } from '@trove/contract';
import { expectStatus } from '../../test/albums.ts';
import {
  DIALECTS,
  LASTING_SIGN_IN_ENV,
  createTestApp,
  signUp,
  type Session,
  type TestApp,
} from '../../test/harness.ts';
import { operatorAndUser, operatorClient } from './operator.test-support.ts';

const HOUR = 3600;

/** A card's body as the admin area sends it, with a title and audience. */
function cardBody(title: string, audience: object = { kind: 'all' }, window: object = {}) {
  return {
    client_values: {
      title,
      illustration: 'info',
      body: 'Something to know.',
      primary_cta: {
        label: 'Open',
        dismiss_on_tap: true,
        web_action: { action_type: 'internal_navigation', url: '/albums' },
      },
      secondary_cta: {
        label: 'Read more',
        dismiss_on_tap: false,
        web_action: { action_type: 'new_tab', url: 'https://example.com/news' },
      },
    },
    audience,
    ...window,
  };
}

/**
 * Full-screen cards (spec 001 §3 Message card, §7 `/v2/full_screen_cards`, dismiss; issue
 * #24): the operator writes one for an audience and a time window; each user sees the cards
 * for them until they dismiss each; action URLs are an in-app route or http(s) only.
 */
describe.each(DIALECTS)('full-screen cards (%s)', (dialect) => {
  let t: TestApp;
  let o: ReturnType<typeof operatorClient>;
  let operator: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: LASTING_SIGN_IN_ENV });
    o = operatorClient(t);
    ({ operator } = await operatorAndUser(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const write = (body: object) => {
    // A second apart: cards that start together show in the order they were written.
    t.clock.advance(1000);
    return o.ok<AdminCard>(o.send(operator, 'POST', '/admin/cards', { payload: body }), 201);
  };
  const titles = async (who: Session, extra: { lang?: string; host?: string } = {}) => {
    const r = await o.send(
      who,
      'GET',
      `/v2/full_screen_cards${extra.lang ? `?app_lang=${extra.lang}` : ''}`,
      {
        headers: extra.host ? { host: extra.host } : {},
      },
    );
    expectStatus(r, 200);
    return r.json<FullScreenCardsResponse>().backend_controlled_cards.map((c) => c.client_values.title);
  };
  const end = (cardId: string) => o.send(operator, 'POST', `/admin/cards/${cardId}/end`);

  it('shows each card to its audience only, in its window, until dismissed or ended', async () => {
    const subscriber = await signUp(t.app);
    const readOnly = await signUp(t.app);
    await t.database.db
      .updateTable('users')
      .set({ is_read_only: 1 })
      .where('id', '=', readOnly.userId)
      .execute();
    const now = Math.floor(t.clock.now() / 1000) + 10;
    const cards = [
      await write(cardBody('For all')),
      await write(cardBody('For read-only', { kind: 'read_only' })),
      await write(cardBody('For Norway', { kind: 'brand', brand: 'no' })),
      await write(cardBody('På svenska', { kind: 'language', locale: 'sv_SE' })),
      await write(cardBody('Tomorrow', { kind: 'all' }, { starts_at: now + 24 * HOUR })),
      await write(cardBody('One hour', { kind: 'all' }, { ends_at: now + HOUR })),
    ];
    expect(await titles(subscriber)).toEqual(['For all', 'One hour']);
    expect(await titles(readOnly)).toEqual(['For all', 'For read-only', 'One hour']);
    expect(await titles(subscriber, { host: 'bilder.example.no' })).toEqual([
      'For all',
      'For Norway',
      'One hour',
    ]);
    expect(await titles(subscriber, { lang: 'sv_SE' })).toEqual(['For all', 'På svenska', 'One hour']);

    // Dismissed, a card is gone for that user only.
    const forAll = cards[0]?.card_id ?? '';
    expectStatus(await o.send(subscriber, 'POST', `/full_screen_cards/${forAll}/dismiss`), 200);
    expect(await titles(subscriber)).toEqual(['One hour']);
    expect(await titles(readOnly)).toContain('For all');
    // A card the caller is not shown cannot be dismissed: it reads as a missing one.
    const norway = cards[2]?.card_id ?? '';
    const notShown = await o.send(subscriber, 'POST', `/full_screen_cards/${norway}/dismiss`);
    const missing = await o.send(
      subscriber,
      'POST',
      '/full_screen_cards/00000000-0000-4000-8000-000000000000/dismiss',
    );
    expect([notShown.statusCode, notShown.body]).toEqual([missing.statusCode, missing.body]);

    // Time moves: the one-hour card ends by itself, tomorrow's starts.
    t.clock.advance(25 * HOUR * 1000);
    expect(await titles(subscriber)).toEqual(['Tomorrow']);
    // Ended by the operator, a card is gone for everyone, and stays listed for the operator.
    expectStatus(await end(cards[4]?.card_id ?? ''), 200);
    expect(await titles(subscriber)).toEqual([]);
    const listed = await o.ok<{ cards: AdminCard[] }>(o.send(operator, 'GET', '/admin/cards'));
    const forAllListed = listed.cards.find((c) => c.card_id === forAll);
    expect(forAllListed?.dismissed).toBe(1);
    expectStatus(await end('00000000-0000-4000-8000-000000000000'), 404, 'not_found');
  });

  it('refuses every action URL but an in-app route or http(s), and a window that ends before it starts', async () => {
    const withUrl = (actionType: string, url: string) => {
      const body = cardBody('Bad');
      body.client_values.primary_cta.web_action = { action_type: actionType, url };
      return o.send(operator, 'POST', '/admin/cards', { payload: body });
    };
    for (const [type, url] of [
      ['internal_navigation', 'javascript:alert(1)'],
      ['new_tab', 'javascript:alert(1)'],
      ['redirect', 'JaVaScRiPt:alert(1)'],
      ['new_tab', 'data:text/html,<script>alert(1)</script>'],
      ['redirect', '//evil.example.com'],
      ['redirect', '/\\evil.example.com'],
      ['internal_navigation', 'https://example.com'],
      ['new_tab', 'https://exa mple.com'],
      ['new_tab', 'ftp://example.com/file'],
      ['internal_navigation', '/photos\u0000'],
    ])
      expectStatus(await withUrl(type ?? '', url ?? ''), 400, 'validation_failed');
    for (const [type, url] of [
      ['internal_navigation', '/settings/storage?from=card#plans'],
      ['new_tab', 'https://example.com/a?b=c'],
      ['redirect', 'http://localhost:8080/x'],
    ])
      expectStatus(await withUrl(type ?? '', url ?? ''), 201);
    const now = Math.floor(t.clock.now() / 1000);
    const backwards = cardBody('Backwards', { kind: 'all' }, { starts_at: now + 10, ends_at: now });
    expectStatus(
      await o.send(operator, 'POST', '/admin/cards', { payload: backwards }),
      400,
      'validation_failed',
    );
  });

  it('writes each card and each end to the audit log', async () => {
    t.clock.advance(1000);
    const card = await write(cardBody('Audited card'));
    t.clock.advance(1000);
    expectStatus(await end(card.card_id), 200);
    // Ending twice writes nothing more.
    expectStatus(await end(card.card_id), 200);
    const { entries } = await o.ok<{ entries: { action: string; target_label: string }[] }>(
      o.send(operator, 'GET', '/admin/audit?limit=2'),
    );
    expect(entries.map((e) => [e.action, e.target_label])).toEqual([
      ['card.end', 'Audited card'],
      ['card.create', 'Audited card'],
    ]);
  });
});
