import type { JobInfo, JobUser, RemoteFile } from '@trove/contract';
import type { FakeRoutes } from './fake-fetch.ts';
import { aFile, anAlbum } from './factories.ts';

/** A month of the album's timeline/months answer. */
export const albumMonth = (year: number, m: number, pictures: number) => ({
  year,
  month: m,
  start: Date.UTC(year, m - 1, 1) / 1000,
  end: Date.UTC(year, m, 1) / 1000,
  pictures,
  videos: 0,
  screenshots: 0,
  documents: 0,
});

/** Files of album-1: two added by the caller (user-1), one by someone else. */
export const ALBUM_FILES: RemoteFile[] = [
  aFile({ id: 'f-1', name: 'beach.jpg', job: 'album-1' }),
  aFile({ id: 'f-2', name: 'lake.jpg', job: 'album-1' }),
  aFile({ id: 'f-3', name: 'dog.jpg', job: 'album-1', user_uuid: 'user-2' }),
];

export const ALBUM_USERS: JobUser[] = [
  { id: 'user-1', name: 'Ada Lovelace', profile_picture_url: null, subscribed: true, owner: true },
  { id: 'user-2', name: 'Grace Hopper', profile_picture_url: null, subscribed: true, owner: false },
];

/** A participant's currentUserCan (spec 000 §6): add, comment, delete own files, leave. */
export const PARTICIPANT_CAN: JobInfo['currentUserCan'] = {
  deleteAlbum: false,
  leaveAlbum: true,
  subscribeToAlbum: false,
  addPhotos: true,
  addComment: true,
  editAlbum: false,
  deleteAnyFile: false,
  deleteOwnFile: true,
  setFileAsAlbumCoverPhoto: false,
  addToAlbum: true,
  deleteAnyComment: false,
  shareFiles: true,
  downloadFiles: true,
  needsSubscription: [],
};

/** The fake server's answers for album-1 (owned by the caller unless `album` says otherwise). */
export function albumRoutes(album: Partial<JobInfo> = {}, files = ALBUM_FILES): FakeRoutes {
  return {
    'GET /st/4/jobs/album-1/info': {
      body: anAlbum({
        id: 'album-1',
        title: 'Trip',
        media_count: files.length,
        participant_count: 2,
        comment_count: 4,
        reaction_count: 1,
        cover_id: 'f-1',
        cover_thumb_url_large: '/th/3/f-1?area=1280',
        ...album,
      }),
    },
    'GET /st/4/jobs/album-1/users': { body: { users: ALBUM_USERS } },
    'GET /st/4/jobs/album-1/timeline/months': { body: { months: [albumMonth(2024, 3, files.length)] } },
    'GET /st/4/jobs/album-1/files': { body: { files, next_cursor: null } },
    'GET /st/4/options/album_view_mode.album-1': { body: { name: 'album_view_mode.album-1', value: 'grid' } },
    // The long poll never wakes in these tests.
    'GET /poll': 'network',
  };
}
