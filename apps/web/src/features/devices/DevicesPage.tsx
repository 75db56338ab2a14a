import type { Device } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useDevicesQuery, useRemoveDeviceMutation } from './api.ts';

/**
 * Route /settings/devices (spec 001 §2): the account's devices by name, this one marked;
 * another can be removed after confirmation (ConfirmKind DELETE_DEVICE).
 */
export function DevicesPage() {
  const intl = useIntl();
  const devices = useDevicesQuery();
  const remove = useRemoveDeviceMutation();
  const [pending, setPending] = useState<Device | null>(null);
  const title = intl.formatMessage({ id: 'devices.title' });
  usePageTitle(title);

  const close = () => {
    setPending(null);
    remove.reset();
  };

  return (
    <section className="page page--narrow">
      <Link to="/settings" className="back-link">
        <Icon name="arrowBack" size={20} />
        {intl.formatMessage({ id: 'nav.settings' })}
      </Link>
      <h1 className="page__title">{title}</h1>
      <p className="muted">{intl.formatMessage({ id: 'devices.intro' })}</p>
      {devices.isError && <QueryError error={devices.error} onRetry={() => void devices.refetch()} />}
      {!devices.data && !devices.isError && <PageSpinner />}
      {devices.data && (
        <ul className="card card--list device-list">
          {devices.data.devices.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              isCurrent={device.id === devices.data.current.id}
              onRemove={() => {
                setPending(device);
              }}
            />
          ))}
        </ul>
      )}
      {pending && (
        <ConfirmDialog
          kind="DELETE_DEVICE"
          values={{ name: pending.name }}
          isPending={remove.isPending}
          error={remove.isError ? intl.formatMessage({ id: 'devices.removeFailed' }) : undefined}
          onCancel={close}
          onConfirm={() => {
            remove.mutate(pending.id, { onSuccess: close });
          }}
        />
      )}
    </section>
  );
}

function DeviceRow({
  device,
  isCurrent,
  onRemove,
}: {
  device: Device;
  isCurrent: boolean;
  onRemove: () => void;
}) {
  const intl = useIntl();
  const formatTime = (seconds: number) =>
    intl.formatDate(seconds * 1000, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="device-row">
      <Icon name="devices" />
      <div className="device-row__text">
        <span className="device-row__name">
          {device.name}
          {isCurrent && <span className="badge">{intl.formatMessage({ id: 'devices.thisDevice' })}</span>}
        </span>
        <span className="muted">
          {intl.formatMessage({ id: 'devices.lastUsed' }, { date: formatTime(device.last_used) })}
        </span>
        <span className="muted">
          {intl.formatMessage({ id: 'devices.signedIn' }, { date: formatTime(device.created) })}
        </span>
      </div>
      {!isCurrent && (
        <button
          type="button"
          className="btn btn--text btn--danger-text"
          aria-label={intl.formatMessage({ id: 'devices.removeNamed' }, { name: device.name })}
          onClick={onRemove}
        >
          {intl.formatMessage({ id: 'common.remove' })}
        </button>
      )}
    </li>
  );
}
