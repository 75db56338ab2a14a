import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../api/http-client.ts';
import { setOnline } from '../../api/online-store.ts';
import { sessionRecord } from '../../api/session-record.ts';
import { accountInfoQueryOptions, accountKeys } from '../auth/api.ts';
import { timelineJobQuery } from '../library/api.ts';
import { createHasher } from './hasher.ts';
import { createXhrTransport } from './transport.ts';
import { createUploader, type Uploader } from './uploader.ts';

/**
 * The app's upload engine over the HTTP client and the query cache; loaded on demand
 * (See: [Note: Lazy uploader]).
 */
export function buildUploader(api: HttpClient, queryClient: QueryClient): Uploader {
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
