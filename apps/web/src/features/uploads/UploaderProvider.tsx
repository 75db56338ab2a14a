import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useStore } from 'zustand';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { setOnline } from '../../api/online-store.ts';
import { sessionRecord } from '../../api/session-record.ts';
import { accountInfoQueryOptions, accountKeys } from '../auth/api.ts';
import { timelineJobQuery } from '../library/api.ts';
import { createHasher } from './hasher.ts';
import { isActive } from './model.ts';
import { createXhrTransport } from './transport.ts';
import { createUploader, type Uploader, type UploaderView } from './uploader.ts';

const UploaderContext = createContext<Uploader | null>(null);

/** Builds the app's uploader over the HTTP client and the query cache. */
function buildUploader(api: HttpClient, queryClient: QueryClient): Uploader {
  return createUploader({
    api,
    send: createXhrTransport({ directory: api.directory, session: sessionRecord, onOnlineChange: setOnline }),
    hasher: createHasher(),
    getTimelineJobId: () => queryClient.query(timelineJobQuery(api)).then((job) => job.id),
    // Fresh: the storage check of spec 000 §5 must not use a quota from minutes ago.
    getAccount: () => queryClient.query({ ...accountInfoQueryOptions(api), staleTime: 0 }),
    resumeStore: localStorage,
    onBatchFinished: () => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}

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

/** spec 000 §4: the browser warns 'Changes might be lost' when leaving while uploads are pending. */
function useLeaveWarning(uploader: Uploader) {
  const intl = useIntl();
  const isBusy = useStore(uploader.store, (view) => view.queue.items.some(isActive));
  useEffect(() => {
    if (!isBusy) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Current browsers show their own words after preventDefault; older ones need
      // returnValue set, and some of them show it.
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- see above
      event.returnValue = intl.formatMessage({ id: 'upload.leaveWarning' });
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
    };
  }, [isBusy, intl]);
}

/** The app's one upload queue (spec 000 §4), for every screen below it. */
export function UploaderProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const uploader = useMemo(() => buildUploader(api, queryClient), [api, queryClient]);
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
