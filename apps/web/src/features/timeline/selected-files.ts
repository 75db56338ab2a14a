import type { RemoteFile, TimelineFilter } from '@trove/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../api/http-client.ts';
import type { GridSource } from '../library/index.ts';
import { selectedIds, type SelectionState } from '../selection/index.ts';
import type { TimelineSection } from './sections.ts';

/**
 * The selected files as the grid loaded them, in selection order, for the rules that read a
 * file's own fields (who added it, See: [Note: File action registry]). A selection only
 * holds files of loaded sections; one not found in the cache (dropped since) is undefined,
 * which the registry counts as not allowed.
 */
export function selectedFilesOf(
  state: SelectionState,
  sections: readonly TimelineSection[],
  lookup: (section: TimelineSection) => readonly RemoteFile[] | undefined,
): (RemoteFile | undefined)[] {
  const byId = new Map<string, RemoteFile>();
  for (const section of sections) {
    if (!state.selected.has(section.key)) continue;
    for (const file of section.files ?? lookup(section) ?? []) byId.set(file.id, file);
  }
  return selectedIds(state).map((id) => byId.get(id));
}

/** A section's files from the query cache, as the grid fetched them. */
export function cachedSectionFiles(
  queryClient: QueryClient,
  api: HttpClient,
  source: GridSource,
  filter: TimelineFilter,
) {
  return (section: TimelineSection): readonly RemoteFile[] | undefined =>
    queryClient.getQueryData<RemoteFile[]>(source.sectionFiles(api, section, filter).queryKey);
}
