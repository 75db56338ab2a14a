import { Readable } from 'node:stream';
import type { UploadFields, UploadResult } from '@trove/contract';
import type { SignedInCaller } from '../../access/caller.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { feedKeeping } from '../../storage/feed.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import type { ResumablePart, ResumableRepository, ResumableRow } from './resumable.repository.ts';
import { CapStream, type Partials, type Written } from './partials.ts';

/**
 * Parts in the blob store (issue #26): each PATCH's bytes become one blob, written as any
 * blob is (atomic, durable before `put` resolves), and named by a resumable_parts row in
 * the transaction that moves the offset. Every node reaches them, so a HEAD on one node and
 * the PATCH on another agree, and an upload outlives the node that took its first bytes.
 * A PATCH that breaks off keeps the bytes that arrived as a shorter part.
 *
 * The last PATCH streams the parts, in order, through the plain upload path: one pass that
 * hashes, checks and stores the file as a single blob, then the parts go. That pass costs
 * a read and a write of the whole file while the client waits on its last request (about
 * what the file took to arrive over a LAN); a server-side S3 copy would save the bytes but
 * not the read the SHA-1 needs, since a running hash cannot move between nodes.
 */
export function createStorePartials(deps: {
  store: BlobStore;
  resumable: ResumableRepository;
  uploads: UploadsService;
}): Partials {
  const { store } = deps;

  /** The parts' bytes in order; a gap or an overlap would make another file, so it fails. */
  async function* bytesOf(parts: readonly ResumablePart[], length: number): AsyncGenerator<Buffer> {
    let at = 0;
    for (const part of parts) {
      if (part.offset !== at) throw new Error(`resumable upload parts do not join at ${String(at)}`);
      for await (const chunk of await store.get(part.store_key)) yield chunk as Buffer;
      at += part.size;
    }
    if (at !== length) throw new Error(`resumable upload parts end at ${String(at)} of ${String(length)}`);
  }

  return {
    kind: 'store',

    async create() {
      // Nothing to make: the first PATCH makes the first part.
    },

    async write(row: ResumableRow, body: Readable): Promise<Written> {
      const cap = new CapStream(row.length - row.offset);
      const feeding = feedKeeping(body, cap);
      let info;
      try {
        info = await store.put(cap);
      } catch (error) {
        feeding.stop();
        throw error;
      }
      const failure = feeding.failure();
      if (cap.overflowed || info.size === 0) {
        await store.delete(info.key);
        return { received: row.offset, overflowed: cap.overflowed, ...(failure && { failure }) };
      }
      return {
        received: row.offset + info.size,
        part: { key: info.key, size: info.size },
        overflowed: false,
        ...(failure && { failure }),
      };
    },

    async discard(_id: string, written: Written) {
      if (written.part) await store.delete(written.part.key);
    },

    async finish(auth: SignedInCaller, row: ResumableRow): Promise<UploadResult> {
      const parts = await deps.resumable.listParts(row.id);
      const fields = JSON.parse(row.fields) as UploadFields;
      return deps.uploads.upload(
        auth,
        row.job_id,
        fields,
        Readable.from(bytesOf(parts, row.length)),
        row.length,
      );
    },

    async release(id: string) {
      // Rows before bytes (see [Note: Blob storage]): a crash between leaves orphans for fsck.
      const parts = await deps.resumable.listParts(id);
      await deps.resumable.deleteParts(id);
      for (const part of parts) await store.delete(part.store_key);
    },

    async remove(_id: string, partKeys: readonly string[]) {
      for (const key of partKeys) await store.delete(key);
    },
  };
}
