import type { JobInfo } from '@trove/contract';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../ui/icons.tsx';
import { useVisitorFiles } from '../albums/index.ts';
import { commentsPath } from './keys.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';

/**
 * The way out of the comments page and along the album (issue #23: it had none): Back to the
 * album (`onBack`: where the album link came from, so the album shows at that photo), and the
 * previous and next file of the album in its own order, as links (Tab and Enter reach them).
 * The album's files are the pages the album view fetches; more are fetched until the file is
 * found. The history keeps one entry: moving along replaces it, so Back still leads to the album.
 */
export function CommentsNav({
  album,
  fileId,
  onBack,
}: {
  album: JobInfo;
  fileId: string;
  onBack: () => void;
}) {
  const intl = useIntl();
  const location = useLocation();
  const files = useVisitorFiles(album);
  const ids = files.data?.pages.flatMap((page) => page.files.map((file) => file.id)) ?? [];
  const index = ids.indexOf(fileId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = files;
  // The file, or the one after it, may be on a page not fetched yet.
  const needsMore = (index === -1 || index === ids.length - 1) && hasNextPage;
  useEffect(() => {
    if (needsMore && !isFetchingNextPage) void fetchNextPage();
  }, [needsMore, isFetchingNextPage, fetchNextPage]);
  const previous = index > 0 ? ids[index - 1] : undefined;
  const next = index !== -1 ? ids[index + 1] : undefined;
  const step = (id: string | undefined, label: string, isNext: boolean) =>
    id === undefined ? (
      <span className="comments-nav__step" aria-disabled="true" title={label}>
        <StepIcon isNext={isNext} />
        <span className="visually-hidden">{label}</span>
      </span>
    ) : (
      <Tooltip text={label} isDescription={false}>
        <Link
          className="comments-nav__step"
          to={commentsPath(album.id, id)}
          state={location.state as unknown}
          replace
        >
          <StepIcon isNext={isNext} />
          <span className="visually-hidden">{label}</span>
        </Link>
      </Tooltip>
    );
  return (
    <nav className="comments-nav" aria-label={intl.formatMessage({ id: 'comments.page.nav' })}>
      <button type="button" className="comments-nav__back" onClick={onBack}>
        <Icon name="arrowBack" size={20} />
        {intl.formatMessage({ id: 'comments.backToAlbum' })}
      </button>
      {step(previous, intl.formatMessage({ id: 'comments.page.previous' }), false)}
      {step(next, intl.formatMessage({ id: 'comments.page.next' }), true)}
    </nav>
  );
}

function StepIcon({ isNext }: { isNext: boolean }) {
  return (
    <span className={isNext ? 'comments-nav__icon' : 'comments-nav__icon comments-nav__icon--back'}>
      <Icon name="chevronRight" size={24} />
    </span>
  );
}
