import { CopyResults, JobInfo, JobList, type CreateAlbumBody } from '@trove/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { STALE_TIME } from '../../api/query-client.ts';
import { albumKeys } from './api.ts';
import { copyBatches } from './picker/model.ts';

/**
 * Key of the albums list with details. It sits under `albumKeys.list()`, so whatever
 * refreshes the plain list (creating an album) refreshes this one too.
 */
export const albumListWithDetailsKey = () => [...albumKeys.list(), 'details'] as const;

/**
 * GET /st/4/jobs?stories=1&include_details=1 (spec 000 §7): the albums the caller owns or
 * subscribed to, with covers, counts and sort data.
 */
export function useAlbumListQuery() {
  const api = useApi();
  return useQuery({
    queryKey: albumListWithDetailsKey(),
    queryFn: ({ signal }) => api.app('/jobs', JobList, { query: { stories: 1, include_details: 1 }, signal }),
    staleTime: STALE_TIME.short,
    select: (list) => list.jobs,
  });
}

/** POST /st/4/jobs (spec 000 §7): a new album. */
export function createAlbum(api: HttpClient, body: CreateAlbumBody): Promise<JobInfo> {
  return api.app('/jobs', JobInfo, { method: 'POST', body });
}

/**
 * POST /st/4/jobs/{albumId}/copy_files for `fileIds` of `sourceJob`, 500 ids a call (one
 * after another, so the album's order follows the selection's).
 * @returns every file's result; a call that fails rejects.
 */
export async function copyFilesToAlbum(
  api: HttpClient,
  albumId: string,
  sourceJob: string,
  fileIds: readonly string[],
): Promise<CopyResults['results']> {
  const results: CopyResults['results'] = [];
  for (const batch of copyBatches(fileIds)) {
    const answer = await api.app(`/jobs/${encodeURIComponent(albumId)}/copy_files`, CopyResults, {
      method: 'POST',
      body: { source_job: sourceJob, file_uuids: batch },
    });
    results.push(...answer.results);
  }
  return results;
}
