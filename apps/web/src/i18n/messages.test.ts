import { LOCALES, type Locale } from '@trove/contract';
import { createIntl } from 'react-intl';
import { describe, expect, test } from 'vitest';
import { AREA_NAMES, AREAS, areaOf, type Area } from './areas.ts';
import type { MessageId } from './messages.ts';

// The catalogue files as they are on disk (src/test/setup.ts merges the areas into the main
// catalogues it loads), by catalogue ('main' or an area, See: [Note: Message areas]) and locale.
const FILES = import.meta.glob<string>('./messages/**/*.json', {
  eager: true,
  query: '?raw',
  import: 'default',
});
type Catalogue = 'main' | Area;
const CATALOGUES: readonly Catalogue[] = ['main', ...AREA_NAMES];
const fileOf = (catalogue: Catalogue, locale: Locale) =>
  catalogue === 'main' ? `./messages/${locale}.json` : `./messages/${catalogue}/${locale}.json`;
const read = (catalogue: Catalogue, locale: Locale): Record<string, string> => {
  const text = FILES[fileOf(catalogue, locale)];
  return text === undefined ? {} : (JSON.parse(text) as Record<string, string>);
};

/** Every catalogue of a locale in one: what the screens of every area see. */
const MESSAGES = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    Object.assign({}, ...CATALOGUES.map((c) => read(c, locale))) as Record<MessageId, string>,
  ]),
) as Record<Locale, Record<MessageId, string>>;

test('every catalogue file belongs to an area of areas.ts', () => {
  const expected = CATALOGUES.flatMap((catalogue) => LOCALES.map((locale) => fileOf(catalogue, locale)));
  expect(Object.keys(FILES).sort()).toEqual(expected.sort());
});

test('every key is in the catalogue of its area, and in one only', () => {
  for (const locale of LOCALES) {
    const seen = new Map<string, Catalogue>();
    for (const catalogue of CATALOGUES) {
      for (const key of Object.keys(read(catalogue, locale))) {
        expect(
          seen.get(key),
          `${locale} ${key} is in ${String(seen.get(key))} and ${catalogue}`,
        ).toBeUndefined();
        seen.set(key, catalogue);
        // Else: node scripts/add-messages.ts --resplit
        expect(areaOf(key) ?? 'main', `${locale} ${key}`).toBe(catalogue);
      }
    }
  }
});

