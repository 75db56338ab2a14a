import { cardBrandOf, cardExpiryText, maskedCardNumber } from '@trove/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Dialog } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useAccountInfoQuery } from '../auth/api.ts';
import { billingKeys, useDeleteCardMutation, usePaymentMethodQuery, useStripeConfigQuery } from './api.ts';
import { cardUpdateFailureText } from './failure-texts.ts';
import { LazyCardForm } from './lazy-card-form.ts';
import './storage.css';

/** The brands' own names, the same in every language; any other card is worded. */
const BRAND_NAMES: Record<'visa' | 'mastercard', string> = { visa: 'Visa', mastercard: 'Mastercard' };

/**
 * Route /settings/payment (spec 001 §2 Payment settings): the stored card (brand, number
 * masked but the last four, MM/YY; billing/card.ts), updated through a new setup intent
 * ('Failed to update info') or deleted after confirmation ('Failed deleting card info').
 */
export function PaymentPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const account = useAccountInfoQuery().data;
  const card = usePaymentMethodQuery();
  const config = useStripeConfigQuery();
  const remove = useDeleteCardMutation();
  const [isUpdating, setUpdating] = useState(false);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const title = intl.formatMessage({ id: 'storage.card.title' });
  usePageTitle(title);
  const closeDelete = () => {
    setConfirmingDelete(false);
    remove.reset();
  };

  return (
    <section className="page page--narrow storage-page">
      <Link to="/settings" className="back-link">
        <Icon name="arrowBack" size={20} />
        {intl.formatMessage({ id: 'nav.settings' })}
      </Link>
      <h1 className="page__title">{title}</h1>
      <section className="card" aria-labelledby="payment-card">
        <h2 id="payment-card" className="card__title">
          {intl.formatMessage({ id: 'storage.card.stored' })}
        </h2>
        {card.isPending && <PageSpinner />}
        {card.isError && (
          <p className="notice notice--error" role="alert">
            {intl.formatMessage({ id: 'storage.card.loadFailed' })}
          </p>
        )}
        {card.data === null && <p className="muted">{intl.formatMessage({ id: 'storage.card.none' })}</p>}
        {card.data && (
          <dl className="card-details">
            <dt>{intl.formatMessage({ id: 'storage.card.brand' })}</dt>
            <dd>{brandText(intl, cardBrandOf(card.data.brand))}</dd>
            <dt>{intl.formatMessage({ id: 'storage.card.number' })}</dt>
            <dd>{maskedCardNumber(card.data.last4)}</dd>
            <dt>{intl.formatMessage({ id: 'storage.card.expiry' })}</dt>
            <dd>{cardExpiryText(card.data.exp_month, card.data.exp_year)}</dd>
          </dl>
        )}
        {!isUpdating && config.data && config.data.provider !== 'off' && (
          <div className="button-row">
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                setUpdating(true);
              }}
            >
              {intl.formatMessage({ id: card.data ? 'storage.card.update' : 'storage.card.add' })}
            </button>
            {card.data && (
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => {
                  setConfirmingDelete(true);
                }}
              >
                {intl.formatMessage({ id: 'storage.card.delete' })}
              </button>
            )}
          </div>
        )}
        {isUpdating && config.data && account && (
          <>
            <LazyCardForm
              config={config.data}
              customer={{ name: account.name || account.logged_in_as, email: account.logged_in_as }}
              requireTos={false}
              submitLabel={intl.formatMessage({ id: 'storage.card.save' })}
              failureText={(error) => cardUpdateFailureText(intl, error)}
              onCardSaved={async () => {
                await queryClient.invalidateQueries({ queryKey: billingKeys.card() });
                setUpdating(false);
                toasts.show({ kind: 'success', text: intl.formatMessage({ id: 'storage.card.saved' }) });
              }}
            />
            <button
              type="button"
              className="btn btn--text"
              onClick={() => {
                setUpdating(false);
              }}
            >
              {intl.formatMessage({ id: 'common.cancel' })}
            </button>
          </>
        )}
      </section>
      {isConfirmingDelete && (
        <Dialog
          title={intl.formatMessage({ id: 'storage.card.deleteTitle' })}
          onClose={closeDelete}
          actions={
            <>
              <button type="button" className="btn btn--text" onClick={closeDelete}>
                {intl.formatMessage({ id: 'common.cancel' })}
              </button>
              <button
                type="button"
                className="btn btn--danger"
                disabled={remove.isPending}
                onClick={() => {
                  remove.mutate(undefined, { onSuccess: closeDelete });
                }}
              >
                {intl.formatMessage({ id: 'storage.card.delete' })}
              </button>
            </>
          }
        >
          <p>{intl.formatMessage({ id: 'storage.card.deleteBody' })}</p>
          {remove.isError && (
            <p className="form-error" role="alert">
              {intl.formatMessage({ id: 'storage.error.cardDelete' })}
            </p>
          )}
        </Dialog>
      )}
    </section>
  );
}

function brandText(intl: IntlShape, brand: 'visa' | 'mastercard' | 'other'): string {
  return brand === 'other' ? intl.formatMessage({ id: 'storage.card.other' }) : BRAND_NAMES[brand];
}
