import type { TimelineFilter } from '@trove/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import {
  HINT_AUTO_HIDE_MS,
  createHints,
  createLocalHintStorage,
  hasFinePointer,
  shouldShowSelectionHint,
  pendingMonths,
  selectedCount,
  useSelection,
  type Selection,
} from '../selection/index.ts';
import type { GridSource } from '../library/index.ts';
import type { TimelineSection } from './sections.ts';

/**
 * The most files one selection may hold (spec 000 §8 "selection limit reached"; the value
 * is not shown there). Ten thousand keeps a delete or a download request bounded while
 * letting a person take a whole busy year in a few steps.
 */
export const MAX_SELECTION = 10_000;

/**
 * The timeline's selection (see [Note: Timeline selection]): the pure model, fed with each
 * month's files as they load; a range or year reaching months not loaded yet fetches them
 * here ('fetching file selection info' shows meanwhile); the limit toast; and the hints of
 * spec 000 §4 (shift-select, and the selection hint at 10 or more).
 */
export function useTimelineSelection(
  source: GridSource,
  sections: readonly TimelineSection[],
  filter: TimelineFilter,
): Selection {
  const api = useApi();
  const queryClient = useQueryClient();
  const intl = useIntl();
  const toasts = useToasts();
  const selection = useSelection({
    months: sections,
    maxCount: MAX_SELECTION,
    onLimitReached: () => {
      toasts.show({
        kind: 'error',
        key: 'selection-limit',
        text: intl.formatMessage({ id: 'timeline.selectionLimit' }, { count: MAX_SELECTION }),
      });
    },
  });
  const { monthLoaded } = selection.actions;

  // Recents carry their files: every month is loaded from the start.
  useEffect(() => {
    for (const section of sections) {
      if (section.files)
        monthLoaded(
          section.key,
          section.files.map((file) => file.id),
        );
    }
  }, [sections, monthLoaded]);

  const pending = pendingMonths(selection.state).join(',');
  useEffect(() => {
    if (!pending) return;
    for (const key of pending.split(',').map(Number)) {
      const section = sections.find((candidate) => candidate.key === key);
      if (!section || section.files) continue;
      const options = source.sectionFiles(api, section, filter);
      // A first load still on its way holds only its first pages, fresh: wait for the rest.
      const isLoading = queryClient.getQueryState(options.queryKey)?.fetchStatus === 'fetching';
      void queryClient
        .query(isLoading ? { ...options, staleTime: 0 } : options)
        .then((files) => {
          monthLoaded(
            key,
            files.map((file) => file.id),
          );
        })
        .catch(() => {
          selection.actions.cancelPending();
        });
    }
  }, [pending, sections, queryClient, api, source, filter, monthLoaded, selection.actions]);

  useSelectionHints(selectedCount(selection.state));
  return selection;
}

/** Shows the shift-select and selection hints as the count grows (spec 000 §4, §9). */
function useSelectionHints(count: number) {
  const intl = useIntl();
  const toasts = useToasts();
  const hints = useMemo(() => createHints(createLocalHintStorage(), Date.now, hasFinePointer), []);
  const previous = useRef(0);
  useEffect(() => {
    const before = previous.current;
    previous.current = count;
    if (count <= before) return;
    const hint = (id: 'timeline.hint.shiftSelect' | 'timeline.hint.selection') => {
      toasts.show({
        kind: 'success',
        key: id,
        text: intl.formatMessage({ id }),
        durationMs: HINT_AUTO_HIDE_MS,
      });
    };
    if (hints.takeShiftSelectHint(count)) hint('timeline.hint.shiftSelect');
    else if (shouldShowSelectionHint(count) && !shouldShowSelectionHint(before))
      hint('timeline.hint.selection');
  }, [count, hints, intl, toasts]);
}
