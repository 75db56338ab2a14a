import { checkFile, type AcceptedExtensions } from './checks.ts';
import { inspectFiles } from './file-inspection.ts';
import type { NewUploadItem, RejectionReason } from './model.ts';
import type { PickedFile, UploadTarget } from './uploader-types.ts';

/** Picked files made ready for the queue: items, the checks' verdicts, and the bytes to send. */
export interface PreparedFiles {
  items: NewUploadItem[];
  /** Per item: null when the checks of spec 000 §5 pass, else why not. */
  verdicts: (RejectionReason | null)[];
  /** Size of the files that pass, for the storage check. */
  bytes: number;
}

/**
 * Runs the checks of spec 000 §5 on picked files, reading what they need off the page's
 * thread (see [Note: Picked files off the main thread]).
 */
export async function prepareFiles(
  picked: readonly PickedFile[],
  extensions: AcceptedExtensions,
  target: UploadTarget,
): Promise<PreparedFiles> {
  const facts = await inspectFiles(picked.map((entry) => entry.file));
  const items: NewUploadItem[] = [];
  const verdicts: (RejectionReason | null)[] = [];
  let bytes = 0;
  picked.forEach(({ file, folder }, index) => {
    const fact = facts[index] ?? { size: 0, isReadable: false };
    const verdict = checkFile(file.name, fact, extensions);
    items.push({
      targetJob: target.jobId,
      alsoTimeline: target.alsoTimeline,
      targetFolder: folder,
      name: file.name,
      size: fact.size,
    });
    verdicts.push(verdict);
    if (verdict === null) bytes += fact.size;
  });
  return { items, verdicts, bytes };
}
