import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreateAlbumBody, FilesDedupBody, SetNameBody, UploadFields, isPlainText } from './index.ts';

const CONTROLS = [...Array(0x20).keys(), ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i)].map((code) =>
  String.fromCharCode(code),
);

/** Every schema that takes a user's name, path or title, with that text in place. */
const schemasOf = (text: string) => [
  () => UploadFields.safeParse({ path: text }),
  () => FilesDedupBody.safeParse({ path: text, checksum: 'a'.repeat(40) }),
  () => CreateAlbumBody.safeParse({ name: text }),
  () => SetNameBody.safeParse({ name: text }),
];

// Text of any script: right-to-left, combining marks, emoji, the bidi override included.
const userText = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 60 })
  .filter((s) => s.trim() !== '' && isPlainText(s));

describe('names, paths and titles (see [Note: Text from users])', () => {
  it('refuses every control character anywhere in the text, on every schema', () => {
    fc.assert(
      fc.property(userText, fc.constantFrom(...CONTROLS), fc.nat(), (text, control, at) => {
        const cut = at % (text.length + 1);
        const bad = `x${text.slice(0, cut)}${control}${text.slice(cut)}`;
        expect(isPlainText(bad)).toBe(false);
        for (const parse of schemasOf(bad)) expect(parse().success).toBe(false);
      }),
    );
  });

  it('takes any other text unchanged', () => {
    fc.assert(
      fc.property(userText, (text) => {
        expect(UploadFields.parse({ path: text }).path).toBe(text);
        expect(CreateAlbumBody.parse({ name: text }).name).toBe(text);
      }),
    );
    expect(isPlainText('Ferie \u202Egpj.exe مرحبا שלום 👍🏽')).toBe(true);
  });

  it('refuses unpaired surrogates, which have no UTF-8 form', () => {
    expect(isPlainText('a\ud800b')).toBe(false);
    expect(UploadFields.safeParse({ path: 'Camera/\udc00.jpg' }).success).toBe(false);
  });
});
