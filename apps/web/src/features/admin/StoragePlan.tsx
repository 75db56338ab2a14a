import type { AdminStorage, AdminSubscription } from '@trove/contract';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages.ts';
import { useDateTime } from './AdminNav.tsx';

const STATUS_TEXT: Record<AdminSubscription['status'], MessageId> = {
  trialing: 'admin.storage.status.trialing',
  active: 'admin.storage.status.active',
  past_due: 'admin.storage.status.past_due',
  incomplete: 'admin.storage.status.incomplete',
  canceled: 'admin.storage.status.canceled',
};

/**
 * The account's plan in the storage dialog (issue #25's operator area): what the payment
 * provider last said of it, the card's display fields, and whether billing made the account
 * read-only. Customer service reads here why someone cannot upload; the plan itself is the
 * user's to change (spec 001 §2), so nothing here acts on it.
 */
export function StoragePlan({ storage }: { storage: AdminStorage }) {
  const intl = useIntl();
  const dateTime = useDateTime();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { subscription, card } = storage;
  let when = '';
  if (subscription) {
    const date = dateTime(subscription.period_end);
    if (subscription.status === 'canceled') when = t('admin.storage.ended', { date });
    else if (subscription.cancel_at_period_end) when = t('admin.storage.endsOn', { date });
    else when = t('admin.storage.renews', { date });
  }
  return (
    <section aria-labelledby="admin-storage-plan">
      <h3 id="admin-storage-plan" className="admin-storage__heading">
        {t('admin.storage.plan')}
      </h3>
      {subscription === null ? (
        <p className="muted">{t('admin.storage.noPlan')}</p>
      ) : (
        <p>
          <strong>{subscription.plan_id}</strong> ·{' '}
          {t(
            subscription.ended_unpaid ? 'admin.storage.status.endedUnpaid' : STATUS_TEXT[subscription.status],
          )}
          <br />
          <span className="muted">{when}</span>
        </p>
      )}
      <p className="muted">
        {card === null
          ? t('admin.storage.noCard')
          : t('admin.storage.card', {
              brand: card.brand,
              last4: card.last4,
              expiry: `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year)}`,
            })}
      </p>
      {storage.read_only.billing && (
        <p className="notice notice--error">{t('admin.storage.readOnlyBilling')}</p>
      )}
    </section>
  );
}
