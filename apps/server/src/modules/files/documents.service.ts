import type { DeleteDocumentsResponse, DocumentList } from '@trove/contract';
import type { Access } from '../../access/access.ts';
import type { Caller, SignedInCaller } from '../../access/caller.ts';
import type { Repositories } from '../repositories.ts';
import { NotFoundError } from '../../errors.ts';
import type { MediaLinks } from '../media/media-links.ts';
import { fileViewerOf } from './file-records.ts';
import { toRemoteFile, type FilesService } from './files.service.ts';

/**
 * The most documents one listing answers. Documents are few (receipts, PDFs): a library with
 * more gets the latest this many, which the page says by its count.
 */
export const DOCUMENTS_LIMIT = 10_000;

/**
 * Documents (spec 000 §2 /documents, §4, §7; issue #14): the documents of a job, listed apart
 * from the timeline (which never shows them), and deleted to the trash like any file.
 */
export function createDocumentsService(deps: {
  repos: Pick<Repositories, 'files'>;
  access: Access;
  files: Pick<FilesService, 'trash'>;
  links: MediaLinks;
}) {
  const { repos, access, links } = deps;
  return {
    /** GET /jobs/{id}/documents: with signed URLs for the caller's session (downloads as attachments). */
    async list(caller: Caller, jobId: string): Promise<DocumentList> {
      const { mediaScope, job } = await access.requireJob(caller, jobId, 'read');
      const sessionLinks = links.forSession(mediaScope);
      const rows = await repos.files.listDocuments(jobId, DOCUMENTS_LIMIT);
      const viewer = fileViewerOf(caller, job);
      return { files: rows.map((row) => toRemoteFile(row, sessionLinks, viewer)) };
    },

    /**
     * POST /jobs/{id}/delete_documents: each document to the trash the way DELETE
     * files_by_id moves a file (its change record, its counters), each on its own; ids that
     * are not the caller's documents are left out of the answer.
     */
    async delete(
      caller: SignedInCaller,
      jobId: string,
      fileIds: readonly string[],
    ): Promise<DeleteDocumentsResponse> {
      await access.requireJob(caller, jobId, 'deleteOwnFile');
      const deleted: string[] = [];
      for (const fileId of new Set(fileIds)) {
        const file = await repos.files.findFile(jobId, fileId);
        if (file?.type !== 'Documents') continue;
        try {
          await deps.files.trash(caller, jobId, fileId);
          deleted.push(fileId);
        } catch (error) {
          // Not the caller's to delete, or gone meanwhile: left out, the others go on.
          if (!(error instanceof NotFoundError)) throw error;
        }
      }
      return { deleted };
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
