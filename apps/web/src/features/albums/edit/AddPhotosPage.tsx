import type { JobInfo, RemoteFile } from '@trove/contract';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useNavigate } from 'react-router';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { useToasts } from '../../../ui/toasts.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useAlbumFiles, useAlbumQuery } from '../api.ts';
import { useCopyFilesToAlbum } from '../api-create.ts';
import { displayTitle } from '../list/model.ts';
import { albumPath } from '../route-params.ts';
import { AlbumFilesStrip } from './AlbumFilesStrip.tsx';
import { PickerBar } from './PickerBar.tsx';
import { TimelinePicker, useTimelinePickerData } from './TimelinePicker.tsx';
import { UploadIntoAlbum } from './UploadIntoAlbum.tsx';
import { cancelTarget, useCancelFlow, useIsReceiving } from './use-edit-flow.ts';
import { AlbumLoadError } from './AlbumLoadError.tsx';
import '../../../styles/album-edit.css';

/** spec 000 §8: a failure to add files to an album stays 5.5 s. */
const ADD_FAILED_TOAST_MS = 5500;

/** Props of {@link AddPhotosPage}. */
export interface AddPhotosPageProps {
  albumId: string;
  goToAfter: string | null;
  /** The album was created in this flow (step 1), so Cancel may delete it (spec 000 §4). */
  isCreatedHere: boolean;
  /** Step 2 of create/edit (`/albums/{id}/edit/addPhotos`) rather than `/addPhotos/{id}`. */
  steps?: ReactNode;
  /** The picker's optional maximum (spec 000 §5). */
  max?: number;
}

/**
 * The Add photos picker (spec 000 §2) and step 2 of Album create (§4): the timeline grid in
 * select mode with month and year selection, the counter, and Next labelled 'Add photos',
 * which copies the chosen files into the album (POST /jobs/{albumId}/copy_files from the
 * timeline job) and opens the album. Above the grid: the files already in the album, and
 * an upload straight from the device. Cancel runs the flow's cleanup (see `useCancelFlow`).
 */
export function AddPhotosPage(props: AddPhotosPageProps) {
  const album = useAlbumQuery(props.albumId);
  const isReceiving = useIsReceiving(props.albumId);
  const files = useAlbumFiles(props.albumId, isReceiving);
  const error = album.error ?? files.error;
  if (error) {
    const retry = () => {
      void album.refetch();
      void files.refetch();
    };
    return <AlbumLoadError error={error} onRetry={retry} />;
  }
  if (!album.data || !files.data) return <PageSpinner />;
  if (!album.data.currentUserCan.addPhotos) return <Navigate to={albumPath(props.albumId)} replace />;
  return <Picker {...props} album={album.data} files={files.data} isReceiving={isReceiving} />;
}

function Picker(props: AddPhotosPageProps & { album: JobInfo; files: RemoteFile[]; isReceiving: boolean }) {
  const { album } = props;
  const intl = useIntl();
  const navigate = useNavigate();
  const toasts = useToasts();
  const name = displayTitle(album, intl.formatMessage({ id: 'albums.unnamed' }));
  const title = intl.formatMessage({ id: 'albumEdit.addTo' }, { name });
  usePageTitle(title);
  const timeline = useTimelinePickerData();
  const { jobId } = timeline;
  const copy = useCopyFilesToAlbum(album.id);
  const cancel = useCancelFlow({
    albumId: album.id,
    isCreatedHere: props.isCreatedHere,
    fileCount: props.files.length,
    isCopying: copy.isPending,
    isReceiving: props.isReceiving,
    target: cancelTarget(props.goToAfter, props.steps ? 'albums' : { albumId: album.id }),
  });
  const handleCancel = () => void cancel();

  const add = (ids: readonly string[]) => {
    if (jobId === undefined || ids.length === 0) return;
    copy.mutate(
      { sourceJob: jobId, fileIds: ids },
      {
        onSuccess: ({ copied, failed }) => {
          toasts.show({
            kind: 'success',
            text: intl.formatMessage({ id: 'albumEdit.added' }, { count: copied.length }),
          });
          if (failed.length > 0) {
            toasts.show({
              kind: 'error',
              text: intl.formatMessage({ id: 'albumEdit.someNotAdded' }, { count: failed.length }),
              durationMs: ADD_FAILED_TOAST_MS,
            });
          }
          void navigate(albumPath(album.id));
        },
        onError: () => {
          toasts.show({
            kind: 'error',
            text: intl.formatMessage({ id: 'albumEdit.addFailed' }),
            durationMs: ADD_FAILED_TOAST_MS,
          });
        },
      },
    );
  };

  if (timeline.failed) return <QueryError error={timeline.failed} onRetry={timeline.retry} />;
  const bar = (count: number, onAdd: () => void, isWaiting = false) => (
    <PickerBar
      title={title}
      count={count}
      max={props.max}
      isBusy={copy.isPending || isWaiting}
      onAdd={onAdd}
      onCancel={handleCancel}
    />
  );
  return (
    <section className="page album-edit album-edit--photos">
      {props.steps}
      <header className="album-edit__header">
        <h1 className="page__title">{title}</h1>
        <UploadIntoAlbum albumId={album.id} />
      </header>
      <AlbumFilesStrip
        albumId={album.id}
        can={album.currentUserCan}
        files={props.files}
        isCreatedHere={props.isCreatedHere}
        onLastRemoved={() => {
          // spec 000 §4: removing the last file deletes the album; if it is gone, leave.
          void navigate(cancelTarget(props.goToAfter, 'albums'));
        }}
      />
      <TimelinePicker data={timeline} bar={bar} onNext={add} />
    </section>
  );
}
