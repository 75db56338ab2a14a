import {
  ChangeType,
  ChangesResponse,
  JOB_POLL_RETRY_MS,
  monthStartOf,
  type RemoteFile,
} from '@trove/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { timelineKeys } from '../library/api.ts';
import { readChangesUpTo } from './changes-relook.ts';

/** After a failed poll, wait this long before the next (spec 000 §9 "Job polling retry 1 s"). */
const RETRY_MS = JOB_POLL_RETRY_MS;

/**
 * Keeps the timeline live (spec 000 §7 poll host): a long poll on `job_changed:{id}` wakes
 * as soon as the job changes anywhere (another tab, a phone); the changes since the last
 * serial then say which months to fetch again. Added files refresh only their month;
 * anything else refreshes the sections on screen. The month counts always refresh.
 */
export function useLiveTimeline(jobId: string | undefined, startSerial: number | undefined) {
  const api = useApi();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (jobId === undefined || startSerial === undefined) return;
    const controller = new AbortController();
    const { signal } = controller;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Read through a call: the loop condition narrows `signal.aborted` for the checker.
    const stopped = () => signal.aborted;
    void (async () => {
      let seq = startSerial;
      while (!signal.aborted) {
        try {
          const answer = await api.poll({ seq, event: `job_changed:${jobId}` }, signal);
          const serial = Number(/^seq=(\d+)/.exec(answer)?.[1] ?? seq);
          if (serial <= seq) continue;
          const read = async (since: number) =>
            (
              await api.app(`/jobs/${encodeURIComponent(jobId)}/changes`, ChangesResponse, {
                query: { since },
                signal,
              })
            ).changes;
          // A list that still stops short after its re-looks: refresh what is on screen.
          const { changes, isComplete } = await readChangesUpTo(read, seq, serial, pause);
          const months = new Set<number>();
          let everything = !isComplete;
          // Where each changed file sits on screen now: a file whose taken time the worker
          // corrected moves month, so its old month must drop it.
          const shownIn = new Map<string, number[]>();
          for (const [key, files] of queryClient.getQueriesData<RemoteFile[]>({
            queryKey: [...timelineKeys.all, 'month', jobId],
          })) {
            const start = key[3];
            if (typeof start !== 'number') continue;
            for (const file of files ?? []) shownIn.set(file.id, [...(shownIn.get(file.id) ?? []), start]);
          }
          for (const change of changes) {
            const taken = change.data.timestamp;
            const id = change.data.id;
            if (change.type === ChangeType.FileAdded && typeof taken === 'number')
              months.add(monthStartOf(taken));
            else everything = true;
            if (typeof id === 'string') for (const start of shownIn.get(id) ?? []) months.add(start);
          }
          seq = serial;
          await queryClient.invalidateQueries({ queryKey: timelineKeys.months(jobId) });
          await queryClient.invalidateQueries({ queryKey: timelineKeys.recents(jobId) });
          if (everything) {
            await queryClient.invalidateQueries({ queryKey: [...timelineKeys.all, 'month', jobId] });
          } else {
            for (const start of months) {
              // Every filter's view of the month.
              await queryClient.invalidateQueries({
                queryKey: [...timelineKeys.all, 'month', jobId, start],
              });
            }
          }
        } catch {
          if (stopped()) return;
          await pause(RETRY_MS);
        }
      }
    })();
    return () => {
      controller.abort();
    };
  }, [api, queryClient, jobId, startSerial]);
}
