import {
  DeleteAlbumsResponse,
  EmptyTrashResponse,
  RollbackAlbumsResponse,
  TrashAlbums,
  TrashCan,
  type TrashFile,
} from '@trove/contract';
import { useInfiniteQuery, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { albumKeys } from '../albums/api.ts';
import { accountKeys } from '../auth/api.ts';
import { restoreFileIds, type BatchOutcome, type RestoreOutcome } from '../file-actions/index.ts';
import { timelineKeys } from '../library/api.ts';
import { idsByJob } from './model.ts';

/** Query keys of the trash (spec 000 §7 Trash). */
export const trashKeys = {
  all: ['trash'] as const,
  files: () => [...trashKeys.all, 'files'] as const,
  count: () => [...trashKeys.all, 'count'] as const,
  albums: () => [...trashKeys.all, 'albums'] as const,
};

/** Files a page of the trash list holds. */
export const TRASH_PAGE_SIZE = 200;
/** The most ids one call carries (the contract allows 500 albums and 5000 files). */
const IDS_PER_CALL = 500;
/** A page of the whole-trash walk of restore all: GET /trash_can's largest limit. */
const WALK_PAGE_SIZE = 500;

// The trash changes from other screens (every delete in the timeline or an album adds to
// it), so it is fetched again whenever a trash screen opens.
const TRASH_STALE_TIME = 0;

/** `ids` in slices of at most `size`. */
function slices<T>(ids: readonly T[], size = IDS_PER_CALL): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < ids.length; start += size) result.push(ids.slice(start, start + size));
  return result;
}

function fetchTrashPage(api: HttpClient, offset: number, limit: number, signal?: AbortSignal) {
  return api.app('/trash_can', TrashCan, { query: { offset, limit }, ...(signal && { signal }) });
}

/**
 * GET /st/4/trash_can page by page (spec 000 §7, §4 Trash fetch state: the query's status),
 * latest deletion first; the next page is the caller's to ask for (spec 000 §9: near the end).
 */
export function useTrashFilesQuery() {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: trashKeys.files(),
    queryFn: ({ pageParam, signal }) => fetchTrashPage(api, pageParam, TRASH_PAGE_SIZE, signal),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastOffset) =>
      lastOffset + TRASH_PAGE_SIZE < last.total_item_count ? lastOffset + TRASH_PAGE_SIZE : undefined,
    staleTime: TRASH_STALE_TIME,
  });
}

/** How many files the trash holds, for the hub (one file asked for). */
export function useTrashCountQuery() {
  const api = useApi();
  return useQuery({
    queryKey: trashKeys.count(),
    queryFn: ({ signal }) => fetchTrashPage(api, 0, 1, signal),
    select: (trash) => trash.total_item_count,
    staleTime: TRASH_STALE_TIME,
  });
}

/** GET /st/4/trash_can_albums (spec 000 §7): the caller's deleted albums. */
export function useTrashAlbumsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: trashKeys.albums(),
    queryFn: ({ signal }) => api.app('/trash_can_albums', TrashAlbums, { signal }),
    select: (albums) => albums.items,
    staleTime: TRASH_STALE_TIME,
  });
}

/**
 * Every file of the trash, walked in pages of 500, for restore all and download all (spec
 * 000 §4; "trash file infos are fetched in pages for trash downloads", §7). `onProgress` is
 * told after each page how many files came so far, of how many.
 */
export async function fetchAllTrashFiles(
  api: HttpClient,
  onProgress?: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<TrashFile[]> {
  const files: TrashFile[] = [];
  const seen = new Set<string>();
  for (let offset = 0; ; offset += WALK_PAGE_SIZE) {
    const page = await fetchTrashPage(api, offset, WALK_PAGE_SIZE, signal);
    for (const file of page.files) {
      if (seen.has(file.id)) continue;
      seen.add(file.id);
      files.push(file);
    }
    onProgress?.(files.length, Math.max(page.total_item_count, files.length));
    if (page.files.length < WALK_PAGE_SIZE || offset + WALK_PAGE_SIZE >= page.total_item_count) return files;
  }
}

/**
 * POST /st/4/empty_trash_can without ids (spec 000 §7): the whole trash deleted for good.
 * Permanent (spec 000 §4). @returns how many files went and the bytes freed.
 */
export function emptyTrash(api: HttpClient): Promise<EmptyTrashResponse> {
  return api.app('/empty_trash_can', EmptyTrashResponse, { method: 'POST', body: {} });
}

/**
 * POST /st/4/empty_trash_can with `fileid` (spec 000 §7): these files deleted for good, 500
 * a call; the files of a call that fails count as failed. Permanent (spec 000 §4).
 */
export async function deleteTrashFiles(api: HttpClient, fileIds: readonly string[]): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { succeeded: [], failed: [] };
  for (const fileid of slices(fileIds)) {
    try {
      await api.app('/empty_trash_can', EmptyTrashResponse, { method: 'POST', body: { fileid } });
      outcome.succeeded.push(...fileid);
    } catch {
      outcome.failed.push(...fileid);
    }
  }
  return outcome;
}

