import type {
  StripeConfigResponse,
  StripeProduct,
  StripeSubscriptionInfo,
  StorageUse,
} from '@trove/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { completePurchase, refetchBilling } from './api.ts';
import { updateFailureText } from './failure-texts.ts';
import { PlanTable } from './PlanTable.tsx';
import { gbText, planPriceText } from './texts.ts';

/** Props of {@link PlanChooser}. */
export interface PlanChooserProps {
  products: readonly StripeProduct[];
  trialMonths: number;
  use: StorageUse;
  /** The subscription now; null: none (choose opens the wizard). */
  subscription: StripeSubscriptionInfo | null;
  config: StripeConfigResponse | undefined;
  /** Opens the subscribe wizard with `plan` chosen (no subscription yet). */
  onSubscribe: (plan: StripeProduct) => void;
}

/**
 * The plan comparison table and its action (spec 001 §2, §4): without a subscription, Choose
 * (Resubscribe after one ended) opens the wizard on the plan; with one, Change asks first and
 * then PUTs the plan with an Idempotency-Key minted at that confirmation and kept for a retry.
 * A change that needs the card holder is confirmed with the card library (3-D Secure).
 */
export function PlanChooser({
  products,
  trialMonths,
  use,
  subscription,
  config,
  onSubscribe,
}: PlanChooserProps) {
  const intl = useIntl();
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const [selected, setSelected] = useState<StripeProduct | null>(null);
  const [confirming, setConfirming] = useState<{ plan: StripeProduct; key: string } | null>(null);
  const change = useMutation({
    mutationFn: ({ plan, key }: { plan: StripeProduct; key: string }) =>
      completePurchase(api, 'change', plan.id, key, (secret) => {
        if (config === undefined) return Promise.resolve({ error: { message: '' } });
        return import('./CardForm.tsx').then((m) => m.confirmCardPayment(config, secret));
      }),
    onSettled: () => refetchBilling(queryClient),
  });
  const hasPlan = subscription !== null;
  const close = () => {
    setConfirming(null);
    change.reset();
  };

  return (
    <section className="card" aria-labelledby="storage-plans">
      <h2 id="storage-plans" className="card__title">
        {intl.formatMessage({ id: 'storage.plans' })}
      </h2>
      {!hasPlan && trialMonths > 0 && (
        <p className="notice notice--info">
          {intl.formatMessage({ id: 'storage.trial' }, { months: trialMonths })}
        </p>
      )}
      <PlanTable
        products={products}
        use={use}
        activeProduct={subscription?.activeProduct ?? null}
        upcomingProduct={subscription?.upcomingProduct ?? null}
        selectedId={selected?.id ?? null}
        onSelect={setSelected}
      />
      <div className="button-row">
        <button
          type="button"
          className="btn btn--primary"
          disabled={selected === null}
          onClick={() => {
            if (selected === null) return;
            if (hasPlan) setConfirming({ plan: selected, key: crypto.randomUUID() });
            else onSubscribe(selected);
          }}
        >
          {intl.formatMessage({ id: hasPlan ? 'storage.change' : 'storage.choose' })}
        </button>
      </div>
      {confirming && (
        <Dialog
          title={intl.formatMessage({ id: 'storage.changeTitle' })}
          onClose={close}
          actions={
            <>
              <button type="button" className="btn btn--text" onClick={close}>
                {intl.formatMessage({ id: 'storage.keepPlan' })}
              </button>
              <button
                type="button"
                className="btn btn--primary"
                disabled={change.isPending}
                onClick={() => {
                  change.mutate(confirming, {
                    onSuccess: () => {
                      setConfirming(null);
                      setSelected(null);
                      toasts.show({ kind: 'success', text: intl.formatMessage({ id: 'storage.changed' }) });
                    },
                  });
                }}
              >
                {intl.formatMessage({ id: 'storage.change' })}
              </button>
            </>
          }
        >
          <p>
            {intl.formatMessage(
              { id: 'storage.changeBody' },
              { plan: `${gbText(intl, confirming.plan.size_gb)}, ${planPriceText(intl, confirming.plan)}` },
            )}
          </p>
          {change.isPending && <p role="status">{intl.formatMessage({ id: 'storage.working' })}</p>}
          {change.isError && (
            <p className="form-error" role="alert">
              {updateFailureText(intl, change.error)}
            </p>
          )}
        </Dialog>
      )}
    </section>
  );
}
