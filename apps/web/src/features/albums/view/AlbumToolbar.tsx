import type { AlbumFileSort, AlbumViewMode, JobInfo } from '@trove/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../../../api/api-context.tsx';
import type { MessageId } from '../../../i18n/messages.ts';
import { Icon } from '../../../ui/icons.tsx';
import { useToasts } from '../../../ui/toasts.tsx';
import { albumListQuery, carouselPath, useAlbumChange, useSetViewMode } from './album-api.ts';
import { AlbumActions } from './AlbumActions.tsx';
import { CopyAlbumLinkButton } from './CopyAlbumLinkButton.tsx';
import { DownloadAlbumButton } from './DownloadAlbumButton.tsx';
import { InviteButton } from './InviteButton.tsx';
import { AUTO_PLAY_HASH, FILE_SORTS, fileSortOf, needsSubscription } from './model.ts';
import { ACCOUNT_ACTION_EVENTS, useTrackEvent } from '../../analytics/api.ts';
import { SubscriptionGate } from '../../storage/index.ts';
import { CastButton } from '../../cast/index.ts';

const SORT_LABELS: Record<AlbumFileSort, MessageId> = {
  ADDED: 'albumView.sort.ADDED',
  OLDEST_TAKEN: 'albumView.sort.OLDEST_TAKEN',
  NEWEST_TAKEN: 'albumView.sort.NEWEST_TAKEN',
};

/** Props of {@link AlbumToolbar}. */
export interface AlbumToolbarProps {
  album: JobInfo;
  viewMode: AlbumViewMode;
  /** No photos or videos: no slideshow. */
  isEmpty: boolean;
}

/**
 * The album's controls (spec 000 §2 Album view, §6): view mode grid / flow, the file sort
 * (the owner changes it for everyone; others see the album's), the slideshow, the download
 * of the whole album (blocked over the limits, spec 000 §5), Add photos, Copy link and
 * Invite by e-mail (a shared album's members), Subscribe, and the menu of the album's other actions.
 */
export function AlbumToolbar({ album, viewMode, isEmpty }: AlbumToolbarProps) {
  const intl = useIntl();
  const can = album.currentUserCan;
  return (
    <div className="album-view__toolbar">
      <ViewModeSwitch albumId={album.id} viewMode={viewMode} />
      {can.editAlbum && <SortSelect album={album} />}
      <span className="album-view__spacer" />
      <SlideshowButton album={album} isDisabled={isEmpty} />
      {!isEmpty && <CastButton className="btn btn--secondary" jobId={album.id} autoplay showLabel />}
      <DownloadAlbumButton album={album} isDisabled={isEmpty} />
      {can.addPhotos ? (
        <Link className="btn btn--primary" to={`/albums/${encodeURIComponent(album.id)}/edit/addPhotos`}>
          <Icon name="addPhoto" size={20} />
          {intl.formatMessage({ id: 'timeline.addPhotos' })}
        </Link>
      ) : (
        needsSubscription(can, 'addPhotos') && (
          <SubscriptionGate
            className="btn btn--primary"
            icon={<Icon name="addPhoto" size={20} />}
            label={intl.formatMessage({ id: 'timeline.addPhotos' })}
          />
        )
      )}
      <CopyAlbumLinkButton album={album} />
      <InviteButton album={album} />
      <SubscribeButton album={album} />
      <AlbumActions album={album} />
    </div>
  );
}

/** Grid (square tiles) or flow (a justified layout): stored per album with /options (spec 000 §3). */
function ViewModeSwitch({ albumId, viewMode }: { albumId: string; viewMode: AlbumViewMode }) {
  const intl = useIntl();
  const setViewMode = useSetViewMode(albumId);
  const modes: { mode: AlbumViewMode; label: MessageId }[] = [
    { mode: 'flow', label: 'albumView.viewFlow' },
    { mode: 'grid', label: 'albumView.viewGrid' },
  ];
  return (
    <div className="view-toggle" role="group" aria-label={intl.formatMessage({ id: 'albumView.viewMode' })}>
      {modes.map(({ mode, label }) => (
        <button
          key={mode}
          type="button"
          className="view-toggle__button"
          aria-pressed={viewMode === mode}
          onClick={() => {
            if (mode !== viewMode) setViewMode.mutate(mode);
          }}
        >
          {intl.formatMessage({ id: label })}
        </button>
      ))}
    </div>
  );
}

/** spec 000 §6 Album owner: change sort order (PUT /jobs/{id}/attribute/sort_order). */
function SortSelect({ album }: { album: JobInfo }) {
  const intl = useIntl();
  const toasts = useToasts();
  const id = useId();
  const change = useAlbumChange(album.id);
  const sort =
    change.isPending && change.variables.kind === 'sort' ? change.variables.value : fileSortOf(album);
  return (
    <span className="album-view__sort">
      <label htmlFor={id}>{intl.formatMessage({ id: 'albumView.sortLabel' })}</label>
      <select
        id={id}
        className="select"
        value={sort}
        onChange={(event) => {
          const value = FILE_SORTS.find((candidate) => candidate === event.target.value);
          if (!value) return;
          change.mutate(
            { kind: 'sort', value },
            {
              onError: () => {
                toasts.show({ kind: 'error', text: intl.formatMessage({ id: 'common.genericError' }) });
              },
            },
          );
        }}
      >
        {FILE_SORTS.map((value) => (
          <option key={value} value={value}>
            {intl.formatMessage({ id: SORT_LABELS[value] })}
          </option>
        ))}
      </select>
    </span>
  );
}

/** The slideshow (spec 000 §2, §9): the carousel from the first file, with #autoPlay. */
function SlideshowButton({ album, isDisabled }: { album: JobInfo; isDisabled: boolean }) {
  const intl = useIntl();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toasts = useToasts();
  const start = async () => {
    try {
      const files = await queryClient.query(albumListQuery(api, album.id, fileSortOf(album)));
      const first = files[0];
      if (first)
        void navigate(`${carouselPath(album.id, first.id)}${AUTO_PLAY_HASH}`, { state: { fromGrid: true } });
    } catch {
      toasts.show({ kind: 'error', text: intl.formatMessage({ id: 'common.genericError' }) });
    }
  };
  return (
    <button type="button" className="btn btn--secondary" disabled={isDisabled} onClick={() => void start()}>
      {intl.formatMessage({ id: 'viewer.slideshowPlay' })}
    </button>
  );
}

/** Subscribe (spec 000 §6: a non-subscribed non-owner can), or its subscription offer. */
function SubscribeButton({ album }: { album: JobInfo }) {
  const intl = useIntl();
  const toasts = useToasts();
  const change = useAlbumChange(album.id);
  const track = useTrackEvent();
  const can = album.currentUserCan;
  const label = intl.formatMessage({ id: 'albumView.subscribe' });
  if (!can.subscribeToAlbum)
    return needsSubscription(can, 'subscribeToAlbum') ? <SubscriptionGate label={label} /> : null;
  return (
    <button
      type="button"
      className="btn btn--secondary"
      disabled={change.isPending}
      onClick={() => {
        change.mutate(
          { kind: 'subscribe' },
          {
            onSuccess: () => {
              track(ACCOUNT_ACTION_EVENTS.albumSubscription, { context: 'album_receiver' });
            },
            onError: () => {
              toasts.show({ kind: 'error', text: intl.formatMessage({ id: 'common.genericError' }) });
            },
          },
        );
      }}
    >
      {label}
    </button>
  );
}
