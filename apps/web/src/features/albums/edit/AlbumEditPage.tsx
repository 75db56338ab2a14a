import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useAlbumQuery } from '../api.ts';
import { ADD_PHOTOS_TAB, NEW_ALBUM_ID, albumEditPath, newAlbumPath } from '../route-params.ts';
import { AddPhotosPage } from './AddPhotosPage.tsx';
import { AlbumLoadError } from './AlbumLoadError.tsx';
import { EditNameForm } from './EditNameForm.tsx';
import { NewAlbumForm } from './NewAlbumForm.tsx';
import { useEditFlowParams, type EditFlowState } from './use-edit-flow.ts';
import '../../../styles/album-edit.css';

/**
 * Routes `/albums/{albumID}/edit/{tab}` (default tab a), `/albums/{albumID}/edit/addPhotos`,
 * `/editAlbum/{albumIDB64}?goToAfter=` and `/createAlbumAfterMorePhotos/{albumIDB64}` (step 2
 * of a new album; spec 000 §2): Album create/edit in two steps
 * (spec 000 §4), 1 name the album, 2 add photos. The album id `new` is an album not saved
 * yet; step 2 needs a saved one.
 */
export function AlbumEditPage() {
  const flow = useEditFlowParams();
  const isNew = flow.albumId === NEW_ALBUM_ID;
  const isPhotos = flow.tab === ADD_PHOTOS_TAB && !isNew;
  const steps = <StepsNav {...flow} current={isPhotos ? 2 : 1} />;
  if (isPhotos) {
    return (
      <AddPhotosPage
        albumId={flow.albumId}
        goToAfter={flow.goToAfter}
        isCreatedHere={flow.isCreatedHere}
        steps={steps}
      />
    );
  }
  return (
    <NameStep
      albumId={isNew ? undefined : flow.albumId}
      goToAfter={flow.goToAfter}
      isCreatedHere={flow.isCreatedHere}
    >
      {steps}
    </NameStep>
  );
}

function NameStep({
  albumId,
  goToAfter,
  isCreatedHere,
  children,
}: {
  albumId: string | undefined;
  goToAfter: string | null;
  isCreatedHere: boolean;
  children: React.ReactNode;
}) {
  const intl = useIntl();
  const title = intl.formatMessage({
    id: albumId === undefined ? 'albums.createTitle' : 'albumEdit.editTitle',
  });
  usePageTitle(title);
  return (
    <section className="page album-edit">
      {children}
      <h1 className="page__title">{title}</h1>
      {albumId === undefined ? (
        <NewAlbumForm goToAfter={goToAfter} />
      ) : (
        <ExistingAlbum albumId={albumId} goToAfter={goToAfter} isCreatedHere={isCreatedHere} />
      )}
    </section>
  );
}

function ExistingAlbum(props: { albumId: string; goToAfter: string | null; isCreatedHere: boolean }) {
  const album = useAlbumQuery(props.albumId);
  if (album.error) return <AlbumLoadError error={album.error} onRetry={() => void album.refetch()} />;
  if (!album.data) return <PageSpinner />;
  return <EditNameForm album={album.data} goToAfter={props.goToAfter} isCreatedHere={props.isCreatedHere} />;
}

/** The two steps of spec 000 §4; a step is a link once the album exists. */
function StepsNav(props: {
  albumId: string;
  goToAfter: string | null;
  isCreatedHere: boolean;
  current: 1 | 2;
}) {
  const intl = useIntl();
  const state: EditFlowState = { createdHere: props.isCreatedHere };
  const isNew = props.albumId === NEW_ALBUM_ID;
  const steps = [
    {
      step: 1,
      id: 'albumEdit.stepName',
      to: isNew ? newAlbumPath(props.goToAfter) : albumEditPath(props.albumId, undefined, props.goToAfter),
    },
    {
      step: 2,
      id: 'albumEdit.stepPhotos',
      to: isNew ? undefined : albumEditPath(props.albumId, ADD_PHOTOS_TAB, props.goToAfter),
    },
  ] as const;
  return (
    <nav className="album-edit__steps" aria-label={intl.formatMessage({ id: 'albumEdit.steps' })}>
      <ol>
        {steps.map(({ step, id, to }) => {
          const text = intl.formatMessage({ id });
          const isCurrent = step === props.current;
          return (
            <li key={step} className={isCurrent ? 'is-current' : undefined}>
              {to && !isCurrent ? (
                <Link to={to} state={state} replace>
                  {text}
                </Link>
              ) : (
                <span aria-current={isCurrent ? 'step' : undefined}>{text}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
