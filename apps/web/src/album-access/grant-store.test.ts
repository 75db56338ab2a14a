import { describe, expect, test } from 'vitest';
import { createGrantStore, foreignAuthHeaders } from './grant-store.ts';

const NOW = 1_750_000_000_000;

describe('album grants (spec 000 §6 foreign-auth value)', () => {
  test('keeps a grant per album and gives it as the x-foreign-auth header', () => {
    const store = createGrantStore(sessionStorage, () => NOW);
    store.set('job-1', { grant: 'g1.0.1.abc', expires: NOW / 1000 + 60 });
    expect(store.find('job-1')).toBe('g1.0.1.abc');
    expect(store.find('job-2')).toBeUndefined();
    expect(foreignAuthHeaders('job-1', store)).toEqual({ 'x-foreign-auth': 'g1.0.1.abc' });
    expect(foreignAuthHeaders('job-2', store)).toEqual({});
  });

  test('an expired grant counts as none and is removed', () => {
    const store = createGrantStore(sessionStorage, () => NOW);
    store.set('job-1', { grant: 'old', expires: NOW / 1000 });
    expect(store.find('job-1')).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
  });

  test('clear forgets the grant; a stored value that is not a grant is ignored', () => {
    const store = createGrantStore(sessionStorage, () => NOW);
    store.set('job-1', { grant: 'g', expires: NOW / 1000 + 60 });
    store.clear('job-1');
    expect(store.find('job-1')).toBeUndefined();
    sessionStorage.setItem('trove.album_grant.job-3', '{not json');
    expect(store.find('job-3')).toBeUndefined();
  });

  test('works without storage (blocked): finds nothing', () => {
    const store = createGrantStore(undefined);
    store.set('job-1', { grant: 'g', expires: NOW });
    expect(store.find('job-1')).toBeUndefined();
  });

  test('stores of two prefixes (albums, shares) keep their grants apart', () => {
    const albums = createGrantStore(sessionStorage, () => NOW);
    const shares = createGrantStore(sessionStorage, () => NOW, 'trove.share_grant.');
    shares.set('same-id', { grant: 'share-grant', expires: NOW / 1000 + 60 });
    expect(albums.find('same-id')).toBeUndefined();
    expect(shares.find('same-id')).toBe('share-grant');
    albums.clear('same-id');
    expect(shares.find('same-id')).toBe('share-grant');
  });
});
