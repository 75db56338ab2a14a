import type { Grant, StripeSubscriptionInfo } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Dialog } from '../../ui/Dialog.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { useCancelUpcomingMutation, useGrantLinkMutation } from './api.ts';
import { dateText, gbText, planPriceText, priceText, sourceText } from './texts.ts';

/**
 * The current plan (spec 001 §3 plan card texts: sizeText, sourceText, priceText,
 * billingInfoText; trial, next billing date, expiry date when canceled, credit) and what can
 * be done with it (spec 001 §4): cancel (storage stays until the period's end), reactivate a
 * canceled plan, cancel an upcoming plan (the current one stays). Cancel and reactivate are
 * the subscription grant's own links (`_links`, spec 001 §3), called as given.
 */
export function PlanCard({
  subscription,
  grant,
}: {
  subscription: StripeSubscriptionInfo;
  /** The subscription's grant, whose links cancel or reactivate it. */
  grant: Grant | undefined;
}) {
  const intl = useIntl();
  const toasts = useToasts();
  const link = useGrantLinkMutation();
  const cancelUpcoming = useCancelUpcomingMutation();
  const [isConfirmingCancel, setConfirmingCancel] = useState(false);
  const product = subscription.activeProduct;
  const periodEnd = dateText(intl, subscription.current_period_end);
  const isCanceled = subscription.cancel_at_period_end;
  const cancellation = grant?._links.cancellation;
  const reactivation = grant?._links.reactivation;

  let billingInfo: string;
  if (isCanceled) billingInfo = intl.formatMessage({ id: 'storage.expiresOn' }, { date: periodEnd });
  else if (subscription.status === 'trialing' && subscription.trial_end !== null)
    billingInfo = intl.formatMessage(
      { id: 'storage.trialUntil' },
      { date: dateText(intl, subscription.trial_end) },
    );
  else billingInfo = intl.formatMessage({ id: 'storage.nextBilling' }, { date: periodEnd });

  return (
    <section className="card plan-card" aria-labelledby="storage-plan">
      <h2 id="storage-plan" className="card__title">
        {intl.formatMessage({ id: 'storage.yourPlan' })}
      </h2>
      {product && (
        <p className="plan-card__size">
          <strong>{gbText(intl, product.size_gb)}</strong>
          <span className="muted">{sourceText(intl, 'stripe')}</span>
        </p>
      )}
      {product && <p>{planPriceText(intl, product)}</p>}
      <p className={isCanceled ? 'notice notice--info' : 'muted'}>{billingInfo}</p>
      {subscription.credit > 0 && (
        <p className="muted">
          {intl.formatMessage(
            { id: 'storage.credit' },
            { amount: priceText(intl, subscription.credit, subscription.currency) },
          )}
        </p>
      )}
      {subscription.upcomingProduct && (
        <div className="plan-card__upcoming">
          <p>
            {intl.formatMessage(
              { id: 'storage.upcoming' },
              {
                date: periodEnd,
                plan: `${gbText(intl, subscription.upcomingProduct.size_gb)}, ${planPriceText(intl, subscription.upcomingProduct)}`,
              },
            )}
          </p>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={cancelUpcoming.isPending}
            onClick={() => {
              cancelUpcoming.mutate(subscription.subscriptionId, {
                onError: () => {
                  toasts.show({ kind: 'error', text: intl.formatMessage({ id: 'storage.error.update' }) });
                },
              });
            }}
          >
            {intl.formatMessage({ id: 'storage.cancelUpcoming' })}
          </button>
        </div>
      )}
      <div className="button-row">
        {!isCanceled && cancellation && (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              setConfirmingCancel(true);
            }}
          >
            {intl.formatMessage({ id: 'storage.cancel' })}
          </button>
        )}
        {isCanceled && reactivation && (
          <button
            type="button"
            className="btn btn--primary"
            disabled={link.isPending}
            onClick={() => {
              link.mutate(reactivation, {
                onSuccess: () => {
                  toasts.show({ kind: 'success', text: intl.formatMessage({ id: 'storage.reactivated' }) });
                },
                onError: () => {
                  toasts.show({
                    kind: 'error',
                    text: intl.formatMessage({ id: 'storage.error.reactivate' }),
                  });
                },
              });
            }}
          >
            {intl.formatMessage({ id: 'storage.reactivate' })}
          </button>
        )}
      </div>
      {isConfirmingCancel && cancellation && (
        <Dialog
          title={intl.formatMessage({ id: 'storage.cancelTitle' })}
          onClose={() => {
            setConfirmingCancel(false);
            link.reset();
          }}
          actions={
            <>
              <button
                type="button"
                className="btn btn--text"
                onClick={() => {
                  setConfirmingCancel(false);
                  link.reset();
                }}
              >
                {intl.formatMessage({ id: 'storage.keepPlan' })}
              </button>
              <button
                type="button"
                className="btn btn--danger"
                disabled={link.isPending}
                onClick={() => {
                  link.mutate(cancellation, {
                    onSuccess: () => {
                      setConfirmingCancel(false);
                      toasts.show({ kind: 'success', text: intl.formatMessage({ id: 'storage.canceled' }) });
                    },
                  });
                }}
              >
                {intl.formatMessage({ id: 'storage.cancel' })}
              </button>
            </>
          }
        >
          <p>{intl.formatMessage({ id: 'storage.cancelBody' }, { date: periodEnd })}</p>
          {link.isPending && <p role="status">{intl.formatMessage({ id: 'storage.working' })}</p>}
          {link.isError && (
            <p className="form-error" role="alert">
              {intl.formatMessage({ id: 'storage.error.cancel' })}
            </p>
          )}
        </Dialog>
      )}
    </section>
  );
}
