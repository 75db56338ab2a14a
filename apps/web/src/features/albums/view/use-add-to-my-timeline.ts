import { CopyResults, type CurrentUserCan } from '@trove/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../../api/api-context.tsx';
import type { HttpClient } from '../../../api/http-client.ts';
import { useToasts } from '../../../ui/toasts.tsx';
import type { PlaceFileActions } from '../../file-actions/index.ts';
import { timelineKeys } from '../../library/api.ts';

/** The most ids one POST /jobs/{id}/keep-files takes (the server's limit). */
export const KEEP_FILES_BATCH = 500;

/**
 * POST /jobs/{albumId}/keep-files (spec 000 §7): the files into the caller's timeline, as
 * copy_to_timeline does, the ids as plain text one a line, 500 a call.
 * @returns every file's result.
 */
export async function keepFiles(
  api: HttpClient,
  albumId: string,
  fileIds: readonly string[],
): Promise<CopyResults['results']> {
  const results: CopyResults['results'] = [];
  for (let start = 0; start < fileIds.length; start += KEEP_FILES_BATCH) {
    const answer = await api.app(`/jobs/${encodeURIComponent(albumId)}/keep-files`, CopyResults, {
      method: 'POST',
      text: fileIds.slice(start, start + KEEP_FILES_BATCH).join('\n'),
    });
    results.push(...answer.results);
  }
  return results;
}

/**
 * Adds album files to the caller's timeline with the toasts of spec 000 §8 ('Added to your
 * timeline', or the failure): the album's "Add to my timeline" of the file menu, the viewer
 * and the selection bar (See: [Note: File action registry]).
 */
export function useAddToMyTimeline(albumId: string): (fileIds: readonly string[]) => Promise<void> {
  const api = useApi();
  const intl = useIntl();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  return useCallback(
    async (fileIds) => {
      try {
        const results = await keepFiles(api, albumId, fileIds);
        const isAdded = results.some((result) => result.status === 'ok');
        toasts.show(
          isAdded
            ? { kind: 'success', text: intl.formatMessage({ id: 'albumView.addedToTimeline' }) }
            : { kind: 'error', text: intl.formatMessage({ id: 'albumView.addToTimelineFailed' }) },
        );
        void queryClient.invalidateQueries({ queryKey: timelineKeys.all });
      } catch {
        toasts.show({ kind: 'error', text: intl.formatMessage({ id: 'albumView.addToTimelineFailed' }) });
      }
    },
    [api, albumId, intl, toasts, queryClient],
  );
}

/**
 * A member's file actions in an album (See: [Note: File action registry]): the album's
 * currentUserCan, and its Add to my timeline for one file or a selection; undefined until
 * the album is known.
 */
export function useAlbumFileActions(
  albumId: string,
  can: CurrentUserCan | undefined,
): PlaceFileActions | undefined {
  const addToMyTimeline = useAddToMyTimeline(albumId);
  return useMemo(() => {
    if (!can) return undefined;
    const add = (ids: readonly string[]) => void addToMyTimeline(ids);
    return { place: 'album', can, run: { keepFiles: add, copyToTimeline: add } };
  }, [can, addToMyTimeline]);
}
