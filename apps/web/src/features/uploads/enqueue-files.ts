import { prepareFiles } from './add-files.ts';
import { exceedsStorage, fetchUploadExtensions, type UploadExtensions } from './checks.ts';
import type { PickedFile, UploadTarget, UploaderCore, UploaderDeps } from './uploader-types.ts';

/**
 * Checks picked files and queues them for the timeline, or for `target` when given
 * (spec 000 §5); false when refused for lack of storage.
 */
export type AddFiles = (picked: readonly PickedFile[], target?: UploadTarget) => Promise<boolean>;

export function createFileAdder(
  core: UploaderCore,
  deps: Pick<UploaderDeps, 'api' | 'getTimelineJobId' | 'getAccount'>,
): AddFiles {
  const { store } = core;
  let extensions: Promise<UploadExtensions> | undefined;

  return async (picked, target) => {
    if (picked.length === 0) return true;
    extensions ??= fetchUploadExtensions(deps.api);
    const preparing = (change: number) => {
      store.setState({ preparing: store.getState().preparing + change });
    };
    store.setState({ isPanelOpen: true, notice: null });
    preparing(picked.length);
    try {
      const [jobId, known, account] = await Promise.all([
        deps.getTimelineJobId(),
        extensions,
        // Without account info the server's own quota check still applies, file by file.
        deps.getAccount().catch(() => undefined),
      ]);
      const into = target ?? { jobId, alsoTimeline: false };
      // spec 001 §4: a read-only user's upload button is disabled; a drop on the timeline is
      // refused the same way, before anything is hashed (the server refuses it too).
      if (into.jobId === jobId && account?.is_read_only_user === true) {
        store.setState({ notice: 'needsSubscription', isPanelOpen: true });
        return false;
      }
      const prepared = await prepareFiles(picked, known[into.kind ?? 'media'], into);
      // spec 000 §5: adding to the timeline (not a story) is refused when the files do not
      // fit, counting what is queued and not yet on the server. A copy to the timeline
      // shares the album's bytes, so it takes no further storage.
      const queued = core
        .queue()
        .items.filter(
          (item) => item.status === 'Pending' || item.status === 'Enqueued' || item.status === 'Uploading',
        )
        .reduce((sum, item) => sum + item.size, 0);
      if (into.jobId === jobId && account && exceedsStorage(prepared.bytes + queued, account)) {
        store.setState({ notice: 'insufficientStorage', isPanelOpen: true });
        return false;
      }
      const firstId = core.queue().firstId + core.queue().items.length;
      picked.forEach((entry, index) => core.files.set(firstId + index, entry));
      core.dispatch({ type: 'ADD', items: prepared.items });
      core.dispatch({
        type: 'CHECKED',
        results: prepared.verdicts.map((reason, index) => ({ id: firstId + index, reason })),
      });
      return true;
    } finally {
      preparing(-picked.length);
    }
  };
}
