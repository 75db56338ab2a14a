import type { TrashAlbum, TrashCan, TrashFile } from '@trove/contract';

const DAY_S = 24 * 60 * 60;

/** A deletion time (seconds) that leaves `days` whole days in the trash from now (spec 000 §9: 90). */
export function dtimeWithDaysLeft(days: number, now = Date.now()): number {
  return Math.floor(now / 1000) - (90 - days) * DAY_S;
}

/** A trashed file of the timeline, deleted just now unless told otherwise. */
export function aTrashFile(overrides: Partial<TrashFile> = {}): TrashFile {
  const id = overrides.id ?? 'file-1';
  return {
    id,
    job: 'job-timeline',
    path: `Camera/${id}.jpg`,
    name: `${id}.jpg`,
    size: 1000,
    type: 'Pictures',
    duration: 0,
    mtime: 1_735_689_600,
    dtime: dtimeWithDaysLeft(90),
    width: 4000,
    height: 3000,
    group_type: null,
    group_id: null,
    master: 1,
    thumb_url_small: `/th/3/${id}?area=256&trashed=1&sig=x`,
    ...overrides,
  };
}

/** A GET /trash_can answer holding `files` of `total`. */
export function aTrashCan(files: TrashFile[], total = files.length): TrashCan {
  return { files, total_item_count: total };
}

/** A deleted album. */
export function aTrashAlbum(overrides: Partial<TrashAlbum> = {}): TrashAlbum {
  const id = overrides.id ?? 'album-1';
  return {
    id,
    name: 'Summer cabin',
    media_count: 12,
    dtime: dtimeWithDaysLeft(88),
    cover_id: 'cover-1',
    cover_thumb_url: `/th/3/cover-1?area=256&trashed=1&sig=x`,
    ...overrides,
  };
}
