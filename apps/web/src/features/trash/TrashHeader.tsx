import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { Icon } from '../../ui/icons.tsx';

/** spec 000 §2: the in-app variants of the trash routes. */
const IN_APP_PREFIX = '/_from_inside_app';

/**
 * Where the trash hub of the current route is (spec 000 §2): `/deleted_items`, or its
 * in-app variant `/_from_inside_app/deleted_items`; links between the trash screens stay
 * in the variant they started in and keep its query (`fromNav=1`).
 */
export function useTrashPaths(): { hub: string; photos: string; albums: string } {
  const { pathname, search } = useLocation();
  const base = `${pathname.startsWith(IN_APP_PREFIX) ? IN_APP_PREFIX : ''}/deleted_items`;
  return { hub: `${base}${search}`, photos: `${base}/photos${search}`, albums: `${base}/albums${search}` };
}

/**
 * The heading of a trash screen with its way back. spec 000 §2: `fromNav=1` shows a back
 * button, which goes back in history, or to the timeline when the trash was the first page
 * opened. Without it the photos and albums screens link back to the hub.
 */
export function TrashHeader({
  title,
  isHub = false,
  children,
}: {
  title: string;
  isHub?: boolean;
  children?: ReactNode;
}) {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const paths = useTrashPaths();
  const isFromNav = new URLSearchParams(location.search).get('fromNav') === '1';
  const backLabel = intl.formatMessage({ id: 'trash.back' });
  let back: ReactNode = null;
  if (isFromNav) {
    back = (
      <button
        type="button"
        className="back-link"
        onClick={() => {
          // React Router keys the first entry of a tab 'default': nothing of ours to go back to.
          if (location.key === 'default') void navigate('/photos');
          else void navigate(-1);
        }}
      >
        <Icon name="arrowBack" size={20} />
        {backLabel}
      </button>
    );
  } else if (!isHub) {
    back = (
      <Link to={paths.hub} className="back-link">
        <Icon name="arrowBack" size={20} />
        {intl.formatMessage({ id: 'trash.title' })}
      </Link>
    );
  }
  return (
    <>
      {back}
      <header className="trash-header">
        <h1 className="page__title">{title}</h1>
        {children}
      </header>
    </>
  );
}
