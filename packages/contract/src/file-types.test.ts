import { describe, expect, it } from 'vitest';
import {
  FileType,
  MAX_UPLOAD_BYTES,
  RAW_PICTURE_EXTENSIONS,
  SUPPORTED_EXTENSIONS,
  SupportedExtensionsResponse,
  deriveFileType,
  extensionOf,
  fileNameOf,
  fileTypeOfExtension,
  isScreenshotName,
  isSupportedPath,
  precheckUpload,
} from './index.ts';

describe('fileNameOf', () => {
  it('takes the last segment for / and \\ separators', () => {
    expect(fileNameOf('a/b/c.JPG')).toBe('c.JPG');
    expect(fileNameOf('C:\\Users\\me\\IMG_1.heic')).toBe('IMG_1.heic');
    expect(fileNameOf('a\\b/c\\d.png')).toBe('d.png');
    expect(fileNameOf('plain.txt')).toBe('plain.txt');
    expect(fileNameOf('dir/')).toBe('');
    expect(fileNameOf('')).toBe('');
  });
});

describe('extensionOf', () => {
  it('lowercases the extension of the last segment', () => {
    expect(extensionOf('a/b/c.JPG')).toBe('jpg');
    expect(extensionOf('x.tar.gz')).toBe('gz');
    expect(extensionOf('C:\\photos\\IMG.HEIC')).toBe('heic');
    expect(extensionOf('.hidden.Mp4')).toBe('mp4');
  });
  it("gives '' when there is no extension", () => {
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
    expect(extensionOf('dir.d/noext')).toBe('');
    expect(extensionOf('')).toBe('');
  });
});

describe('SUPPORTED_EXTENSIONS (spec 000 §5)', () => {
  const all = [
    ...SUPPORTED_EXTENSIONS.pictures,
    ...SUPPORTED_EXTENSIONS.movies,
    ...SUPPORTED_EXTENSIONS.documents,
  ];
  it('lists the pictures and videos the spec names, and the common raw formats', () => {
    for (const ext of ['jpg', 'jpeg', 'png', 'gif', 'tiff', 'webp', 'heic', 'heif', 'bmp', 'psd']) {
      expect(SUPPORTED_EXTENSIONS.pictures).toContain(ext);
    }
    for (const ext of ['mp4', 'mov', 'avi', 'mkv', 'mpeg', 'webm', '3gp', 'wmv']) {
      expect(SUPPORTED_EXTENSIONS.movies).toContain(ext);
    }
    for (const raw of ['dng', 'cr2', 'cr3', 'nef', 'arw', 'orf', 'rw2', 'raf', 'x3f', 'iiq']) {
      expect(SUPPORTED_EXTENSIONS.pictures).toContain(raw);
      expect(RAW_PICTURE_EXTENSIONS).toContain(raw);
    }
    for (const doc of ['pdf', 'txt', 'md', 'csv', 'docx', 'xlsx', 'pptx', 'odt', 'pages', 'epub', 'zip']) {
      expect(SUPPORTED_EXTENSIONS.documents).toContain(doc);
    }
  });
  it('holds lowercase, dotless, unique entries and no active-content formats', () => {
    expect(new Set(all).size).toBe(all.length);
    for (const ext of all) expect(ext).toMatch(/^[a-z0-9]+$/);
    for (const banned of ['svg', 'html', 'htm', 'xhtml', 'js', 'exe']) expect(all).not.toContain(banned);
  });
  it('is frozen and matches the GET /supported_extensions schema', () => {
    expect(Object.isFrozen(SUPPORTED_EXTENSIONS)).toBe(true);
    expect(Object.isFrozen(SUPPORTED_EXTENSIONS.pictures)).toBe(true);
    const wire = SupportedExtensionsResponse.parse(JSON.parse(JSON.stringify(SUPPORTED_EXTENSIONS)));
    expect(wire.movies).toEqual(SUPPORTED_EXTENSIONS.movies);
    expect(SupportedExtensionsResponse.safeParse({ pictures: [], movies: [] }).success).toBe(false);
  });
});

