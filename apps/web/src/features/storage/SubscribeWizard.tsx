import type { StripeProduct } from '@trove/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { useFocusTrap } from '../../ui/use-focus-trap.ts';
import { useAccountInfoQuery } from '../auth/api.ts';
import { completePurchase, refetchBilling, useProductsQuery, useStripeConfigQuery } from './api.ts';
import { LazyCardForm } from './lazy-card-form.ts';
import { PlanTable } from './PlanTable.tsx';
import { purchaseFailureText } from './failure-texts.ts';
import './storage.css';

/** The wizard's steps (spec 001 §4). */
export type WizardStep = 'WELCOME' | 'SUB' | 'STRIPE' | 'NOSUB';

const STEP_TITLES: Record<WizardStep, MessageId> = {
  WELCOME: 'storage.wizard.title.WELCOME',
  SUB: 'storage.wizard.title.SUB',
  STRIPE: 'storage.wizard.title.STRIPE',
  NOSUB: 'storage.wizard.title.NOSUB',
};

/** How the wizard ended: a plan bought, or closed without one (NOSUB skip, or closed). */
export type WizardOutcome = 'purchased' | 'refused';

/** Props of {@link SubscribeWizard}. */
export interface SubscribeWizardProps {
  onClose: (outcome: WizardOutcome) => void;
  /** Start at SUB with this plan chosen (the storage page's Choose), instead of WELCOME. */
  initialPlan?: StripeProduct | null;
}

/**
 * The subscribe wizard (spec 001 §4): WELCOME → SUB (choose a plan; Continue disabled without
 * one, §5) → STRIPE (the card, the terms accepted, then the purchase). WELCOME's skip goes to
 * NOSUB (storage stays limited), whose skip closes and whose back returns to WELCOME. A flow
 * prompt, 640 px wide (spec 001 §2).
 */
export function SubscribeWizard({ onClose, initialPlan = null }: SubscribeWizardProps) {
  const intl = useIntl();
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const account = useAccountInfoQuery().data;
  const products = useProductsQuery();
  const config = useStripeConfigQuery();
  const [step, setStep] = useState<WizardStep>(initialPlan ? 'SUB' : 'WELCOME');
  const [plan, setPlan] = useState<StripeProduct | null>(initialPlan);
  // Minted when the STRIPE step is entered, reused by a retry there (the server's Idempotency-Key).
  const [purchaseKey, setPurchaseKey] = useState<string>('');
  const close = (outcome: WizardOutcome) => {
    onClose(outcome);
  };

  const trialMonths = products.data?.trial_months ?? 0;
  const goTo = (next: WizardStep) => () => {
    setStep(next);
  };
  let body: ReactNode;
  if (step === 'WELCOME')
    body = (
      <>
        <p>{intl.formatMessage({ id: 'storage.wizard.welcomeText' })}</p>
        {trialMonths > 0 && (
          <p className="notice notice--info">
            {intl.formatMessage({ id: 'storage.trial' }, { months: trialMonths })}
          </p>
        )}
        <StepActions
          back={{
            label: 'storage.wizard.skip',
            onClick: goTo('NOSUB'),
          }}
          next={{
            label: 'storage.wizard.seePlans',
            onClick: goTo('SUB'),
          }}
        />
      </>
    );
  else if (step === 'NOSUB')
    body = (
      <>
        <p>{intl.formatMessage({ id: 'storage.wizard.noSubText' })}</p>
        <StepActions
          back={{
            label: 'storage.wizard.back',
            onClick: goTo('WELCOME'),
          }}
          next={{
            label: 'storage.wizard.skip',
            onClick: () => {
              close('refused');
            },
          }}
        />
      </>
    );
  else if (step === 'SUB')
    body =
      !account || !products.data ? (
        products.isError ? (
          <p className="form-error" role="alert">
            {intl.formatMessage({ id: 'storage.noPlans' })}
          </p>
        ) : (
          <PageSpinner />
        )
      ) : (
        <>
          <PlanTable
            products={products.data.products}
            use={{ usedSpace: account.used_space, maxSpace: account.max_space }}
            activeProduct={null}
            upcomingProduct={null}
            selectedId={plan?.id ?? null}
            onSelect={setPlan}
          />
          <StepActions
            back={{
              label: 'storage.wizard.back',
              onClick: goTo('WELCOME'),
            }}
            next={{
              label: 'storage.wizard.continue',
              disabled: plan === null,
              onClick: () => {
                setPurchaseKey(crypto.randomUUID());
                setStep('STRIPE');
              },
            }}
          />
        </>
      );
  else
    body =
      !config.data || !account || plan === null ? (
        <PageSpinner />
      ) : (
        <>
          <p className="muted">{intl.formatMessage({ id: 'storage.wizard.cardText' })}</p>
          <LazyCardForm
            config={config.data}
            customer={{ name: account.name || account.logged_in_as, email: account.logged_in_as }}
            requireTos
            submitLabel={intl.formatMessage({ id: 'storage.wizard.subscribe' })}
            failureText={(error) => purchaseFailureText(intl, error)}
            onCardSaved={async (confirm) => {
              await completePurchase(api, 'new', plan.id, purchaseKey, confirm);
              await refetchBilling(queryClient);
              toasts.show({ kind: 'success', text: intl.formatMessage({ id: 'storage.purchased' }) });
              close('purchased');
            }}
          />
          <StepActions
            back={{
              label: 'storage.wizard.back',
              onClick: goTo('SUB'),
            }}
          />
        </>
      );

  return (
    <FlowDialog
      title={intl.formatMessage({ id: STEP_TITLES[step] })}
      onClose={() => {
        close('refused');
      }}
    >
      {body}
    </FlowDialog>
  );
}

interface StepAction {
  label: MessageId;
  onClick: () => void;
  disabled?: boolean;
}

/** A step's buttons: the way back as text, the way on (when there is one) as primary. */
function StepActions({ back, next }: { back: StepAction; next?: StepAction }) {
  const intl = useIntl();
  return (
    <div className="dialog__actions">
      <button type="button" className="btn btn--text" onClick={back.onClick}>
        {intl.formatMessage({ id: back.label })}
      </button>
      {next && (
        <button type="button" className="btn btn--primary" disabled={next.disabled} onClick={next.onClick}>
          {intl.formatMessage({ id: next.label })}
        </button>
      )}
    </div>
  );
}

/** A modal flow prompt: 640 px (spec 001 §2), focus kept inside, Escape closes. */
function FlowDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const intl = useIntl();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, onClose);
  return createPortal(
    <div className="backdrop backdrop--center">
      <div
        ref={panelRef}
        className="dialog dialog--flow"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button
            type="button"
            className="btn btn--text"
            aria-label={intl.formatMessage({ id: 'storage.wizard.close' })}
            onClick={onClose}
          >
            ×
          </button>
        </div>
        <div className="dialog__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
