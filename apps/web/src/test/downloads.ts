import { aFile } from './factories.ts';
import type { FakeRoutes, SeenRequest } from './fake-fetch.ts';
import { vi } from 'vitest';

/** The links the app clicked to start a browser download, in order. */
export interface ClickedLink {
  href: string;
  download: string;
}

/**
 * Records the browser downloads the app starts (a hidden link with `download`, clicked)
 * instead of letting jsdom try to navigate. Restore it with `vi.restoreAllMocks()`.
 */
export function recordDownloads(): ClickedLink[] {
  const clicked: ClickedLink[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  return clicked;
}

const JUNE_2024 = {
  year: 2024,
  month: 6,
  start: Date.UTC(2024, 5, 1) / 1000,
  end: Date.UTC(2024, 6, 1) / 1000,
  videos: 0,
  screenshots: 0,
  documents: 0,
};

/** `count` timeline files of June 2024 called photo-0000…, a minute apart, 1000 bytes each. */
export function juneFiles(count: number, overrides: Parameters<typeof aFile>[0] = {}) {
  return Array.from({ length: count }, (_, i) => {
    const id = `photo-${String(i).padStart(4, '0')}`;
    return aFile({ id, taken: JUNE_2024.start + 86_400 + i * 60, ...overrides });
  });
}

/** A timeline of one month, June 2024, holding `files`. */
export function timelineRoutes(files: ReturnType<typeof aFile>[]): FakeRoutes {
  return {
    'GET /st/4/jobs/job-timeline/timeline/months': {
      body: { months: [{ ...JUNE_2024, pictures: files.length }] },
    },
    'GET /st/4/jobs/job-timeline/files': { body: { files, next_cursor: null } },
  };
}

/** An answer of POST …_as_archive for a request, named after its zip_filename. */
export function preparedArchive(request: SeenRequest, path = 'jobs/job-timeline/files_as_archive') {
  const body = request.body as { zip_filename?: string; file_ids?: string[] };
  const name = body.zip_filename ?? 'Trove';
  return {
    body: {
      url: `/st/4/${path}?archive=${encodeURIComponent(name)}&exp=1&sid=s&sig=x`,
      file_name: `${name}.zip`,
      size: 1234,
      count: body.file_ids?.length ?? 0,
    },
  };
}

/** The requests to `path` with `method`. */
export const calls = (requests: SeenRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.url.pathname === path);
