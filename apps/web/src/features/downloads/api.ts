import { PreparedArchive, type ArchiveMode, type RemoteFile, type ServiceDirectory } from '@trove/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../api/http-client.ts';
import { clickDownloadLink } from '../file-actions/index.ts';
import type { DownloadRequest } from './download-requests.ts';

/**
 * What a part is an archive of: files of a job (all of them without ids), with a visitor's
 * album headers when there are any, or files of the trash.
 */
export type ArchiveTarget =
  | {
      kind: 'job';
      jobId: string;
      headers?: Record<string, string> | undefined;
      /**
       * `export`: a deleted album, from the trash's albums (spec 000 §2); `takeout`: the
       * takeout page's zips (docs/API.md). Default `download`.
       */
      mode?: ArchiveMode;
    }
  | { kind: 'trash' };

/** The options a part is prepared with (spec 000 §7 files_as_archive). */
export interface PartOptions {
  zip_filename: string;
  heic_to_jpeg?: boolean;
}

/**
 * Prepares one archive (spec 000 §7 download host; docs/API.md Downloads): POST
 * /jobs/{id}/files_as_archive, or POST /files_from_trash_as_archive. `fileIds` empty: the
 * whole job. Answers the signed URL.
 * @throws HttpError, among them the 422 limit codes `alertOfError` knows.
 */
export function prepareArchive(
  api: HttpClient,
  target: ArchiveTarget,
  fileIds: readonly string[],
  options: PartOptions,
  signal?: AbortSignal,
): Promise<PreparedArchive> {
  const init = { method: 'POST' as const, ...(signal && { signal }) };
  if (target.kind === 'trash') {
    return api.app('/files_from_trash_as_archive', PreparedArchive, {
      ...init,
      body: { file_ids: fileIds, ...options },
    });
  }
  return api.app(`/jobs/${encodeURIComponent(target.jobId)}/files_as_archive`, PreparedArchive, {
    ...init,
    ...(target.headers && { headers: target.headers }),
    body: { ...(fileIds.length > 0 && { file_ids: fileIds }), mode: target.mode ?? 'download', ...options },
  });
}

/**
 * Hands a prepared archive to the browser, which downloads it natively (shows the bytes,
 * resumes by Range): never fetched into memory here. The URL is a path on the download host.
 */
export function startArchiveDownload(directory: ServiceDirectory, archive: PreparedArchive): string {
  const url = `${directory.download}${archive.url}`;
  clickDownloadLink(url, archive.file_name);
  return url;
}

/**
 * The files a grid selection holds, in the grid's order: each section's files from the
 * query cache, or fetched again when the cache let them go (a section not looked at for a
 * while). Ids no longer in their section (deleted meanwhile) are left out.
 */
export async function selectedFiles(
  queryClient: QueryClient,
  api: HttpClient,
  request: Extract<DownloadRequest, { kind: 'selection' }>,
): Promise<RemoteFile[]> {
  const { source, sections, filter, selected } = request;
  const lists = await Promise.all(
    sections.map(async (section) => {
      const ids = selected.get(section.key);
      if (!ids || ids.size === 0) return [];
      const files =
        section.files ??
        (await queryClient.query<RemoteFile[]>({
          ...source.sectionFiles(api, section, filter),
          staleTime: 'static',
        }));
      return files.filter((file) => ids.has(file.id));
    }),
  );
  return lists.flat();
}
