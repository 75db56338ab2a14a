import {
  DeleteDocumentsResponse,
  DocumentList,
  PreparedArchive,
  type DeleteDocumentsBody,
  type FilesAsArchiveBody,
} from '@trove/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { ARCHIVE_NAME } from './model.ts';

/** Query keys of the documents list; `documentKeys.all` refreshes it after an upload or a restore. */
export const documentKeys = {
  all: ['documents'] as const,
  list: (jobId: string) => [...documentKeys.all, jobId] as const,
};

const jobPath = (jobId: string, name: string) => `/jobs/${encodeURIComponent(jobId)}/${name}`;

/**
 * GET /jobs/{id}/documents of the timeline job (spec 000 §7 "fetch all documents for the
 * timeline job"): every document, the latest upload first, with signed URLs of the originals.
 */
export function useDocumentsQuery(jobId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: documentKeys.list(jobId ?? ''),
    queryFn: ({ signal }) => api.app(jobPath(jobId ?? '', 'documents'), DocumentList, { signal }),
    enabled: jobId !== undefined,
    // Fetched on every visit: a restore from the trash, or an upload elsewhere, changes it
    // without telling this cache.
    staleTime: 0,
  });
}

/** The most ids one delete_documents call takes (packages/contract/src/documents.ts). */
export const DELETE_BATCH_SIZE = 500;

/**
 * POST /jobs/{id}/delete_documents (spec 000 §7 "delete documents by job id and file ids"),
 * 500 ids a call: moves them to the trash, 90 days (spec 000 §4). Resolves with the ids
 * that went; the others stayed. Rejects when the first call fails, so nothing went.
 */
export async function deleteDocuments(
  api: HttpClient,
  jobId: string,
  fileIds: readonly string[],
): Promise<string[]> {
  const deleted: string[] = [];
  for (let start = 0; start < fileIds.length; start += DELETE_BATCH_SIZE) {
    const body: DeleteDocumentsBody = { file_ids: fileIds.slice(start, start + DELETE_BATCH_SIZE) };
    try {
      const answer = await api.app(jobPath(jobId, 'delete_documents'), DeleteDocumentsResponse, {
        method: 'POST',
        body,
      });
      deleted.push(...answer.deleted);
    } catch (error) {
      // A later batch failing leaves its documents (and the rest) listed, as failures.
      if (start === 0) throw error;
      break;
    }
  }
  return deleted;
}

/**
 * POST /jobs/{id}/files_as_archive (spec 000 §7 download host): prepares one zip of the
 * documents, named "Documents". Rejects with `download_too_many_files` or
 * `download_too_large` over the limits of spec 000 §5/§9.
 */
export function prepareArchive(api: HttpClient, jobId: string, fileIds: string[]): Promise<PreparedArchive> {
  return api.app(jobPath(jobId, 'files_as_archive'), PreparedArchive, {
    method: 'POST',
    body: { file_ids: fileIds, zip_filename: ARCHIVE_NAME } satisfies FilesAsArchiveBody,
  });
}

/** Takes deleted documents out of the cached list at once, before the list is fetched again. */
export function removeFromDocuments(queryClient: QueryClient, jobId: string, ids: readonly string[]): void {
  const gone = new Set(ids);
  queryClient.setQueryData<DocumentList>(documentKeys.list(jobId), (list) =>
    list ? { files: list.files.filter((file) => !gone.has(file.id)) } : list,
  );
}
