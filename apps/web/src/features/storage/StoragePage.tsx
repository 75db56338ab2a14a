import type { StripeProduct } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import type { MessageId } from '../../i18n/messages.ts';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { UsageMeter } from '../../ui/UsageMeter.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useAccountInfoQuery } from '../auth/api.ts';
import { useGrantsQuery, useProductsQuery, useStripeConfigQuery, useSubscriptionsQuery } from './api.ts';
import { LazySubscribeWizard } from './lazy-wizard.ts';
import { BillingNotices } from './BillingNotices.tsx';
import { PlanCard } from './PlanCard.tsx';
import { PlanChooser } from './PlanChooser.tsx';
import { StorageSources } from './StorageSources.tsx';
import './storage.css';

/** Free versus paid (spec 001 §3 perk comparison rows: text, free flag, sub flag; §4 read-only). */
const PERKS: readonly { text: MessageId; free: boolean; sub: boolean }[] = [
  { text: 'storage.perk.keep', free: true, sub: true },
  { text: 'storage.perk.joinAlbums', free: true, sub: true },
  { text: 'storage.perk.upload', free: false, sub: true },
  { text: 'storage.perk.share', free: false, sub: true },
  { text: 'storage.perk.moreStorage', free: false, sub: true },
];

/**
 * Route /settings/storage (spec 001 §2 Storage settings): the usage bar and the storage
 * sources, free versus paid, the current plan and the plans to choose or change to. With
 * `?subscribe=1` (the subscribe offers of spec 001 §6) the subscribe wizard opens at once.
 * A failed products or grants fetch is ignored (spec 001 §8): the page shows without them.
 */
export function StoragePage() {
  const intl = useIntl();
  const account = useAccountInfoQuery();
  const products = useProductsQuery();
  const grants = useGrantsQuery();
  const subscriptions = useSubscriptionsQuery();
  const config = useStripeConfigQuery();
  const [params, setParams] = useSearchParams();
  const [wizardPlan, setWizardPlan] = useState<StripeProduct | null>(null);
  const isWizardOpen = params.get('subscribe') === '1' || wizardPlan !== null;
  const title = intl.formatMessage({ id: 'storage.title' });
  usePageTitle(title);
  if (account.isError) return <QueryError error={account.error} onRetry={() => void account.refetch()} />;
  if (!account.data) return <PageSpinner />;
  const use = { usedSpace: account.data.used_space, maxSpace: account.data.max_space };
  const subscription = subscriptions.data?.subscriptions[0] ?? null;
  const stripeGrant = grants.data?.find(
    (g) =>
      g.source === 'stripe' && (g._links.cancellation !== undefined || g._links.reactivation !== undefined),
  );
  const sellsPlans = config.data?.provider !== 'off';

  return (
    <section className="page page--narrow storage-page">
      <Link to="/settings" className="back-link">
        <Icon name="arrowBack" size={20} />
        {intl.formatMessage({ id: 'nav.settings' })}
      </Link>
      <h1 className="page__title">{title}</h1>
      <BillingNotices isReadOnly={account.data.is_read_only_user} subscription={subscription} />

      <section className="card">
        <UsageMeter
          used={account.data.used_space}
          max={account.data.max_space}
          label={intl.formatMessage({ id: 'storage.used' })}
          usageText={(sizes) => intl.formatMessage({ id: 'storage.usage' }, sizes)}
          bytesText={(count) => intl.formatMessage({ id: 'storage.bytes' }, { count })}
        />
      </section>

      <StorageSources grants={grants.data ?? []} />

      {subscriptions.isError && (
        <p className="notice notice--error" role="alert">
          {intl.formatMessage({ id: 'storage.error.subscriptions' })}
        </p>
      )}
      {subscription && <PlanCard subscription={subscription} grant={stripeGrant} />}

      <section className="card" aria-labelledby="storage-perks">
        <h2 id="storage-perks" className="card__title">
          {intl.formatMessage({ id: 'storage.perks' })}
        </h2>
        <table className="perk-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{intl.formatMessage({ id: 'storage.perks' })}</span>
              </th>
              <th scope="col">{intl.formatMessage({ id: 'storage.free' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'storage.paid' })}</th>
            </tr>
          </thead>
          <tbody>
            {PERKS.map((perk) => (
              <tr key={perk.text}>
                <th scope="row">{intl.formatMessage({ id: perk.text })}</th>
                <td>
                  <PerkMark has={perk.free} />
                </td>
                <td>
                  <PerkMark has={perk.sub} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {sellsPlans && products.data && !subscriptions.isError && !subscriptions.isPending && (
        <PlanChooser
          products={products.data.products}
          trialMonths={products.data.trial_months}
          use={use}
          subscription={subscription}
          config={config.data}
          onSubscribe={setWizardPlan}
        />
      )}

      {isWizardOpen && (
        <LazySubscribeWizard
          initialPlan={wizardPlan}
          onClose={() => {
            setWizardPlan(null);
            if (params.has('subscribe')) {
              const next = new URLSearchParams(params);
              next.delete('subscribe');
              setParams(next, { replace: true });
            }
          }}
        />
      )}
    </section>
  );
}

function PerkMark({ has }: { has: boolean }) {
  const intl = useIntl();
  return has ? (
    <span className="perk-yes" role="img" aria-label={intl.formatMessage({ id: 'storage.perkYes' })}>
      <Icon name="check" size={20} />
    </span>
  ) : (
    <span className="perk-no" role="img" aria-label={intl.formatMessage({ id: 'storage.perkNo' })}>
      –
    </span>
  );
}