/**
 * Restores trashed files job by job, multi_rollback being a call on a job (spec 000 §7), in
 * its batches of 200, 5 at a time (spec 000 §9). `onProgress` is told how many files have
 * been answered so far.
 */
export async function restoreTrashFiles(
  api: HttpClient,
  files: Iterable<Pick<TrashFile, 'id' | 'job'>>,
  onProgress?: (done: number) => void,
): Promise<RestoreOutcome> {
  const outcome: RestoreOutcome = { succeeded: [], failed: [], reasons: {} };
  let done = 0;
  for (const [job, ids] of idsByJob(files)) {
    const result = await restoreFileIds(api, job, ids, {
      onBatch: (batch) => {
        done += batch.succeeded.length + batch.failed.length;
        onProgress?.(done);
      },
    });
    outcome.succeeded.push(...result.succeeded);
    outcome.failed.push(...result.failed);
    Object.assign(outcome.reasons, result.reasons);
  }
  return outcome;
}

/**
 * POST /st/4/rollback_albums (spec 000 §7): restores deleted albums.
 * @returns the ids restored; an album missing from them was not ('Album restore failed', §8).
 */
export async function rollbackAlbums(api: HttpClient, albumIds: readonly string[]): Promise<Set<string>> {
  const restored = new Set<string>();
  for (const job_uuids of slices(albumIds)) {
    const answer = await api.app('/rollback_albums', RollbackAlbumsResponse, {
      method: 'POST',
      body: { job_uuids },
    });
    for (const { uuid } of answer.success) restored.add(uuid);
  }
  return restored;
}

/**
 * DELETE /st/4/delete_albums_from_trash_can (spec 000 §7): deletes deleted albums for good.
 * @returns the ids deleted.
 */
export async function deleteAlbumsFromTrash(
  api: HttpClient,
  albumIds: readonly string[],
): Promise<Set<string>> {
  const deleted = new Set<string>();
  for (const job_uuids of slices(albumIds)) {
    const answer = await api.app('/delete_albums_from_trash_can', DeleteAlbumsResponse, {
      method: 'DELETE',
      body: { job_uuids },
    });
    for (const { uuid } of answer.success) deleted.add(uuid);
  }
  return deleted;
}

/**
 * Takes files out of the cached trash list at once (spec 000 §4: success removes them),
 * before the list is fetched again; the total goes down with them.
 */
export function removeFromTrashList(queryClient: QueryClient, ids: readonly string[]): void {
  if (ids.length === 0) return;
  const gone = new Set(ids);
  queryClient.setQueryData<InfiniteData<TrashCan, number>>(trashKeys.files(), (data) => {
    if (!data) return data;
    const kept = data.pages.map((page) => page.files.filter((file) => !gone.has(file.id)));
    const removed = data.pages.reduce(
      (sum, page, index) => sum + page.files.length - (kept[index]?.length ?? 0),
      0,
    );
    if (removed === 0) return data;
    const total = Math.max(0, (data.pages.at(-1)?.total_item_count ?? 0) - removed);
    return { ...data, pages: kept.map((files) => ({ files, total_item_count: total })) };
  });
}

/**
 * After a restore or a delete for good (spec 000 §4, issue #13): the trash is fetched again,
 * and so is the account, whose used space the uploader watches to clear its out-of-storage
 * flag (spec 000 §4: cleared by deletion); a restore also changes the timeline and albums.
 */
export function refreshAfterTrashChange(queryClient: QueryClient, change: 'restore' | 'delete'): void {
  void queryClient.invalidateQueries({ queryKey: trashKeys.all });
  void queryClient.invalidateQueries({ queryKey: accountKeys.all });
  if (change === 'restore') {
    void queryClient.invalidateQueries({ queryKey: timelineKeys.all });
    void queryClient.invalidateQueries({ queryKey: albumKeys.all });
  }
}
