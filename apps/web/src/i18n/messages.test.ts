import { LOCALES } from '@trove/contract';
import { createIntl } from 'react-intl';
import { describe, expect, test } from 'vitest';
import { MESSAGES } from './messages.ts';

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

function placeholders(message: string): string[] {
  return [...message.matchAll(/\{(\w+)/g)].map((match) => match[1] ?? '').sort();
}
