import { AddPhotosPage } from './AddPhotosPage.tsx';
import { useEditFlowParams } from './use-edit-flow.ts';

/**
 * Routes `/addPhotos/{albumID}` and `/morePhotos/{albumIDB64}` (spec 000 §2): the Add photos
 * picker for an album that exists, outside the create flow; Cancel returns to the album
 * unless `goToAfter` says otherwise.
 */
export function AddPhotosRoute() {
  const flow = useEditFlowParams();
  return (
    <AddPhotosPage albumId={flow.albumId} goToAfter={flow.goToAfter} isCreatedHere={flow.isCreatedHere} />
  );
}
