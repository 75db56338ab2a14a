import { JobInfo, JobList, type CreateAlbumBody, type RemoteFile } from '@trove/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { STALE_TIME } from '../../api/query-client.ts';
import { allFiles } from '../library/api.ts';

/** Query keys of albums (jobs of type story, spec 000 §3). */
export const albumKeys = {
  all: ['albums'] as const,
  list: () => [...albumKeys.all, 'list'] as const,
  one: (id: string) => [...albumKeys.all, 'one', id] as const,
  files: (id: string) => [...albumKeys.all, 'files', id] as const,
};

/** spec 000 §9: files being processed are asked about again every 2500 ms. */
const ALBUM_POLL_MS = 2500;

/** GET /st/4/jobs?stories=1: the caller's albums. */
export function useAlbumsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: albumKeys.list(),
    queryFn: ({ signal }) => api.app('/jobs', JobList, { query: { stories: 1 }, signal }),
    staleTime: STALE_TIME.short,
    select: (list) => list.jobs,
  });
}

/** GET /st/4/jobs/{id}: one album. */
export function useAlbumQuery(albumId: string) {
  const api = useApi();
  return useQuery({
    queryKey: albumKeys.one(albumId),
    queryFn: ({ signal }) =>
      api.app(`/jobs/${encodeURIComponent(albumId)}/info`, JobInfo, {
        query: { include_details: 1 },
        signal,
      }),
    staleTime: STALE_TIME.short,
  });
}

/**
 * Every photo and video of an album, oldest taken first. While uploads into it run, or its
 * files are still processed, the list is asked for again (spec 000 §9 2500 ms).
 */
export function useAlbumFiles(albumId: string, isReceiving: boolean) {
  const api = useApi();
  return useQuery<RemoteFile[]>({
    queryKey: albumKeys.files(albumId),
    queryFn: ({ signal }) => allFiles(api, albumId, { filter: 'all' }, signal),
    staleTime: STALE_TIME.short,
    refetchInterval: (query) =>
      isReceiving || query.state.data?.some((file) => file.media_status === 'pending')
        ? ALBUM_POLL_MS
        : false,
  });
}

/** POST /st/4/jobs: a new album (spec 000 §4 Album create); the list is refreshed after. */
export function useCreateAlbum() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAlbumBody) => api.app('/jobs', JobInfo, { method: 'POST', body }),
    onSuccess: (album) => {
      queryClient.setQueryData(albumKeys.one(album.id), album);
      void queryClient.invalidateQueries({ queryKey: albumKeys.list() });
    },
  });
}