test("an area's keys are used only where its screens render (areas.ts folders)", () => {
  const sources = import.meta.glob<string>(
    ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**', '!../i18n/**'],
    {
      eager: true,
      query: '?raw',
      import: 'default',
    },
  );
  const misplaced: string[] = [];
  for (const area of AREA_NAMES) {
    const folders: readonly string[] = AREAS[area].folders;
    for (const key of Object.keys(read(area, 'en_US'))) {
      for (const [file, text] of Object.entries(sources)) {
        const path = file.replace(/^\.\.\//, '');
        if (!/['"`]/.test(text) || folders.some((folder) => path.startsWith(folder))) continue;
        if ([`'${key}'`, `"${key}"`, `\`${key}`].some((quoted) => text.includes(quoted))) {
          misplaced.push(`${key} (${area}) in ${path}`);
        }
      }
    }
  }
  // A key the first load or another area's screens need is listed under main in areas.ts.
  expect(misplaced).toEqual([]);
});

describe.each(CATALOGUES.flatMap((catalogue) => LOCALES.map((locale) => [catalogue, locale] as const)))(
  'messages of %s in %s',
  (catalogue, locale) => {
    const messages = read(catalogue, locale);
    const english = read(catalogue, 'en_US');

    test('have exactly the keys of en_US', () => {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    });

    test('never use the key as the text', () => {
      const untranslated = Object.entries(messages).filter(
        ([key, value]) => value === key || value.trim() === '',
      );
      expect(untranslated).toEqual([]);
    });

    test('are valid ICU messages with the same placeholders as en_US', () => {
      const errors: string[] = [];
      const intl = createIntl({
        locale: locale.replace('_', '-'),
        messages: MESSAGES[locale],
        onError: (error) => errors.push(error.message),
      });
      const values = {
        name: 'N',
        brand: 'B',
        year: 2025,
        version: 'V',
        date: 'D',
        min: 10,
        max: 500,
        size: 'S',
        index: 1,
        count: 2,
        done: 1,
        total: 3,
        origin: 'http://o',
        counts: 'C',
        files: 500,
        listed: 1,
        used: 'U',
        browser: 'Chrome',
        os: 'Linux',
        // Data access (issue #24).
        hours: 24,
        // Storage popups (issue #24).
        percent: 80,
        when: 'W',
        requested: 'R',
        until: 'T',
        email: 'e@example.com',
        target: 'T',
        actor: 'A',
        who: 'W',
        start: 'S',
        end: 'E',
        title: 'T',
        language: 'L',
        days: 30,
        // The admin area's deletions and work items (issue #24).
        error: 'E',
        due: 'D',
        stage: 'S',
        failed: 1,
        stuck: 0,
        kind: 'K',
        // Plans and payments (issue #25).
        price: 'P',
        perMonth: 'M',
        plan: 'P',
        message: 'M',
        months: 2,
        amount: 'A',
        link: (chunks: string[]) => chunks.join(''),
        // Issue #25's operator area: a storage grant's source.
        source: 'Src',
        last4: '4242',
        expiry: '12/2034',
        // Casting (issue #27): the receiver page's address, a TV's number, the item on the TV.
        url: 'http://o/tv',
        n: 1,
        current: 1,
        time: '20:00',
        // The photo editor (issue #27): albums the copy joined.
        albums: 1,
      };
      for (const [key, value] of Object.entries(messages)) {
        intl.formatMessage({ id: key as MessageId }, values);
        expect(placeholders(value), key).toEqual(placeholders(english[key] ?? ''));
      }
      expect(errors).toEqual([]);
    });
  },
);

test('translations are not copies of the English text', () => {
  for (const locale of LOCALES.filter((l) => l !== 'en_US')) {
    const same = Object.keys(MESSAGES.en_US).filter(
      (key) =>
        MESSAGES[locale][key as keyof typeof MESSAGES.en_US] ===
        MESSAGES.en_US[key as keyof typeof MESSAGES.en_US],
    );
    // A handful of words are spelt the same (Album, Profil, Version…); whole sentences never are.
    expect(same.length, `${locale}: ${same.join(', ')}`).toBeLessThan(6);
  }
});

/**
 * The argument names of an ICU message, sorted: `{count, plural, one {# file} other {…}}`
 * gives `count`, not the words that start the plural's branches.
 */
function placeholders(message: string): string[] {
  const names: string[] = [];
  // Reads a message until its closing brace (or the end); returns the index of that brace.
  const readMessage = (start: number): number => {
    let i = start;
    while (i < message.length && message[i] !== '}') {
      if (message[i] === "'") i = message.indexOf("'", i + 1) + 1 || message.length;
      else if (message[i] === '{') i = readArgument(i + 1);
      else i += 1;
    }
    return i;
  };
  const readArgument = (start: number): number => {
    const head = /^\s*(\w+)\s*(?:,\s*(\w+)\s*,?)?/.exec(message.slice(start));
    names.push(head?.[1] ?? '');
    let i = start + (head?.[0].length ?? 0);
    if (!['plural', 'select', 'selectordinal'].includes(head?.[2] ?? '')) {
      return message.indexOf('}', i) + 1 || message.length;
    }
    // Branches: `key {message}` until the argument's own closing brace.
    while (i < message.length && message[i] !== '}') {
      if (message[i] === '{') i = readMessage(i + 1) + 1;
      else i += 1;
    }
    return i + 1;
  };
  readMessage(0);
  return names.sort();
}

describe('counts take the singular where the language has one', () => {
  const format = (locale: (typeof LOCALES)[number], id: keyof typeof MESSAGES.en_US, count: number) =>
    createIntl({ locale: locale.replace('_', '-'), messages: MESSAGES[locale] }).formatMessage(
      { id },
      { count },
    );

  test.each([
    ['sv_SE', '1 markerad', '2 markerade'],
    ['bg_BG', '1 избран', '2 избрани'],
  ] as const)('the selection count of %s', (locale, one, two) => {
    expect(format(locale, 'timeline.selectedCount', 1)).toBe(one);
    expect(format(locale, 'timeline.selectedCount', 2)).toBe(two);
  });

  test.each(LOCALES)('the delete confirmation of %s names how many files', (locale) => {
    expect(format(locale, 'confirm.deleteFile.title', 3)).toContain('3');
    expect(format(locale, 'confirm.deleteFile.title', 1)).not.toContain('1');
  });
});
