import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '../../ui/Avatar.tsx';
import { DocumentIcon } from '../../ui/DocumentIcon.tsx';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { UsageMeter } from '../../ui/UsageMeter.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useAccountInfoQuery, useLogoutMutation } from '../auth/api.ts';
import { PAYMENT_PATH, STORAGE_PATH, StorageIcon } from '../storage/index.ts';
import { TakeoutIcon } from '../takeout/index.ts';

import { LanguagePicker } from './LanguagePicker.tsx';
import { NameForm } from './NameForm.tsx';

/**
 * Route /settings: the settings hub of spec 001 §2, with what exists so far: the name, the
 * language, the storage used (spec 001 §3 usage meter), storage plans and the payment card
 * (spec 001 §2, issue #25), connected devices, documents, takeout, deleted items (the trash), log out.
 */
export function SettingsPage() {
  const intl = useIntl();
  const account = useAccountInfoQuery();
  const { mutate: logOut, isPending } = useLogoutMutation();
  const title = intl.formatMessage({ id: 'nav.settings' });
  usePageTitle(title);
  if (account.isError) return <QueryError error={account.error} onRetry={() => void account.refetch()} />;
  if (!account.data) return <PageSpinner />;
  const { name, logged_in_as: email, profile_picture: picture } = account.data;
  return (
    <section className="page page--narrow">
      <h1 className="page__title">{title}</h1>

      <section className="card" aria-labelledby="settings-profile">
        <div className="profile">
          <Avatar name={name} fallback={email} pictureUrl={picture} size={56} />
          <div>
            <h2 id="settings-profile" className="card__title">
              {intl.formatMessage({ id: 'settings.profile' })}
            </h2>
            <p className="muted">{email}</p>
            {/* spec 000 §2 /selectProfilePicture. */}
            <Link to="/selectProfilePicture">{intl.formatMessage({ id: 'settings.changePicture' })}</Link>
          </div>
        </div>
        <NameForm name={name} />
      </section>

      <section className="card" aria-labelledby="settings-language">
        <h2 id="settings-language" className="card__title">
          <Icon name="language" size={20} />
          {intl.formatMessage({ id: 'settings.language' })}
        </h2>
        <LanguagePicker />
      </section>

      <section className="card">
        <UsageMeter
          used={account.data.used_space}
          max={account.data.max_space}
          label={intl.formatMessage({ id: 'settings.storage' })}
          usageText={(sizes) => intl.formatMessage({ id: 'settings.usage' }, sizes)}
          bytesText={(count) => intl.formatMessage({ id: 'settings.bytes' }, { count })}
        />
      </section>

      <nav className="card card--list" aria-label={intl.formatMessage({ id: 'settings.more' })}>
        {/* spec 001 §2: storage management and plans (monthly or yearly), payment card settings. */}
        <Link to={STORAGE_PATH} className="list-link">
          <StorageIcon name="cloud" />
          <span className="list-link__text">
            <span className="list-link__title">{intl.formatMessage({ id: 'settings.storagePlans' })}</span>
            <span className="muted">{intl.formatMessage({ id: 'settings.storagePlansText' })}</span>
          </span>
          <Icon name="chevronRight" />
        </Link>
        <Link to={PAYMENT_PATH} className="list-link">
          <StorageIcon name="card" />
          <span className="list-link__text">
            <span className="list-link__title">{intl.formatMessage({ id: 'settings.payment' })}</span>
            <span className="muted">{intl.formatMessage({ id: 'settings.paymentText' })}</span>
          </span>
          <Icon name="chevronRight" />
        </Link>
        <Link to="/settings/devices" className="list-link">
          <Icon name="devices" />
          <span className="list-link__text">
            <span className="list-link__title">{intl.formatMessage({ id: 'devices.title' })}</span>
            <span className="muted">{intl.formatMessage({ id: 'settings.devicesText' })}</span>
          </span>
          <Icon name="chevronRight" />
        </Link>
        {/* spec 000 §2: the documents list, whose back link leads here. */}
        <Link to="/documents" className="list-link">
          <DocumentIcon />
          <span className="list-link__text">
            <span className="list-link__title">{intl.formatMessage({ id: 'settings.documents' })}</span>
            <span className="muted">{intl.formatMessage({ id: 'settings.documentsText' })}</span>
          </span>
          <Icon name="chevronRight" />
        </Link>
        {/* Every link the user handed out (issue #23). */}
        <Link to="/settings/shared-links" className="list-link">
          <Icon name="share" />
          <span className="list-link__text">
            <span className="list-link__title">{intl.formatMessage({ id: 'settings.sharedLinks' })}</span>
            <span className="muted">{intl.formatMessage({ id: 'settings.sharedLinksText' })}</span>
          </span>
          <Icon name="chevronRight" />
        </Link>
        {/* spec 001 §2: consents, data access, digital legacy, account deletion. */}
        <Link to="/settings/privacy" className="list-link">
          <Icon name="person" />
          <span className="list-link__text">
            <span className="list-link__title">{intl.formatMessage({ id: 'settings.privacy' })}</span>
            <span className="muted">{intl.formatMessage({ id: 'settings.privacyText' })}</span>
          </span>
          <Icon name="chevronRight" />
        </Link>
        {/* spec 001 §2 Email settings. */}
        <Link to="/emailSettings" className="list-link">
          <Icon name="share" />
          <span className="list-link__text">
            <span className="list-link__title">{intl.formatMessage({ id: 'settings.emailSettings' })}</span>
            <span className="muted">{intl.formatMessage({ id: 'settings.emailSettingsText' })}</span>
          </span>
          <Icon name="chevronRight" />
        </Link>
        {/* spec 000 §2: takeout, the whole library as downloads. */}
        <Link to="/settings/takeout" className="list-link">
          <TakeoutIcon name="download" />
          <span className="list-link__text">
            <span className="list-link__title">{intl.formatMessage({ id: 'settings.takeout' })}</span>
            <span className="muted">{intl.formatMessage({ id: 'settings.takeoutText' })}</span>
          </span>
          <Icon name="chevronRight" />
        </Link>
        {/* The in-app trash (spec 000 §2): fromNav=1 gives it a back button to here. */}
        <Link to="/_from_inside_app/deleted_items?fromNav=1" className="list-link">
          <Icon name="delete" />
          <span className="list-link__text">
            <span className="list-link__title">{intl.formatMessage({ id: 'settings.trash' })}</span>
            <span className="muted">{intl.formatMessage({ id: 'settings.trashText' })}</span>
          </span>
          <Icon name="chevronRight" />
        </Link>
        {/* The operator's admin area (issue #24), only for operators. */}
        {account.data.is_operator && (
          <Link to="/admin" className="list-link">
            <Icon name="settings" />
            <span className="list-link__text">
              <span className="list-link__title">{intl.formatMessage({ id: 'settings.admin' })}</span>
              <span className="muted">{intl.formatMessage({ id: 'settings.adminText' })}</span>
            </span>
            <Icon name="chevronRight" />
          </Link>
        )}
        <button
          type="button"
          className="list-link"
          onClick={() => {
            logOut();
          }}
          disabled={isPending}
        >
          <Icon name="logout" />
          <span className="list-link__text">
            <span className="list-link__title">{intl.formatMessage({ id: 'nav.logOut' })}</span>
          </span>
        </button>
      </nav>
    </section>
  );
}
