import type { JobInfo, RemoteFile } from '@trove/contract';
import { vi } from 'vitest';
import { anAccount, anAlbum, aFile, TIMELINE_JOB } from '../../test/factories.ts';
import type { FakeRoutes } from '../../test/fake-fetch.ts';

export const ROUTE = '/settings/takeout';
export const MIB = 1024 ** 2;
export const GIB_BYTES = 1024 ** 3;

export const summer = anAlbum({
  id: 'album-summer',
  title: 'Summer',
  media_count: 2,
  size: 3 * MIB,
  mtime: 1000,
});
export const empty = anAlbum({ id: 'album-empty', title: 'Nothing yet', media_count: 0, size: 0 });
export const unnamed = anAlbum({ id: 'album-unnamed', title: '__new_album__', media_count: 1, size: 1024 });

/** A file of the timeline taken at noon on a local date. */
export function takenOn(id: string, year: number, month: number, size = MIB): RemoteFile {
  return aFile({ id, size, taken: new Date(year, month - 1, 15, 12).getTime() / 1000 });
}

/**
 * The server of the takeout page: 3 pictures and 2 videos in a timeline of `size` bytes,
 * the albums `albums`, the timeline's files `files` (two pages when more than one) and its
 * documents `documents`.
 */
export function takeoutServer(
  options: { albums?: JobInfo[]; files?: RemoteFile[]; documents?: RemoteFile[]; size?: number } = {},
): FakeRoutes {
  const { albums = [summer, empty, unnamed], files = [], documents = [], size = 1.5 * GIB_BYTES } = options;
  const half = Math.ceil(files.length / 2);
  return {
    'GET /st/4/account_info': {
      body: anAccount({
        file_type_counters: { picture_count: 3, screenshot_count: 1, video_count: 2, document_count: 4 },
      }),
    },
    'GET /st/4/jobs/job-timeline/info': { body: { ...TIMELINE_JOB, media_count: 9, size } },
    'GET /st/4/jobs': { body: { jobs: albums } },
    'GET /st/4/jobs/job-timeline/documents': { body: { files: documents } },
    'GET /st/4/jobs/job-timeline/files': (request) =>
      request.url.searchParams.get('cursor') === 'page-2'
        ? { body: { files: files.slice(half), next_cursor: null } }
        : { body: { files: files.slice(0, half), next_cursor: files.length > 1 ? 'page-2' : null } },
  };
}

/** Records the download links the page clicks, instead of letting jsdom follow them. */
export function captureDownloads() {
  const links: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    links.push({ href: this.href, download: this.download });
  });
  return links;
}

/** An archive answer of POST files_as_archive. */
export function anArchive(name: string, count = 2) {
  return {
    body: {
      url: `/st/4/jobs/x/files_as_archive?archive=${name}&sig=s`,
      file_name: `${name}.zip`,
      size: 10,
      count,
    },
  };
}

/** A window as wide as a phone's (spec 000 §2 breakpoint 600 px), or a desktop's. */
export function stubWidth(kind: 'phone' | 'desktop') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: kind === 'phone' && query === '(max-width: 599px)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
