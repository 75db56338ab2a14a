import type { Insertable } from 'kysely';
import { monthOf } from '@trove/contract';
import type { FilesTable } from '../db/schema.ts';

/**
 * A file row as crash tests write them straight into the database (thousands, faster than
 * uploads, which are another test's subject): the `i`th photo `crash/<i>.jpg`, taken `now`,
 * its media done, active unless a trash time is given.
 */
export function crashFileRow(f: {
  id: string;
  job: string;
  blob: string;
  by: string;
  i: number;
  size: number;
  now: number;
  trashedAt?: number;
}): Insertable<FilesTable> {
  return {
    id: f.id,
    job_id: f.job,
    blob_id: f.blob,
    added_by: f.by,
    uploaded_by: f.by,
    path: `crash/${String(f.i)}.jpg`,
    name: `${String(f.i)}.jpg`,
    type: 'Pictures',
    size: f.size,
    sha1: 'x',
    ctime: f.now,
    mtime: f.now,
    uploaded_at: f.now,
    taken_at: f.now,
    taken_month: monthOf(f.now),
    media_status: 'ready',
    state: f.trashedAt === undefined ? 'active' : 'trashed',
    dtime: f.trashedAt ?? null,
  };
}
