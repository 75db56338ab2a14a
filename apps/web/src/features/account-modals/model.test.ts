import { describe, expect, it } from 'vitest';
import type { FullScreenCard } from '@trove/contract';
import { nextModal } from './model.ts';

const card = (id: string): FullScreenCard => ({
  card_id: id,
  client_values: {
    title: id,
    illustration: 'info',
    body: 'b',
    primary_cta: {
      label: 'OK',
      dismiss_on_tap: true,
      web_action: { action_type: 'internal_navigation', url: '/photos' },
    },
  },
});

describe('the modal queue (spec 001 §4)', () => {
  it('shows the terms first, and no card while they wait', () => {
    expect(
      nextModal({ tosToApprove: { version: 'v2' }, cards: [card('a')], closedCards: new Set() }),
    ).toEqual({
      kind: 'terms',
      version: 'v2',
    });
  });

  it('then the cards, oldest first, skipping those closed in this session', () => {
    const cards = [card('a'), card('b')];
    expect(nextModal({ tosToApprove: null, cards, closedCards: new Set() })).toEqual({
      kind: 'card',
      card: cards[0],
    });
    expect(nextModal({ tosToApprove: null, cards, closedCards: new Set(['a']) })).toEqual({
      kind: 'card',
      card: cards[1],
    });
    expect(nextModal({ tosToApprove: null, cards, closedCards: new Set(['a', 'b']) })).toBeNull();
    expect(nextModal({ tosToApprove: null, cards: undefined, closedCards: new Set() })).toBeNull();
  });

  it('shows the sunset notice after the terms and before the cards, once', () => {
    const base = { cards: [card('a')], closedCards: new Set<string>(), sunsetDate: 1_800_000_000 };
    expect(nextModal({ ...base, tosToApprove: { version: 'v2' } })).toEqual({ kind: 'terms', version: 'v2' });
    expect(nextModal({ ...base, tosToApprove: null })).toEqual({ kind: 'sunset', date: 1_800_000_000 });
    expect(nextModal({ ...base, tosToApprove: null, sunsetSeen: true })?.kind).toBe('card');
    expect(nextModal({ ...base, tosToApprove: null, sunsetDate: null })?.kind).toBe('card');
  });

  it('puts the subscription prompt after the terms and the sunset notice, before the cards', () => {
    const base = {
      cards: [card('a')],
      closedCards: new Set<string>(),
      isReadOnly: true,
      pendingCopy: 'share-1',
    };
    expect(nextModal({ ...base, tosToApprove: { version: 'v2' }, sunsetDate: 1_800_000_000 })?.kind).toBe(
      'terms',
    );
    expect(nextModal({ ...base, tosToApprove: null, sunsetDate: 1_800_000_000 })?.kind).toBe('sunset');
    expect(nextModal({ ...base, tosToApprove: null, sunsetDate: 1_800_000_000, sunsetSeen: true })).toEqual({
      kind: 'subscription',
      shareId: 'share-1',
    });
    // Only a read-only user, and only while a share copy waits for the subscription.
    expect(nextModal({ ...base, tosToApprove: null, isReadOnly: false })?.kind).toBe('card');
    expect(nextModal({ ...base, tosToApprove: null, pendingCopy: null })?.kind).toBe('card');
  });
});
