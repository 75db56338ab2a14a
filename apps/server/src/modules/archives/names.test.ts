import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createNameBook, safePath, safeSegment } from './names.ts';

describe('archive entry names (see [Note: Archive names])', () => {
  it('never lets a name climb out of its folder or hide its extension', () => {
    expect(safePath('../../etc/passwd', 'x')).toBe('etc/passwd');
    expect(safePath('..\\..\\boot.ini', 'x')).toBe('boot.ini');
    expect(safePath('/abs/./ok.jpg', 'x')).toBe('abs/ok.jpg');
    expect(safeSegment('photo\u202Egpj.exe', 'x')).toBe('photo_gpj.exe');
    expect(safeSegment('a"b\r\nc.jpg', 'x')).toBe('a_b__c.jpg');
    expect(safeSegment('..', 'album')).toBe('album');
    expect(safeSegment(' trailing. ', 'x')).toBe('trailing');
    expect(safeSegment('Ærø фото 写真.jpg', 'x')).toBe('Ærø фото 写真.jpg');
  });

  it('keeps the extension when it shortens a long name, cut at a character', () => {
    const long = `${'ø'.repeat(300)}.jpeg`;
    const safe = safeSegment(long, 'x');
    expect(Buffer.byteLength(safe)).toBeLessThanOrEqual(200);
    expect(safe.endsWith('ø.jpeg')).toBe(true);
  });

  it('holds for any text: relative, no dot segments, nothing unsafe', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const safe = safePath(text, 'file');
        const segments = safe.split('/');
        expect(safe.startsWith('/')).toBe(false);
        for (const segment of segments) {
          expect(segment).not.toBe('');
          expect(segment).not.toBe('.');
          expect(segment).not.toBe('..');
          expect(Buffer.byteLength(segment)).toBeLessThanOrEqual(200);
          // eslint-disable-next-line no-control-regex -- checking for control characters
          expect(segment).not.toMatch(/[\u0000-\u001f\u007f\u202e\\:*?"<>|]/);
        }
      }),
      { numRuns: 500, seed: 14 },
    );
  });

  it('makes names unique regardless of case, numbering before the extension', () => {
    const name = createNameBook();
    expect(name('IMG_0001.JPG')).toBe('IMG_0001.JPG');
    expect(name('img_0001.jpg')).toBe('img_0001 (2).jpg');
    expect(name('IMG_0001.JPG')).toBe('IMG_0001 (3).JPG');
    expect(name('a.b/noext')).toBe('a.b/noext');
    expect(name('a.b/noext')).toBe('a.b/noext (2)');
  });
});
