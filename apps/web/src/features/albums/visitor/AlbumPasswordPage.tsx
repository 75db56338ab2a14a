import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useApi } from '../../../api/api-context.tsx';
import { HttpError, isNetworkError } from '../../../api/http-error.ts';
import { Icon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { submitAlbumPassword } from './api-visitor.ts';

/**
 * The album password page (spec 000 §2, §5): the password becomes the album auth value in
 * the browser and is sent once; the grant that comes back opens the album (`onGranted`).
 * A wrong one shows 'incorrect password' (§8); too many tries ask the visitor to wait.
 */
export function AlbumPasswordPage({ albumId, onGranted }: { albumId: string; onGranted: () => void }) {
  const intl = useIntl();
  const api = useApi();
  const [password, setPassword] = useState('');
  const submit = useMutation({
    mutationFn: (value: string) => submitAlbumPassword(api, albumId, value),
    onSuccess: onGranted,
  });
  return (
    <section className="message-page">
      <div className="message-page__icon">
        <Icon name="albums" size={48} />
      </div>
      <h1>{intl.formatMessage({ id: 'albums.visitor.passwordTitle' })}</h1>
      <p>{intl.formatMessage({ id: 'albums.visitor.passwordText' })}</p>
      <form
        className="album-password"
        onSubmit={(event) => {
          event.preventDefault();
          if (password !== '') submit.mutate(password);
        }}
      >
        <TextField
          label={intl.formatMessage({ id: 'albums.visitor.passwordLabel' })}
          type="password"
          autoComplete="current-password"
          autoFocus
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
          {intl.formatMessage({ id: 'albums.visitor.passwordSubmit' })}
        </button>
      </form>
    </section>
  );
}

function passwordErrorText(intl: IntlShape, error: unknown): string {
  if (isNetworkError(error)) return intl.formatMessage({ id: 'common.offline' });
  if (error instanceof HttpError && error.status === 403)
    return intl.formatMessage({ id: 'albums.visitor.passwordIncorrect' });
  if (error instanceof HttpError && error.status === 429)
    return intl.formatMessage({ id: 'albums.visitor.passwordWait' });
  return intl.formatMessage({ id: 'common.genericError' });
}
