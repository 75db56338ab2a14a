import { describe, expect, it } from 'vitest';
import { brandForHost, chooseLocale, parseServiceDirectory, resolveBrands } from './index.ts';

describe('parseServiceDirectory (spec 000 §5)', () => {
  const full = { app: '', thumb: '', video: '', poll: '', download: '' };
  it('accepts a directory with every required host, defaulting login and payment to app', () => {
    expect(parseServiceDirectory({ ...full, app: 'https://a' })).toMatchObject({
      login: 'https://a',
      payment: 'https://a',
    });
  });
  it("throws 'Invalid service dict' when any required host is missing", () => {
    for (const host of Object.keys(full)) {
      const partial = Object.fromEntries(Object.entries(full).filter(([key]) => key !== host));
      expect(() => parseServiceDirectory(partial)).toThrow('Invalid service dict');
    }
    expect(() => parseServiceDirectory(null)).toThrow('Invalid service dict');
    expect(() => parseServiceDirectory({ ...full, poll: 5 })).toThrow('Invalid service dict');
  });
});

describe('chooseLocale (spec 001 §9)', () => {
  it('prefers the cookie, then the browser, then the host', () => {
    expect(chooseLocale({ cookie: 'sv_SE', browserLanguages: ['bg'], hostname: 'x.no' })).toBe('sv_SE');
    expect(chooseLocale({ cookie: 'xx', browserLanguages: ['de-DE', 'bg-BG'], hostname: 'x.no' })).toBe(
      'bg_BG',
    );
    expect(chooseLocale({ browserLanguages: ['nn-NO'], hostname: 'x.com' })).toBe('nb_NO');
    expect(chooseLocale({ browserLanguages: ['de'], hostname: 'photos.example.no' })).toBe('nb_NO');
    expect(chooseLocale({ browserLanguages: ['de'], hostname: 'photos.example.com' })).toBe('en_US');
  });
});

describe('brands', () => {
  it('picks the Norwegian brand on .no hosts', () => {
    expect(brandForHost('bilder.example.no').id).toBe('no');
    expect(brandForHost('photos.example.com').id).toBe('intl');
    expect(brandForHost('example.no.evil.com').id).toBe('intl');
  });
  it('applies overrides without changing the brand ids', () => {
    const brands = resolveBrands({ intl: { name: 'Vault' } });
    expect(brands.intl).toMatchObject({ id: 'intl', name: 'Vault', deviceName: 'Trove Web' });
  });
});
