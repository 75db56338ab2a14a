import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { useLogoutMutation } from '../features/auth/api.ts';
import type { MessageId } from '../i18n/messages.ts';
import type { ReactNode } from 'react';
import { DocumentIcon } from '../ui/DocumentIcon.tsx';
import { Icon } from '../ui/icons.tsx';
import { SidePanel } from '../ui/SidePanel.tsx';

// The document icon is not in icons.tsx: this menu is a lazy part, the entry chunk need not carry it.
const LINKS: readonly { to: string; label: MessageId; icon: ReactNode }[] = [
  { to: '/photos', label: 'nav.timeline', icon: <Icon name="photos" /> },
  { to: '/albums', label: 'nav.albums', icon: <Icon name="albums" /> },
  { to: '/documents', label: 'nav.documents', icon: <DocumentIcon /> },
  { to: '/deleted_items', label: 'nav.trash', icon: <Icon name="delete" /> },
  { to: '/settings', label: 'nav.settings', icon: <Icon name="settings" /> },
];

/**
 * The side menu of spec 000 §2: timeline, albums, documents (issue #23: users look for them
 * here), the trash (deleted items, issue #13), settings and log out, in a side panel.
 */
export function SideMenu({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const { mutate: logOut } = useLogoutMutation();
  return (
    <SidePanel title={intl.formatMessage({ id: 'frame.menu' })} side="start" onClose={onClose}>
      <nav aria-label={intl.formatMessage({ id: 'frame.menu' })}>
        <ul className="side-menu">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className="side-menu__item" onClick={onClose}>
                {link.icon}
                {intl.formatMessage({ id: link.label })}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="side-menu__item"
              onClick={() => {
                onClose();
                logOut();
              }}
            >
              <Icon name="logout" />
              {intl.formatMessage({ id: 'nav.logOut' })}
            </button>
          </li>
        </ul>
      </nav>
    </SidePanel>
  );
}
