import { useIntl } from 'react-intl';
import { Link, NavLink, useLocation } from 'react-router';
import { useLoginState } from '../api/login-store.ts';
import { useBrand } from '../i18n/brand-context.tsx';
import { Icon } from '../ui/icons.tsx';
import { Logo } from '../ui/Logo.tsx';
import { QaMarker } from './QaMarker.tsx';
import { UserMenu } from './UserMenu.tsx';

/** Props of {@link TopBar}. */
export interface TopBarProps {
  isSideMenuOpen: boolean;
  onOpenSideMenu: () => void;
}

/**
 * The 56 px top bar (spec 000 §2): side-menu button, brand, Photos/Albums tabs and the user
 * menu when signed in; a sign-in button otherwise; the QA marker when testing.
 */
export function TopBar({ isSideMenuOpen, onOpenSideMenu }: TopBarProps) {
  const intl = useIntl();
  const brand = useBrand();
  const { status } = useLoginState();
  const { pathname } = useLocation();
  const isSignedIn = status === 'AUTHENTICATED';
  return (
    <header className="top-bar">
      {isSignedIn && (
        <button
          type="button"
          className="icon-button"
          aria-label={intl.formatMessage({ id: 'frame.openMenu' })}
          aria-expanded={isSideMenuOpen}
          aria-haspopup="dialog"
          onClick={onOpenSideMenu}
        >
          <Icon name="menu" />
        </button>
      )}
      <Link to="/" className="top-bar__brand">
        <Logo />
        <span className="top-bar__name">{brand.name}</span>
      </Link>
      {isSignedIn && (
        <nav className="top-bar__tabs" aria-label={intl.formatMessage({ id: 'frame.mainNavigation' })}>
          <NavLink to="/photos" className="tab">
            <Icon name="photos" size={20} />
            {intl.formatMessage({ id: 'nav.photos' })}
          </NavLink>
          <NavLink to="/albums" className="tab">
            <Icon name="albums" size={20} />
            {intl.formatMessage({ id: 'nav.albums' })}
          </NavLink>
        </nav>
      )}
      <div className="top-bar__end">
        <QaMarker />
        {isSignedIn && <UserMenu />}
        {!isSignedIn && pathname !== '/login' && (
          <Link to="/login" className="btn btn--primary">
            {intl.formatMessage({ id: 'common.signIn' })}
          </Link>
        )}
      </div>
    </header>
  );
}
