import { describe, expect, it } from 'vitest';
import { aFile, anAlbum } from '../../test/factories.ts';
import { aTrashFile } from '../../test/trash.ts';
import { downloadFileOf, needsModal, planAlbum, planDownload, trashDownloadFileOf } from './plan.ts';

const limits = { maxItems: 2, maxBytes: 1000 };

describe('download plans (spec 000 §3, §4)', () => {
  it('a file list within the limits is one part and needs no modal', () => {
    const files = [aFile({ id: 'a', size: 10 }), aFile({ id: 'b', size: 20 })].map(downloadFileOf);
    const plan = planDownload(files, 'Photos', { kind: 'job', jobId: 'job-1' }, limits);
    expect(plan.info).toEqual({ jobID: 'job-1', pages: 1, count: 2, size: 30, downloadType: 'fileList' });
    expect(plan.pages.map((p) => p.name)).toEqual(['Photos']);
    expect(needsModal(plan)).toBe(false);
  });

  it('a list over the limits comes in parts and opens the modal', () => {
    const files = ['a', 'b', 'c'].map((id) => downloadFileOf(aFile({ id, size: 10 })));
    const plan = planDownload(files, 'Photos', { kind: 'job', jobId: 'job-1' }, limits);
    expect(plan.info.pages).toBe(2);
    expect(needsModal(plan)).toBe(true);
  });

  it('HEIC photos open the modal even in one part: the JPEG choice is asked', () => {
    const heic = downloadFileOf(aFile({ id: 'h', name: 'IMG_1.HEIC', path: 'Camera/IMG_1.HEIC' }));
    expect(heic.isHeic).toBe(true);
    const plan = planDownload([heic], 'Photos', { kind: 'job', jobId: 'job-1' }, limits);
    expect(plan.pages[0]?.hasHEIC).toBe(true);
    expect(needsModal(plan)).toBe(true);
  });

  it('trashed files are deleted files of no one job, split by the year they were changed', () => {
    const files = [
      aTrashFile({ id: 'old', mtime: Date.UTC(2020, 5, 1) / 1000, size: 10 }),
      aTrashFile({ id: 'new', mtime: Date.UTC(2024, 5, 1) / 1000, size: 10 }),
      aTrashFile({ id: 'newer', mtime: Date.UTC(2024, 6, 1) / 1000, size: 10, name: 'x.heic' }),
    ].map(trashDownloadFileOf);
    const plan = planDownload(files, 'Deleted items', { kind: 'trash' }, limits);
    expect(plan.info).toMatchObject({ jobID: null, downloadType: 'deletedFiles', count: 3 });
    expect(plan.pages.map((p) => [p.name, p.fileIDs, p.hasHEIC])).toEqual([
      ['Deleted items_2020', ['old'], false],
      ['Deleted items_2024', ['new', 'newer'], true],
    ]);
  });

  it('a whole album is one part naming no files, sized and counted by the album', () => {
    const album = anAlbum({ id: 'album-1', media_count: 7, size: 5000, has_heic: true });
    const plan = planAlbum(album, 'Cabin', { 'x-foreign-auth': 'grant' });
    expect(plan.info).toEqual({
      jobID: 'album-1',
      pages: 1,
      count: 7,
      size: 5000,
      downloadType: 'jobArchive',
    });
    expect(plan.pages).toEqual([
      { fileIDs: [], totalSize: 5000, name: 'Cabin', hasHEIC: true, clicked: false },
    ]);
    expect(plan.target).toEqual({ kind: 'job', jobId: 'album-1', headers: { 'x-foreign-auth': 'grant' } });
  });
});
