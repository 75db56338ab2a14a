import type { AccountInfo, Device, JobInfo, RemoteFile } from '@trove/contract';

/** An account info answer with overridable fields. */
export function anAccount(overrides: Partial<AccountInfo> = {}): AccountInfo {
  return {
    uuid: 'user-1',
    name: 'Ada Lovelace',
    logged_in_as: 'ada@example.com',
    used_space: 0,
    max_space: 15 * 1024 ** 3,
    profile_picture: null,
    file_type_counters: { picture_count: 0, screenshot_count: 0, video_count: 0, document_count: 0 },
    has_files_not_media: false,
    is_read_only_user: false,
    tos_to_approve: null,
    is_operator: false,
    sunset_delete_date: null,
    number_of_subscribed_albums: 0,
    permitted_services: [],
    shutdown_info: null,
    ...overrides,
  };
}

/** A connected device. */
export function aDevice(overrides: Partial<Device> = {}): Device {
  return {
    id: 'device-1',
    name: 'Trove Web',
    last_used: 1_735_689_600,
    created: 1_735_689_600,
    ...overrides,
  };
}

/** An album (job of type story). */
export function anAlbum(overrides: Partial<JobInfo> = {}): JobInfo {
  return {
    id: 'job-1',
    type: 'story',
    title: 'Summer',
    owner: 'user-1',
    owner_name: 'Ola',
    ctime: 1_735_689_600,
    mtime: 1_735_689_600,
    privacy_mode: 'private',
    permissions: 3,
    allow_comments: true,
    allow_uploads: true,
    isShared: false,
    has_password: false,
    last_update: 0,
    sort_order: null,
    role: 'owner',
    currentUserCan: {
      deleteAlbum: true,
      leaveAlbum: false,
      subscribeToAlbum: false,
      addPhotos: true,
      addComment: true,
      editAlbum: true,
      deleteAnyFile: true,
      deleteOwnFile: true,
      setFileAsAlbumCoverPhoto: true,
      addToAlbum: true,
      deleteAnyComment: true,
      shareFiles: true,
      downloadFiles: true,
      needsSubscription: [],
    },
    ...overrides,
  };
}

/** A file as a listing returns it, ready, with signed media paths. */
export function aFile(overrides: Partial<RemoteFile> = {}): RemoteFile {
  const id = overrides.id ?? 'file-1';
  return {
    id,
    job: 'job-timeline',
    path: `Camera/${id}.jpg`,
    name: `${id}.jpg`,
    size: 1000,
    checksum: 'a'.repeat(40),
    ctime: 1_710_000_000,
    mtime: 1_710_000_000,
    uploaded: 1_710_000_000,
    taken: 1_710_000_000,
    duration: 0,
    user_uuid: 'user-1',
    width: 4000,
    height: 3000,
    type: 'Pictures',
    is_screenshot: false,
    group_type: null,
    group_id: null,
    master: false,
    media_status: 'ready',
    thumbhash: null,
    thumb_url_small: `/th/3/${id}?area=256&exp=1&sig=s`,
    thumb_url_large: `/th/3/${id}?area=1280&exp=1&sig=l`,
    file_url: `/st/4/jobs/job-timeline/files_by_id/${id}?exp=1&sig=o`,
    jpeg_url: null,
    video_url: null,
    ...overrides,
  };
}

/** The caller's timeline job. */
export const TIMELINE_JOB: JobInfo = anAlbum({ id: 'job-timeline', type: 'timeline', title: '' });

/** A 2×2 JPEG data URL without EXIF, as a canvas makes them (the photo editor's copies). */
export const PLAIN_JPEG =
  'data:image/jpeg;base64,/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKpAB//Z';
