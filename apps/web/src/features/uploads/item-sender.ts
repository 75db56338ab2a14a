import { extensionOf, fileTypeOfExtension } from '@trove/contract';
import type { CompletionPoller } from './completion-poller.ts';
import { UnreadableFileError } from './hasher.ts';
import { findItem } from './model.ts';
import { SERVER_FULL_RETRY_SECONDS, type RetryCountdown } from './retry-countdown.ts';
import { sendFile, type SendOutcome } from './send-file.ts';
import type { UploadHashes } from './upload-hashes.ts';
import type { UploaderCore, UploaderDeps } from './uploader-types.ts';

/** A server that keeps failing (5xx) one file is given up on after this many tries. */
const MAX_SERVER_FAILURES = 5;

/** Sends one queued item and turns what happened into the queue's actions (spec 000 §4). */
export interface ItemSender {
  /** Hashes and sends the item's file; rejects only when `signal` aborts or on a fault. */
  attempt(id: number, signal: AbortSignal): Promise<SendOutcome>;
  /** Applies an outcome: the server's answer, a rejection, or a failure to retry. */
  apply(id: number, outcome: SendOutcome): void;
  /** Forgets the failure counts (the queue was cleared). */
  clear(): void;
}

export function createItemSender(parts: {
  core: UploaderCore;
  deps: Pick<UploaderDeps, 'api' | 'send' | 'resumeStore'>;
  hashes: UploadHashes;
  completion: CompletionPoller;
  countdown: RetryCountdown;
}): ItemSender {
  const { core, deps, hashes, completion } = parts;
  const serverFailures = new Map<number, number>();

  async function attempt(id: number, signal: AbortSignal): Promise<SendOutcome> {
    const picked = core.files.get(id);
    const item = findItem(core.queue(), id);
    if (!picked || !item) return { kind: 'rejected', reason: 'LocalFileUnavailable' };
    let sha1: string;
    try {
      sha1 = (await hashes.of(id)) ?? '';
    } catch (error) {
      if (error instanceof UnreadableFileError) return { kind: 'rejected', reason: 'LocalFileUnavailable' };
      throw error;
    }
    hashes.ahead(id);
    const watch = completion.watchOf(item.targetJob);
    try {
      await watch.ensureCursor(signal);
    } catch (error) {
      if (signal.aborted) throw error;
      return { kind: 'failed', isNetwork: true };
    }
    const outcome = await sendFile(
      { api: deps.api, send: deps.send, ...(deps.resumeStore && { store: deps.resumeStore }) },
      {
        jobId: item.targetJob,
        file: picked.file,
        path: picked.folder ? `${picked.folder}/${picked.file.name}` : picked.file.name,
        sha1,
        signal,
        onProgress: (percent) => {
          core.dispatch({ type: 'PROGRESS', id, percent });
        },
      },
    );
    if (outcome.kind === 'answered' && outcome.answer === 'processing' && outcome.fileUUID) {
      // See [Note: Upload completion]: a document gets no media work, so no second record.
      const isDocument = fileTypeOfExtension(extensionOf(item.name)) === 'Documents';
      watch.watch(outcome.fileUUID, id, outcome.isDedup || isDocument ? 1 : 2);
      completion.start();
    }
    if (outcome.kind === 'answered' && outcome.answer === 'exists' && outcome.fileUUID && item.alsoTimeline) {
      // The album has the file already, but the timeline may not: the item stays processing
      // until the copy is done (see [Note: Copy to the timeline]).
      completion.copyLater(id, item.targetJob, outcome.fileUUID);
      completion.start();
      return { ...outcome, answer: 'processing' };
    }
    return outcome;
  }

  function apply(id: number, outcome: SendOutcome) {
    switch (outcome.kind) {
      case 'answered':
        serverFailures.delete(id);
        core.dispatch({ type: 'SERVER_ANSWERED', id, answer: outcome.answer, fileUUID: outcome.fileUUID });
        completion.flushCopies();
        return;
      case 'rejected':
        core.dispatch({ type: 'REJECTED', id, reason: outcome.reason });
        return;
      case 'failed': {
        if (outcome.isServerFull) {
          // Not the file's fault and not counted against it: it waits however long it takes.
          core.dispatch({ type: 'UPLOAD_FAILED', id, isServerFull: true });
          if (core.queue().connection === 'ServerFull') parts.countdown.start(id, SERVER_FULL_RETRY_SECONDS);
          return;
        }
        const failures = outcome.isNetwork ? 0 : (serverFailures.get(id) ?? 0) + 1;
        serverFailures.set(id, failures);
        if (failures >= MAX_SERVER_FAILURES) {
          core.dispatch({ type: 'REJECTED', id, reason: 'Unknown' });
          return;
        }
        core.dispatch({ type: 'UPLOAD_FAILED', id });
        if (core.queue().connection === 'Offline') parts.countdown.start(id);
        return;
      }
    }
  }

  return {
    attempt,
    apply,
    clear() {
      serverFailures.clear();
    },
  };
}
