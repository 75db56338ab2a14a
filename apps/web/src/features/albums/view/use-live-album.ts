import { JOB_POLL_RETRY_MS } from '@trove/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useApi } from '../../../api/api-context.tsx';
import { refreshComments } from '../../comments/index.ts';
import { albumKeys } from '../api.ts';
import { albumViewKeys } from './album-api.ts';

/** After a failed poll, wait this long before the next (spec 000 §9 job polling retry 1 s). */
const RETRY_MS = JOB_POLL_RETRY_MS;

/**
 * Keeps an open album live (spec 000 §7 poll host, issue #11: every member's screen updates
 * within a second): a long poll on `job_changed:{id}` wakes as soon as anyone adds or removes
 * files, comments or loves, or changes the name, cover, permissions or members; the album's
 * info, members, months, files, comments and counts are then fetched again (the grid
 * refetches only the sections on screen, the comments only those on screen; issue #12).
 * `startSerial` is the album's last_update when it first loaded.
 */
export function useLiveAlbum(albumId: string, startSerial: number | undefined) {
  const api = useApi();
  const queryClient = useQueryClient();
  // Read once when the album first loads: later infos carry newer serials, which the loop
  // already follows, and must not restart it.
  const readSerial = useEffectEvent(() => startSerial);
  const hasStarted = startSerial !== undefined;
  useEffect(() => {
    const from = readSerial();
    if (!hasStarted || from === undefined) return;
    const controller = new AbortController();
    const { signal } = controller;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const stopped = () => signal.aborted;
    void (async () => {
      let seq = from;
      while (!stopped()) {
        try {
          const answer = await api.poll({ seq, event: `job_changed:${albumId}` }, signal);
          const serial = Number(/^seq=(\d+)/.exec(answer)?.[1] ?? seq);
          if (serial <= seq) continue;
          seq = serial;
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: albumKeys.one(albumId) }),
            queryClient.invalidateQueries({ queryKey: albumViewKeys.users(albumId) }),
            queryClient.invalidateQueries({ queryKey: albumViewKeys.months(albumId) }),
            queryClient.invalidateQueries({ queryKey: albumKeys.files(albumId) }),
            refreshComments(queryClient, albumId),
          ]);
        } catch {
          if (stopped()) return;
          await pause(RETRY_MS);
        }
      }
    })();
    return () => {
      controller.abort();
    };
  }, [api, queryClient, albumId, hasStarted]);
}
