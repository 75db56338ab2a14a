import { SHARE_PASSWORD_MAX_LENGTH } from '@trove/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useApi } from '../../../api/api-context.tsx';
import { HttpError, isNetworkError } from '../../../api/http-error.ts';
import { TextField } from '../../../ui/TextField.tsx';
import { submitSharePassword } from './api.ts';
import { ShareIcon } from './share-icons.tsx';

/**
 * The password page of a share (spec 000 §2, §5): the password goes as entered, once, in the
 * body of POST /shares/{id}/auth; the grant that comes back opens the share (`onGranted`).
 * A wrong one shows 'incorrect password' (spec 000 §8), and so does a throttled try: an
 * answer that told the two apart would tell a guesser when to stop.
 */
export function SharePasswordPage({ shareId, onGranted }: { shareId: string; onGranted: () => void }) {
  const intl = useIntl();
  const api = useApi();
  const [password, setPassword] = useState('');
  const submit = useMutation({
    mutationFn: (value: string) => submitSharePassword(api, shareId, value),
    onSuccess: onGranted,
  });
  return (
    <section className="message-page">
      <div className="message-page__icon">
        <ShareIcon name="lock" size={48} />
      </div>
      <h1>{intl.formatMessage({ id: 'sharePage.password.title' })}</h1>
      <p>{intl.formatMessage({ id: 'sharePage.password.text' })}</p>
      <form
        className="share-password"
        onSubmit={(event) => {
          event.preventDefault();
          if (password !== '' && !submit.isPending) submit.mutate(password);
        }}
      >
        <TextField
          label={intl.formatMessage({ id: 'sharePage.password.label' })}
          type="password"
          autoComplete="current-password"
          autoFocus
          maxLength={SHARE_PASSWORD_MAX_LENGTH}
          value={password}
          aria-invalid={submit.isError}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            if (submit.isError) submit.reset();
          }}
        />
        {submit.isError && (
          <p className="notice notice--error" role="alert">
            {passwordErrorText(intl, submit.error)}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={password === '' || submit.isPending}>
          {intl.formatMessage({ id: 'sharePage.password.submit' })}
        </button>
      </form>
    </section>
  );
}

function passwordErrorText(intl: IntlShape, error: unknown): string {
  if (isNetworkError(error)) return intl.formatMessage({ id: 'common.offline' });
  if (error instanceof HttpError && (error.status === 403 || error.status === 429))
    return intl.formatMessage({ id: 'sharePage.password.incorrect' });
  return intl.formatMessage({ id: 'common.genericError' });
}
