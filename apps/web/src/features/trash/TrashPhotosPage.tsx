import type { TrashFile } from '@trove/contract';
import { useCallback, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useAccountInfoQuery } from '../auth/api.ts';
import { requestDownload } from '../downloads/index.ts';
import { useSelection, type Selection } from '../selection/index.ts';
import { fetchAllTrashFiles, useTrashFilesQuery } from './api.ts';
import { BulkDialog } from './BulkDialog.tsx';
import { groupTrashFiles, initialProcessing, processingReducer, type TrashGroup } from './model.ts';
import { StorageFullDialog } from './TrashDialogs.tsx';
import { TrashGroupSection } from './TrashGroupSection.tsx';
import { TrashHeader } from './TrashHeader.tsx';
import { TrashSelectionBar } from './TrashSelectionBar.tsx';
import { TrashToolbar } from './TrashToolbar.tsx';
import { useBulkActions } from './use-bulk-actions.ts';
import { useFetchMore } from './use-fetch-more.ts';
import { useTrashFileActions } from './use-trash-file-actions.ts';
import './trash.css';

/** The selection over the groups (See: [Note: Timeline selection]; a group stands for a month). */
function useGroupSelection(groups: readonly TrashGroup[]): Selection {
  const months = useMemo(
    () => groups.map((group) => ({ key: group.days, year: 0, count: group.files.length })),
    [groups],
  );
  const selection = useSelection({ months });
  const { monthLoaded } = selection.actions;
  useLayoutEffect(() => {
    for (const group of groups)
      monthLoaded(
        group.days,
        group.files.map((file) => file.id),
      );
  }, [groups, monthLoaded]);
  return selection;
}

/**
 * Routes /deleted_items/photos and its in-app variant: the trash photos of spec 000 §2 — the
 * files grouped by days remaining (§4), paged as the end comes near (§9), selected to
 * download, restore or delete for good, download all, restore all and delete all, the item
 * count and an empty state.
 */
export function TrashPhotosPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const api = useApi();
  const query = useTrashFilesQuery();
  const isReadOnly = useAccountInfoQuery().data?.is_read_only_user === true;
  const [processing, dispatch] = useReducer(processingReducer, initialProcessing);
  const files = useMemo<TrashFile[]>(
    () => query.data?.pages.flatMap((page) => page.files) ?? [],
    [query.data],
  );
  const groups = useMemo(
    () => groupTrashFiles(files, processing.hidden, new Date(query.dataUpdatedAt)),
    [files, processing.hidden, query.dataUpdatedAt],
  );
  const selection = useGroupSelection(groups);
  const fileActions = useTrashFileActions(dispatch);
  const loadedIds = useCallback(() => files.map((file) => file.id), [files]);
  const bulk = useBulkActions(dispatch, fileActions, loadedIds);
  const endRef = useRef<HTMLDivElement>(null);
  const { fetchNextPage } = query;
  const fetchMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  useFetchMore(endRef, query.hasNextPage && !query.isFetching, fetchMore);
  const title = intl.formatMessage({ id: 'trash.photos.title' });
  usePageTitle(title);

  if (query.isError && !query.data)
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <PageSpinner />;
  const byId = new Map(files.map((file) => [file.id, file]));
  const pick = (ids: readonly string[]) => ids.flatMap((id) => byId.get(id) ?? []);
  const total = query.data.pages.at(-1)?.total_item_count ?? 0;
  const shown = Math.max(0, total - processing.hidden.size);
  return (
    <section className="page trash-page">
      <TrashHeader title={title}>
        {shown > 0 && (
          <TrashToolbar
            isReadOnly={isReadOnly}
            onRestoreAll={() => void bulk.restoreAll(total)}
            onDeleteAll={bulk.askDeleteAll}
            onDownloadAll={() => {
              requestDownload({
                kind: 'trashAll',
                fetchAll: (onProgress, signal) => fetchAllTrashFiles(api, onProgress, signal),
              });
            }}
          />
        )}
      </TrashHeader>
      {shown === 0 && !query.hasNextPage ? (
        <EmptyState
          heading="h2"
          icon="delete"
          title={intl.formatMessage({ id: 'trash.photos.emptyTitle' })}
          text={intl.formatMessage({ id: 'trash.photos.emptyText' })}
        />
      ) : (
        <>
          <p className="trash-page__count muted" role="status">
            {intl.formatMessage({ id: 'trash.photos.count' }, { count: shown })}
          </p>
          {groups.map((group) => (
            <TrashGroupSection
              key={group.days}
              group={group}
              selection={selection}
              failed={processing.failed}
            />
          ))}
        </>
      )}
      <div ref={endRef} className="trash-page__end">
        {query.isFetchingNextPage && <Spinner />}
      </div>
      <TrashSelectionBar
        selection={selection}
        isReadOnly={isReadOnly}
        onRestore={(ids) => void fileActions.restore(pick(ids))}
        onDelete={(ids) => void fileActions.deleteForGood(pick(ids))}
        onDownload={(ids) => {
          requestDownload({ kind: 'trash', files: pick(ids) });
        }}
      />
      {bulk.bulk && (
        <BulkDialog
          kind={bulk.bulk.kind}
          phase={bulk.bulk.phase}
          count={total}
          onConfirm={() => void bulk.deleteAll()}
          onClose={bulk.close}
          onGoToTimeline={() => void navigate('/photos')}
        />
      )}
      {/* The storage popup waits for the bulk dialog: one dialog at a time, in turn (spec 001 §4 popups queue). */}
      {fileActions.isStorageFull && !bulk.bulk && (
        <StorageFullDialog onClose={fileActions.closeStorageFull} />
      )}
    </section>
  );
}
