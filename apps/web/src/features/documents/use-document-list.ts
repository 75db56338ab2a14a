import { extensionOf, fileTypeOfExtension } from '@trove/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useSelection, type Selection } from '../selection/index.ts';
import { useUploaderView } from '../uploads/index.ts';
import { documentKeys } from './api.ts';
import type { DocumentGroup } from './model.ts';

/** The selection over the month groups (See: [Note: Timeline selection]; a group is a month). */
export function useGroupSelection(groups: readonly DocumentGroup[]): Selection {
  const months = useMemo(
    () => groups.map((group) => ({ key: group.key, year: group.year, count: group.files.length })),
    [groups],
  );
  const selection = useSelection({ months });
  const { monthLoaded } = selection.actions;
  useLayoutEffect(() => {
    for (const group of groups)
      monthLoaded(
        group.key,
        group.files.map((file) => file.id),
      );
  }, [groups, monthLoaded]);
  return selection;
}

/**
 * Fetches the list again each time another document of the job reaches the server (spec 000
 * §4: it answered, so the document is stored), wherever the upload was started.
 */
export function useRefreshOnUploads(jobId: string | undefined): void {
  const queryClient = useQueryClient();
  const stored = useUploaderView(
    (view) =>
      view.queue.items.filter(
        (item) =>
          item.targetJob === jobId &&
          item.fileUUID !== null &&
          fileTypeOfExtension(extensionOf(item.name)) === 'Documents',
      ).length,
  );
  useEffect(() => {
    if (stored > 0 && jobId !== undefined)
      void queryClient.invalidateQueries({ queryKey: documentKeys.list(jobId) });
  }, [stored, jobId, queryClient]);
}
