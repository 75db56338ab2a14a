import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useAccountInfoQuery, useLogoutMutation } from '../features/auth/api.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { Icon } from '../ui/icons.tsx';
import { Menu } from '../ui/Menu.tsx';

/**
 * The top bar's avatar and its menu (spec 000 §2 "user menu on the avatar with Settings and
 * Log out (clicking the avatar goes to settings)"): the avatar is a link to /settings, and
 * the button beside it opens the menu: who is signed in, Settings, the profile picture, My
 * shared links (issue #23), Log out. Two controls, as one cannot both navigate and open a
 * menu for a keyboard or a screen reader (docs/SPEC-DEVIATIONS.md).
 */
export function UserMenu() {
  const intl = useIntl();
  const account = useAccountInfoQuery().data;
  const name = account?.name ?? '';
  const email = account?.logged_in_as ?? '';
  return (
    <div className="user-menu">
      <Link
        to="/settings"
        className="user-menu__avatar"
        aria-label={intl.formatMessage({ id: 'frame.avatarSettings' }, { name: name || email })}
      >
        <Avatar name={name} fallback={email} pictureUrl={account?.profile_picture ?? null} />
      </Link>
      <UserMenuButton name={name} email={email} />
    </div>
  );
}

/** The menu of {@link UserMenu}, opened by the chevron beside the avatar. */
function UserMenuButton({ name, email }: { name: string; email: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { mutate: logOut } = useLogoutMutation();
  return (
    <Menu
      label={intl.formatMessage({ id: 'frame.accountMenu' }, { name: name || email })}
      trigger={
        <span className="user-menu__chevron">
          <Icon name="chevronRight" size={20} />
        </span>
      }
      header={
        <>
          <span className="menu__name">{name || email}</span>
          {name !== '' && <span className="menu__email">{email}</span>}
        </>
      }
      items={[
        {
          key: 'settings',
          label: intl.formatMessage({ id: 'nav.settings' }),
          icon: <Icon name="settings" size={20} />,
          onSelect: () => void navigate('/settings'),
        },
        {
          key: 'profilePicture',
          label: intl.formatMessage({ id: 'nav.profilePicture' }),
          icon: <Icon name="person" size={20} />,
          onSelect: () => void navigate('/selectProfilePicture'),
        },
        {
          key: 'sharedLinks',
          label: intl.formatMessage({ id: 'nav.sharedLinks' }),
          icon: <Icon name="share" size={20} />,
          onSelect: () => void navigate('/settings/shared-links'),
        },
        {
          key: 'logout',
          label: intl.formatMessage({ id: 'nav.logOut' }),
          icon: <Icon name="logout" size={20} />,
          onSelect: () => {
            logOut();
          },
        },
      ]}
    />
  );
}
