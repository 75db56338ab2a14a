import type { JobInfo, JobUser } from '@trove/contract';
import { useIntl } from 'react-intl';
import { useApi } from '../../../api/api-context.tsx';
import { Avatar } from '../../../ui/Avatar.tsx';
import { AlbumTitle } from './AlbumTitle.tsx';
import { BackToAlbums } from './AlbumStates.tsx';

/** Avatars shown before "+N". */
const MAX_AVATARS = 5;

/** Props of {@link AlbumHeader}. */
export interface AlbumHeaderProps {
  album: JobInfo;
  /** The shown title: the album's, or 'Unnamed album' (spec 000 §3). */
  title: string;
  /** The members (GET /jobs/{id}/users), once loaded. */
  users: readonly JobUser[] | undefined;
}

/**
 * The top of the album view (spec 000 §2 Album view, §3): the cover photo, the title
 * (renamed in place by who may edit the album), the owner and participants, and the counts
 * of files, contributors, comments and loves.
 */
export function AlbumHeader({ album, title, users }: AlbumHeaderProps) {
  const api = useApi();
  const cover = album.cover_thumb_url_large ?? album.cover_thumb_url_small;
  return (
    <header className="album-view__header">
      <BackToAlbums />
      {cover && (
        <div className="album-view__cover">
          <img src={`${api.directory.thumb}${cover}`} alt="" decoding="async" />
        </div>
      )}
      <AlbumTitle album={album} title={title} />
      <div className="album-view__people">
        {users && <Participants users={users} ownerName={album.owner_name} />}
        <AlbumCounts album={album} />
      </div>
    </header>
  );
}

/** The members' avatars (first letter when they have no picture, spec 000 §3) and their count. */
function Participants({ users, ownerName }: { users: readonly JobUser[]; ownerName: string }) {
  const intl = useIntl();
  // The owner first, named by the album when their row carries no name.
  const ordered = [...users].sort((a, b) => Number(b.owner) - Number(a.owner));
  const shown = ordered
    .slice(0, MAX_AVATARS)
    .map((user) => (user.owner && !user.name ? { ...user, name: ownerName } : user));
  const count = intl.formatMessage({ id: 'albumView.participants' }, { count: users.length });
  return (
    <div className="album-view__participants">
      <ul className="avatar-stack" aria-label={count}>
        {shown.map((user) => (
          <li key={user.id} className="avatar-stack__item" title={user.name}>
            <Avatar name={user.name} fallback="?" pictureUrl={user.profile_picture_url} size={28} />
            <span className="visually-hidden">{user.name}</span>
          </li>
        ))}
        {users.length > shown.length && (
          <li className="avatar-stack__more">+{String(users.length - shown.length)}</li>
        )}
      </ul>
      <span className="album-view__participant-count" aria-hidden="true">
        {count}
      </span>
    </div>
  );
}

/** spec 000 §3 numberOf: files, contributors, comments, loves (from include_details). */
function AlbumCounts({ album }: { album: JobInfo }) {
  const intl = useIntl();
  const counts = [
    ['albums.fileCount', album.media_count],
    ['albumView.count.contributors', album.participant_count],
    ['albumView.count.comments', album.comment_count],
    ['albumView.count.loves', album.reaction_count],
  ] as const;
  return (
    <ul className="album-view__counts">
      {counts.map(([id, count]) =>
        count === undefined ? null : <li key={id}>{intl.formatMessage({ id }, { count })}</li>,
      )}
    </ul>
  );
}
