import {
  SHARED_LINK_THUMBS,
  type SharedLink,
  type SharedLinkList,
  type SharedLinksQuery,
} from '@trove/contract';
import type { Access, JobGrant } from '../../access/access.ts';
import type { Repositories } from '../repositories.ts';
import type { MediaLinks } from '../media/media-links.ts';
import type { SignedInCaller } from '../../access/caller.ts';
import type { LinksPage, MyLinksRepository } from './my-links.repository.ts';

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * [Note: My shared links]
 *
 * `GET /shares` lists, newest first, every link the caller handed out that still opens: their
 * live shares (spec 000 §3 Share; not stopped, not past their 30 days, §9) and their shared
 * albums (the /a/{id} link; it does not expire). Stopped, expired and trashed ones are not
 * links any more. Each row passes the access table ([Note: Access]) like any job: a share as
 * `readShare`, an album as `changePrivacy`; `can_stop` is `stopSharing` or `changePrivacy`.
 * The owner of an album also finds the live shares its members made of it, named with
 * their maker and the album, and may stop them (the `sourceOwner` row, [Note: Derived
 * shares]): a share of one's album must not live on against one's wish.
 * The cursor is a creation time and a count of rows made at that time already given, never
 * an id: a share's id is its secret and must not ride in URLs (RESEARCH-RELIABILITY).
 */
export function createMyLinksService(deps: {
  repos: Pick<Repositories, 'jobs'> & { myLinks: MyLinksRepository };
  access: Access;
  links: MediaLinks;
  now: () => number;
}) {
  const { repos, access, links } = deps;

  function toLink(
    grant: JobGrant,
    caller: SignedInCaller,
    sourceAlbumTitle: string | null,
    fileCount: number,
    thumbs: string[],
  ): SharedLink {
    const { job } = grant;
    const isShare = job.type === 'share';
    return {
      kind: isShare ? 'share' : 'album',
      id: job.id,
      title: isShare ? '' : job.title,
      ctime: seconds(job.created_at),
      expires: isShare && job.expires_at !== null ? seconds(job.expires_at) : null,
      has_password: job.password_hash !== null,
      file_count: fileCount,
      thumbs,
      made_by: { userID: job.owner_id, name: grant.ownerName, is_me: job.owner_id === caller.userId },
      from_album:
        isShare && job.source_job_id !== null && sourceAlbumTitle !== null
          ? { id: job.source_job_id, title: sourceAlbumTitle }
          : null,
      can_stop: grant.can(isShare ? 'stopSharing' : 'changePrivacy'),
    };
  }

  return {
    /** GET /shares: one page of the caller's live links (see [Note: My shared links]). */
    async list(
      auth: SignedInCaller,
      query: { cursor?: string | undefined; limit: number },
    ): Promise<SharedLinkList> {
      const page = pageOf(query);
      const now = deps.now();
      const rows = await repos.myLinks.page(auth.userId, now, page);
      const more = rows.length > page.limit;
      const caller = auth;
      const found = rows.slice(0, page.limit);
      const granted = found.flatMap((one) =>
        access
          .grantsOf(caller, [one], one.job.type === 'share' ? 'readShare' : 'changePrivacy')
          .map((grant) => ({ grant, sourceAlbumTitle: one.sourceAlbumTitle })),
      );
      const grants = granted.map((one) => one.grant);
      const details = await repos.jobs.detailsOf(grants.map((grant) => grant.job));
      const shareThumbs = await repos.myLinks.thumbFilesOf(
        grants.filter((grant) => grant.job.type === 'share').map((grant) => grant.job.id),
        SHARED_LINK_THUMBS,
      );
      const list = granted.map(({ grant, sourceAlbumTitle }, i) => {
        const detail = details[i];
        const signed = links.forSession(grant.mediaScope);
        const cover = detail?.cover_active ? grant.job.cover_id : (detail?.newest_file_id ?? null);
        const ids = grant.job.type === 'share' ? (shareThumbs.get(grant.job.id) ?? []) : cover ? [cover] : [];
        const thumbs = ids.map((id) => signed.thumb(id, '256'));
        return toLink(grant, auth, sourceAlbumTitle, detail?.media_count ?? 0, thumbs);
      });
      return { links: list, next: more ? nextCursor(found, page) : null };
    },
  };
}
export type MyLinksService = ReturnType<typeof createMyLinksService>;

function pageOf(query: Pick<SharedLinksQuery, 'cursor'> & { limit: number }): LinksPage {
  if (query.cursor === undefined) return { before: null, skip: 0, limit: query.limit };
  const [before = '0', skip = '0'] = query.cursor.split('.');
  return { before: Number(before), skip: Number(skip), limit: query.limit };
}

/** The cursor after `rows`: the last row's creation time and how many rows made then were given. */
function nextCursor(rows: readonly { job: { created_at: number } }[], page: LinksPage): string {
  const last = rows.at(-1)?.job.created_at ?? 0;
  const sameTime = rows.filter((row) => row.job.created_at === last).length;
  // The rows made at the previous cursor's time were already partly skipped.
  const skip = last === page.before ? page.skip + sameTime : sameTime;
  return `${String(last)}.${String(skip)}`;
}
