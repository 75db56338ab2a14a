import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { idpErrorMessage } from './idp-errors.ts';

/** The failure of a sign-in or sign-up form; an expired pending login switches the page to its expired view. */
export function IdpFormError({ error, onExpired }: { error: unknown; onExpired: () => void }) {
  const intl = useIntl();
  const message = idpErrorMessage(error);
  useEffect(() => {
    if (message === 'expired') onExpired();
  }, [message, onExpired]);
  if (message === 'expired') return null;
  return (
    <p className="form-error" role="alert">
      {intl.formatMessage({ id: message })}
    </p>
  );
}
