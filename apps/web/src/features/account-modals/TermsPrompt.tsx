import { useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages.ts';
import { useFocusTrap } from '../../ui/use-focus-trap.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useLogoutMutation } from '../auth/api.ts';
import { useApproveTermsMutation, useTermsQuery } from './api.ts';

/**
 * The terms of service prompt (spec 001 §2: accept or decline, a modal of 488 by 418 px;
 * §4 Terms: unverified until approved). It shows the version's text in the UI language and
 * stays until the user accepts; declining says the terms must be accepted (spec 001 §8) and
 * offers to sign out. Escape goes to that same choice: the prompt cannot be waved away.
 */
export function TermsPrompt({ version }: { version: string }) {
  const intl = useIntl();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const [declined, setDeclined] = useState(false);
  const terms = useTermsQuery(version);
  const approve = useApproveTermsMutation();
  const logOut = useLogoutMutation();
  useFocusTrap(panelRef, () => {
    setDeclined(true);
  });
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  return createPortal(
    <div className="backdrop backdrop--center">
      <div
        ref={panelRef}
        className="terms-prompt"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        {declined ? (
          <>
            <h2 id={titleId} className="dialog__title">
              {t('accountModals.terms.mustAccept')}
            </h2>
            <p className="terms-prompt__grow muted">{t('accountModals.terms.mustAcceptText')}</p>
            <div className="dialog__actions">
              <button
                type="button"
                className="btn btn--text"
                disabled={logOut.isPending}
                onClick={() => {
                  logOut.mutate();
                }}
              >
                {t('accountModals.terms.signOut')}
              </button>
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => {
                  setDeclined(false);
                }}
              >
                {t('accountModals.terms.back')}
              </button>
            </div>
          </>
        ) : (
          <>
            <h2 id={titleId} className="dialog__title">
              {t('accountModals.terms.title')}
            </h2>
            <p className="muted">{t('accountModals.terms.intro', { version })}</p>
            {terms.data ? (
              <div
                className="terms-prompt__text"
                role="region"
                aria-label={t('accountModals.terms.textLabel', { version })}
                // Scrollable with the keyboard: the text can be longer than the box.
                tabIndex={0}
                lang={terms.data.locale.replace('_', '-')}
              >
                {terms.data.text}
              </div>
            ) : terms.isError ? (
              <p className="terms-prompt__grow form-error" role="alert">
                {t('accountModals.terms.loadFailed')}
              </p>
            ) : (
              <div className="terms-prompt__grow spinner-wrap">
                <Spinner />
              </div>
            )}
            {approve.isError && (
              <p className="form-error" role="alert">
                {t('accountModals.terms.failed')}
              </p>
            )}
            <div className="dialog__actions">
              <button
                type="button"
                className="btn btn--text"
                onClick={() => {
                  setDeclined(true);
                }}
              >
                {t('accountModals.terms.decline')}
              </button>
              <button
                type="button"
                className="btn btn--primary"
                disabled={!terms.data || approve.isPending}
                onClick={() => {
                  approve.mutate(version);
                }}
              >
                {t('accountModals.terms.accept')}
              </button>
            </div>
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
