import { PASSWORD_MAX_LENGTH } from '@trove/contract';
import { useIntl } from 'react-intl';
import { formText } from '../../lib/form-data.ts';
import { TextField } from '../../ui/TextField.tsx';
import { useSignInMutation } from './idp-api.ts';
import { IdpFormError } from './IdpFormError.tsx';

/** The sign-in form of the built-in identity provider: e-mail and password (POST /idp/sign-in). */
export function SignInForm({ state, onExpired }: { state: string; onExpired: () => void }) {
  const intl = useIntl();
  const signIn = useSignInMutation();
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        signIn.mutate(
          { state, email: formText(data, 'email'), password: formText(data, 'password') },
          {
            onSuccess: (result) => {
              window.location.assign(result.redirect_to);
            },
          },
        );
      }}
    >
      <TextField
        label={intl.formatMessage({ id: 'idp.email' })}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
      />
      <TextField
        label={intl.formatMessage({ id: 'idp.password' })}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
      />
      {signIn.isError && <IdpFormError error={signIn.error} onExpired={onExpired} />}
      <button type="submit" className="btn btn--primary btn--large btn--block" disabled={signIn.isPending}>
        {intl.formatMessage({ id: 'common.signIn' })}
      </button>
    </form>
  );
}