describe('fileTypeOfExtension (spec 000 §3)', () => {
  it('maps each category, ignoring case and a leading dot', () => {
    expect(fileTypeOfExtension('jpg')).toBe('Pictures');
    expect(fileTypeOfExtension('.HEIC')).toBe('Pictures');
    expect(fileTypeOfExtension('CR3')).toBe('Pictures');
    expect(fileTypeOfExtension('mov')).toBe('Movies');
    expect(fileTypeOfExtension('M2TS')).toBe('Movies');
    expect(fileTypeOfExtension('pdf')).toBe('Documents');
    expect(fileTypeOfExtension('docx')).toBe('Documents');
  });
  it('gives undefined for anything unsupported', () => {
    for (const ext of ['', 'svg', 'html', 'exe', 'sh', 'js', 'mp3', 'DS_Store', 'toString', 'constructor']) {
      expect(fileTypeOfExtension(ext)).toBeUndefined();
    }
  });
  it('agrees with the FileType enum', () => {
    expect(FileType.options).toEqual(['Pictures', 'Movies', 'Documents']);
    for (const ext of SUPPORTED_EXTENSIONS.documents) expect(fileTypeOfExtension(ext)).toBe('Documents');
  });
});

describe('deriveFileType and isSupportedPath', () => {
  it('a positive duration means Movies, else the extension decides (spec 000 §3)', () => {
    expect(deriveFileType('clip.mp4', 3.2)).toBe('Movies');
    expect(deriveFileType('IMG_1.HEIC', 0)).toBe('Pictures');
    expect(deriveFileType('live.heic', 2)).toBe('Movies');
    expect(deriveFileType('notes.md', 0)).toBe('Documents');
    expect(deriveFileType('evil.svg', 0)).toBeUndefined();
  });
  it('checks a whole path', () => {
    expect(isSupportedPath('a/b/IMG_0001.JPG')).toBe(true);
    expect(isSupportedPath('a/b/.DS_Store')).toBe(false);
    expect(isSupportedPath('page.html')).toBe(false);
  });
});

describe('isScreenshotName (spec 000 §3)', () => {
  it('matches names beginning with screenshot_, any case, on the last segment only', () => {
    expect(isScreenshotName('Screenshot_20240101-120000.png')).toBe(true);
    expect(isScreenshotName('DCIM/SCREENSHOT_1.jpg')).toBe(true);
    expect(isScreenshotName('C:\\pics\\screenshot_x.png')).toBe(true);
    expect(isScreenshotName('screenshot 1.png')).toBe(false);
    expect(isScreenshotName('my_screenshot_1.png')).toBe(false);
    expect(isScreenshotName('screenshot_dir/IMG_1.png')).toBe(false);
    expect(isScreenshotName('Screenshot 2024-01-01 at 12.00.00.png')).toBe(false);
  });
});

describe('precheckUpload (spec 000 §5, §9)', () => {
  it('refuses unsupported extensions and files over 200 GiB', () => {
    expect(precheckUpload('a.svg', 10)).toEqual({ ok: false, error: 'UnSupported' });
    expect(precheckUpload('noext', 10)).toEqual({ ok: false, error: 'UnSupported' });
    expect(precheckUpload('big.mkv', MAX_UPLOAD_BYTES + 1)).toEqual({ ok: false, error: 'TooLargeFile' });
  });
  it('accepts up to exactly 200 GiB, reporting the type and extension', () => {
    expect(MAX_UPLOAD_BYTES).toBe(200 * 1024 ** 3);
    expect(precheckUpload('big.MKV', MAX_UPLOAD_BYTES)).toEqual({
      ok: true,
      type: 'Movies',
      extension: 'mkv',
    });
    expect(precheckUpload('doc.PDF', 1)).toEqual({ ok: true, type: 'Documents', extension: 'pdf' });
  });
});
