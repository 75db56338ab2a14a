import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useApi } from '../../api/api-context.tsx';
import { pendingOperations } from '../../api/pending-operations.ts';
import { accountKeys } from '../auth/api.ts';
import { isActive } from './model.ts';
import { createLazyUploader } from './lazy-uploader.ts';
import type { Uploader, UploaderView } from './uploader.ts';

const UploaderContext = createContext<Uploader | null>(null);

/**
 * spec 000 §4: out of storage is cleared by a deletion, purchase or plan change; each of
 * those shows in account info as more free space than before.
 */
function useStorageFreed(uploader: Uploader, queryClient: QueryClient) {
  useEffect(() => {
    let free: number | undefined;
    return queryClient.getQueryCache().subscribe((event) => {
      const key = event.query.queryKey as readonly unknown[];
      if (event.type !== 'updated' || key[0] !== accountKeys.all[0]) return;
      const data = event.query.state.data as { used_space?: unknown; max_space?: unknown } | undefined;
      if (typeof data?.used_space !== 'number' || typeof data.max_space !== 'number') return;
      const next = data.max_space - data.used_space;
      if (free !== undefined && next > free) uploader.storageFreed();
      free = next;
    });
  }, [uploader, queryClient]);
}

/**
 * spec 000 §4: leaving while uploads are pending warns 'Changes might be lost'; the queue
 * holds the page's pending operations while it has active items (See: [Note: Leave warning]).
 */
function useLeaveWarning(uploader: Uploader) {
  const isBusy = useStore(uploader.store, (view) => view.queue.items.some(isActive));
  useEffect(() => {
    if (isBusy) return pendingOperations.hold();
  }, [isBusy]);
}

/** The app's one upload queue (spec 000 §4), for every screen below it. */
export function UploaderProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const uploader = useMemo(
    () =>
      createLazyUploader(() =>
        import('./uploader-engine.ts').then(({ buildUploader }) => buildUploader(api, queryClient)),
      ),
    [api, queryClient],
  );
  useEffect(
    () => () => {
      uploader.dispose();
    },
    [uploader],
  );
  useStorageFreed(uploader, queryClient);
  useLeaveWarning(uploader);
  return <UploaderContext value={uploader}>{children}</UploaderContext>;
}

/** The uploader. Only valid below {@link UploaderProvider}. */
export function useUploader(): Uploader {
  const uploader = useContext(UploaderContext);
  if (uploader === null) throw new Error('useUploader must be used below UploaderProvider');
  return uploader;
}

/** A slice of the uploader's state; re-renders only when the slice changes. */
export function useUploaderView<T>(select: (view: UploaderView) => T): T {
  return useStore(useUploader().store, select);
}
