import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAccountInfoQuery, useLogoutMutation } from '../features/auth/api.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { Icon } from '../ui/icons.tsx';
import { Menu } from '../ui/Menu.tsx';

/** The avatar button of the top bar and its menu: who is signed in, Settings, My shared links (issue #23), Log out (spec 000 §2). */
export function UserMenu() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { mutate: logOut } = useLogoutMutation();
  const account = useAccountInfoQuery().data;
  const name = account?.name ?? '';
  const email = account?.logged_in_as ?? '';
  return (
    <Menu
      label={intl.formatMessage({ id: 'frame.accountMenu' }, { name: name || email })}
      trigger={<Avatar name={name} fallback={email} pictureUrl={account?.profile_picture ?? null} />}
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
