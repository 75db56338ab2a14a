import { LOCALES } from '@trove/contract';
import { createIntl } from 'react-intl';
import { describe, expect, test } from 'vitest';
import { loadMessages, type Messages } from './messages.ts';

const MESSAGES = Object.fromEntries(
  await Promise.all(LOCALES.map(async (locale) => [locale, await loadMessages(locale)] as const)),
) as Record<(typeof LOCALES)[number], Messages>;

const reference = Object.keys(MESSAGES.en_US).sort();

describe.each(LOCALES)('messages of %s', (locale) => {
  const messages = MESSAGES[locale];

  test('have exactly the keys of en_US', () => {
    expect(Object.keys(messages).sort()).toEqual(reference);
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
      messages,
      onError: (error) => errors.push(error.message),
    });
    const values = {
      name: 'N',
      brand: 'B',
      year: 2025,
      version: 'V',
      date: 'D',
      min: 10,
      count: 2,
      done: 1,
      total: 3,
      origin: 'http://o',
    };
    for (const [key, value] of Object.entries(messages)) {
      intl.formatMessage({ id: key as keyof typeof messages }, values);
      expect(placeholders(value), key).toEqual(placeholders(MESSAGES.en_US[key as keyof typeof messages]));
    }
    expect(errors).toEqual([]);
  });
});

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
