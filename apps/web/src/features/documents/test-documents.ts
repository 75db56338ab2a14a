import type { RemoteFile } from '@trove/contract';
import { aFile } from '../../test/factories.ts';

/** Seconds since the epoch of a local date: what the browser groups by (spec 000 §2). */
export function localSeconds(year: number, month: number, day: number, hour = 12): number {
  return new Date(year, month - 1, day, hour).getTime() / 1000;
}

/** A document of the timeline job as GET /jobs/{id}/documents lists it. */
export function aDocument(name: string, uploaded: number, overrides: Partial<RemoteFile> = {}): RemoteFile {
  const id = overrides.id ?? `doc-${name}`;
  return aFile({
    id,
    name,
    path: name,
    type: 'Documents',
    uploaded,
    taken: uploaded,
    width: 0,
    height: 0,
    thumb_url_small: null,
    thumb_url_large: null,
    file_url: `/st/4/jobs/job-timeline/files_by_id/${id}?exp=1&sig=o`,
    ...overrides,
  });
}
