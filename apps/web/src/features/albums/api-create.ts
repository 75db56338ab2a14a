import {
  CopyResults,
  JobInfo,
  OkResponse,
  OptionValue,
  viewModeOption,
  type CreateAlbumBody,
} from '@trove/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient, Parser } from '../../api/http-client.ts';
import { albumKeys } from './api.ts';
import { batches } from './edit/edit-model.ts';

const jobPath = (albumId: string) => `/jobs/${encodeURIComponent(albumId)}`;

/** DELETE /jobs/{id}'s answer is not read (the album went to the trash or was already gone). */
const Ignored: Parser<unknown> = { parse: (data) => data };

/**
 * POST /jobs (spec 000 §4 Album create, §7), then PUT /options/{viewModeOption(id)} grid:
 * new albums open in the grid view mode (spec 000 §3). The view mode is a preference: its
 * failure does not fail the creation.
 */
export async function createAlbum(api: HttpClient, body: CreateAlbumBody): Promise<JobInfo> {
  const album = await api.app('/jobs', JobInfo, { method: 'POST', body });
  await api
    .app(`/options/${encodeURIComponent(viewModeOption(album.id))}`, OptionValue, {
      method: 'PUT',
      body: { value: 'grid' },
    })
    .catch(() => undefined);
  return album;
}

/** {@link createAlbum} as a mutation; the new album is cached and the list refreshed. */
export function useCreateAlbumFlow() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAlbumBody) => createAlbum(api, body),
    onSuccess: (album) => {
      queryClient.setQueryData(albumKeys.one(album.id), album);
      void queryClient.invalidateQueries({ queryKey: albumKeys.list() });
    },
  });
}

/** POST /jobs/{id}/name (spec 000 §7): the title saved on blur (spec 000 §5). */
export function useRenameAlbum(albumId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.app(`${jobPath(albumId)}/name`, JobInfo, { method: 'POST', body: { name } }),
    onSuccess: (album) => {
      queryClient.setQueryData(albumKeys.one(album.id), album);
      void queryClient.invalidateQueries({ queryKey: albumKeys.list() });
    },
  });
}

/**
 * POST /jobs/{albumId}/copy_files from the timeline job, 500 ids a call (spec 000 §7 "copy
 * files to an existing album"). Resolves with the ids that were copied; throws when none was.
 */
export async function copyFilesToAlbum(
  api: HttpClient,
  albumId: string,
  sourceJob: string,
  fileIds: readonly string[],
): Promise<{ copied: string[]; failed: string[] }> {
  const copied: string[] = [];
  const failed: string[] = [];
  for (const part of batches(fileIds)) {
    const answer = await api.app(`${jobPath(albumId)}/copy_files`, CopyResults, {
      method: 'POST',
      body: { source_job: sourceJob, file_uuids: part },
    });
    for (const result of answer.results) {
      (result.status === 'ok' ? copied : failed).push(result.file_uuid);
    }
  }
  if (copied.length === 0 && fileIds.length > 0) throw new Error('no file was copied');
  return { copied, failed };
}

/** {@link copyFilesToAlbum} as a mutation; the album's files and info are fetched again after. */
export function useCopyFilesToAlbum(albumId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sourceJob, fileIds }: { sourceJob: string; fileIds: readonly string[] }) =>
      copyFilesToAlbum(api, albumId, sourceJob, fileIds),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: albumKeys.files(albumId) });
      void queryClient.invalidateQueries({ queryKey: albumKeys.one(albumId) });
      void queryClient.invalidateQueries({ queryKey: albumKeys.list() });
    },
  });
}

/** DELETE /jobs/{albumId}/files_by_id/{fileId}: takes one file out of the album (spec 000 §4). */
export function useRemoveAlbumFile(albumId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) =>
      api.app(`${jobPath(albumId)}/files_by_id/${encodeURIComponent(fileId)}`, OkResponse, {
        method: 'DELETE',
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: albumKeys.files(albumId) });
      void queryClient.invalidateQueries({ queryKey: albumKeys.one(albumId) });
    },
  });
}

/** DELETE /jobs/{id} (spec 000 §7): the cancel cleanup of an album never given photos (spec 000 §4). */
export async function deleteAlbum(api: HttpClient, albumId: string): Promise<void> {
  await api.app(jobPath(albumId), Ignored, { method: 'DELETE' });
}
