import { MAX_NAME_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@trove/contract';
import { useIntl } from 'react-intl';
import { formText } from '../../lib/form-data.ts';
import { TextField } from '../../ui/TextField.tsx';
import { useSignUpMutation } from './idp-api.ts';
import { IdpFormError } from './IdpFormError.tsx';

/** The create-account form of the built-in identity provider: name, e-mail, password (POST /idp/sign-up). */
export function SignUpForm({ state, onExpired }: { state: string; onExpired: () => void }) {
  const intl = useIntl();
  const signUp = useSignUpMutation();
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        signUp.mutate(
          {
            state,
            name: formText(data, 'name'),
            email: formText(data, 'email'),
            password: formText(data, 'password'),
          },
          {
            onSuccess: (result) => {
              window.location.assign(result.redirect_to);
            },
          },
        );
      }}
    >
      <TextField
        label={intl.formatMessage({ id: 'idp.name' })}
        name="name"
        autoComplete="name"
        required
        maxLength={MAX_NAME_LENGTH}
      />
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
        hint={intl.formatMessage({ id: 'idp.passwordHint' }, { min: PASSWORD_MIN_LENGTH })}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
      />
      {signUp.isError && <IdpFormError error={signUp.error} onExpired={onExpired} />}
      <button type="submit" className="btn btn--primary btn--large btn--block" disabled={signUp.isPending}>
        {intl.formatMessage({ id: 'login.createAccount' })}
      </button>
    </form>
  );
}
