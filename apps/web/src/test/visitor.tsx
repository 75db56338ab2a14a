import type { CurrentUserCan, JobInfo } from '@trove/contract';
import { useLocation } from 'react-router';
import { AppRoutes } from '../app/AppRoutes.tsx';
import { anAlbum } from './factories.ts';

/** currentUserCan of someone who may only look. */
export const ONLY_LOOK: CurrentUserCan = {
  deleteAlbum: false,
  leaveAlbum: false,
  subscribeToAlbum: false,
  addPhotos: false,
  addComment: false,
  editAlbum: false,
  deleteAnyFile: false,
  deleteOwnFile: false,
  setFileAsAlbumCoverPhoto: false,
  addToAlbum: false,
  deleteAnyComment: false,
  shareFiles: false,
  downloadFiles: true,
  needsSubscription: [],
};

/** A shared album of someone else (Ola) as a visitor gets it. */
export function aSharedAlbum(overrides: Partial<JobInfo> = {}): JobInfo {
  return anAlbum({
    id: 'job-1',
    title: 'Cabin trip',
    owner: 'user-2',
    owner_name: 'Ola',
    privacy_mode: 'shared',
    isShared: true,
    role: 'visitor',
    last_update: 4,
    media_count: 1,
    currentUserCan: ONLY_LOOK,
    ...overrides,
  });
}

/** The app's routes and, below them, where the router is: `path?query`. */
export function RoutesWithLocation() {
  return (
    <>
      <AppRoutes />
      <LocationProbe />
    </>
  );
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}
