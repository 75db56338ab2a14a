import { DOWNLOAD_MAX_BYTES, DOWNLOAD_MAX_ITEMS } from '@trove/contract';
import { describe, expect, test } from 'vitest';
import { DOCUMENT_ACCEPT, fileTypeLabel, groupDocuments, planDownload } from './model.ts';
import { aDocument, localSeconds } from './test-documents.ts';

const names = (groups: ReturnType<typeof groupDocuments>) =>
  groups.map((group) => [group.key, group.files.map((file) => file.name)]);

describe('documents grouped by the month of their upload (spec 000 §2)', () => {
  test('newest month first, the latest upload first in each, across a year boundary', () => {
    const files = [
      aDocument('old.pdf', localSeconds(2023, 12, 31, 23)),
      aDocument('march-late.txt', localSeconds(2024, 3, 31, 23)),
      aDocument('jan.md', localSeconds(2024, 1, 1, 0)),
      aDocument('march-early.pdf', localSeconds(2024, 3, 1, 0)),
    ];
    expect(names(groupDocuments(files))).toEqual([
      [202403, ['march-late.txt', 'march-early.pdf']],
      [202401, ['jan.md']],
      [202312, ['old.pdf']],
    ]);
  });

  test('hidden documents are left out, and a month left empty with them', () => {
    const files = [
      aDocument('a.pdf', localSeconds(2024, 3, 2)),
      aDocument('b.pdf', localSeconds(2024, 2, 2)),
    ];
    expect(names(groupDocuments(files, new Set(['doc-b.pdf'])))).toEqual([[202403, ['a.pdf']]]);
    expect(groupDocuments([])).toEqual([]);
  });
});

test('the file type column is the extension in capitals', () => {
  expect(fileTypeLabel('Tax return 2024.pdf')).toBe('PDF');
  expect(fileTypeLabel('notes.Md')).toBe('MD');
  expect(fileTypeLabel('slides.final.pptx')).toBe('PPTX');
  expect(fileTypeLabel('README')).toBe('');
});

test('the picker offers the document extensions, not pictures or movies', () => {
  const offered = DOCUMENT_ACCEPT.split(',');
  expect(offered).toEqual(expect.arrayContaining(['.pdf', '.txt', '.docx', '.xlsx']));
  expect(offered).not.toContain('.jpg');
  expect(offered).not.toContain('.mp4');
});

describe('how a selection downloads (spec 000 §7, limits §5/§9)', () => {
  const at = localSeconds(2024, 3, 2);
  test('one document directly, several as one archive of their ids', () => {
    const one = aDocument('a.pdf', at);
    expect(planDownload([one])).toEqual({ kind: 'single', file: one });
    expect(planDownload([one, aDocument('b.txt', at)])).toEqual({
      kind: 'archive',
      ids: ['doc-a.pdf', 'doc-b.txt'],
    });
  });

  test('over 500 files or 3.5 GB is refused before asking the server', () => {
    const many = Array.from({ length: DOWNLOAD_MAX_ITEMS + 1 }, (_, i) => aDocument(`${String(i)}.pdf`, at));
    expect(planDownload(many)).toEqual({ kind: 'tooMany' });
    expect(planDownload(many.slice(0, DOWNLOAD_MAX_ITEMS)).kind).toBe('archive');
    const half = DOWNLOAD_MAX_BYTES / 2;
    expect(
      planDownload([aDocument('a.pdf', at, { size: half }), aDocument('b.pdf', at, { size: half })]).kind,
    ).toBe('archive');
    expect(
      planDownload([aDocument('a.pdf', at, { size: half }), aDocument('b.pdf', at, { size: half + 1 })]),
    ).toEqual({ kind: 'tooLarge' });
  });
});
