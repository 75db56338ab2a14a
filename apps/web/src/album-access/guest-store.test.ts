import type { GuestIdentity } from '@trove/contract';
import { describe, expect, test } from 'vitest';
import { createGuestStore, guestAuthHeaders } from './guest-store.ts';

const NOW = 1_750_000_000_000;
const aGuest = (overrides: Partial<GuestIdentity> = {}): GuestIdentity => ({
  guest: 'gt.1.abc',
  guest_id: 'guest-1',
  name: 'Kari',
  expires: NOW / 1000 + 3600,
  ...overrides,
});

describe('guest identities (issue #12)', () => {
  test('keeps a token per album in localStorage and sends it as x-guest-auth', () => {
    const store = createGuestStore(localStorage, () => NOW);
    store.set('job-1', aGuest());
    expect(localStorage.getItem('trove.album_guest.job-1')).toContain('gt.1.abc');
    expect(store.find('job-1')?.name).toBe('Kari');
    expect(store.find('job-2')).toBeUndefined();
    expect(guestAuthHeaders('job-1', false, store)).toEqual({ 'x-guest-auth': 'gt.1.abc' });
    expect(guestAuthHeaders('job-2', false, store)).toEqual({});
  });

  test('a signed-in user sends no guest token: they comment as themselves', () => {
    const store = createGuestStore(localStorage, () => NOW);
    store.set('job-1', aGuest());
    expect(guestAuthHeaders('job-1', true, store)).toEqual({});
  });

  test('an expired token counts as none and is dropped', () => {
    const store = createGuestStore(localStorage, () => NOW);
    store.set('job-1', aGuest({ expires: NOW / 1000 }));
    expect(store.find('job-1')).toBeUndefined();
    expect(localStorage.length).toBe(0);
  });

  test('clear forgets it; a stored value that is not an identity is ignored', () => {
    const store = createGuestStore(localStorage, () => NOW);
    store.set('job-1', aGuest());
    store.clear('job-1');
    expect(store.find('job-1')).toBeUndefined();
    localStorage.setItem('trove.album_guest.job-3', '{"guest":1}');
    expect(store.find('job-3')).toBeUndefined();
    localStorage.setItem('trove.album_guest.job-4', '{not json');
    expect(store.find('job-4')).toBeUndefined();
  });

  test('works without storage (blocked): finds nothing', () => {
    const store = createGuestStore(undefined, () => NOW);
    store.set('job-1', aGuest());
    expect(store.find('job-1')).toBeUndefined();
  });
});
