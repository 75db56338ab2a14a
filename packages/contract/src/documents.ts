import { z } from 'zod/mini';
import { RemoteFile } from './files.ts';

/*
 * Documents (spec 000 §2 /documents, §4 Documents, §7 "fetch all documents for the timeline
 * job", "delete documents by job id and file ids"; issue #14). The spec leaves the paths
 * open: GET /jobs/{id}/documents and POST /jobs/{id}/delete_documents (docs/API.md).
 */

/** GET /jobs/{id}/documents: every active document of the job, the latest upload first. */
export const DocumentList = z.object({ files: z.array(RemoteFile) });
export type DocumentList = z.infer<typeof DocumentList>;

/** POST /jobs/{id}/delete_documents: documents to move to the trash (90 days, spec 000 §4). */
export const DeleteDocumentsBody = z.object({
  file_ids: z
    .array(z.string().check(z.minLength(1), z.maxLength(100)))
    .check(z.minLength(1), z.maxLength(500)),
});
export type DeleteDocumentsBody = z.infer<typeof DeleteDocumentsBody>;

/** The ids that went to the trash; the others (not documents, not the caller's) did not. */
export const DeleteDocumentsResponse = z.object({ deleted: z.array(z.string()) });
export type DeleteDocumentsResponse = z.infer<typeof DeleteDocumentsResponse>;
