import { describe, expect, it } from 'vitest';
import { contentDisposition, extensionForType } from './content-type.ts';

describe('contentDisposition', () => {
  it('neutralises characters that reorder a name, so the shown extension is the real one', () => {
    for (const reorder of ['\u202e', '\u202d', '\u202b', '\u2067', '\u2068', '\u200f', '\u061c']) {
      const header = contentDisposition('attachment', `invoice${reorder}fdp.exe`);
      expect(header).toBe(`attachment; filename="invoice_fdp.exe"; filename*=UTF-8''invoice_fdp.exe`);
    }
  });

  it('keeps no control character of a name stored before they were refused', () => {
    const header = contentDisposition('inline', 'a\u0000b\nc\u0085.jpg');
    expect(header).toBe(`inline; filename="a_b_c_.jpg"; filename*=UTF-8''a_b_c_.jpg`);
  });

  it('keeps any script in the UTF-8 form and never throws on an unpaired surrogate', () => {
    expect(contentDisposition('inline', 'שלום 👍.jpg')).toBe(
      `inline; filename="____ __.jpg"; filename*=UTF-8''${encodeURIComponent('שלום 👍.jpg')}`,
    );
    expect(contentDisposition('inline', 'a\ud800.jpg')).toContain(`filename*=UTF-8''a%EF%BF%BD.jpg`);
  });
});

describe('extensionForType', () => {
  it('names renditions by what their bytes are', () => {
    expect(extensionForType('image/webp')).toBe('webp');
    expect(extensionForType('image/jpeg')).toBe('jpg');
    expect(extensionForType('video/mp4')).toBe('mp4');
  });
});
