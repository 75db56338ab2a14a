import { MAX_NAME_LENGTH } from '@trove/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { isNetworkError } from '../../api/http-error.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { loginPath } from '../../album-access/roles.ts';
import { becomeGuest } from './api.ts';

/** Props of {@link SignInPrompt}. */
export interface SignInPromptProps {
  albumId: string;
  /** Cancel, Escape or a click beside it: the request it was opened for is dropped. */
  onCancel: () => void;
  /** A guest token for the album is stored. */
  onIdentified: () => void;
}

/**
 * The sign-in prompt overlay of the comment panel (spec 000 §2; §4 "shows when user info is
 * required; cancelling denies the request"; §1, §6: a visitor comments after giving a name or
 * continuing as guest). A modal dialog: focus stays inside, Escape cancels. Comment as
 * {name} and Continue as guest ask POST /jobs/{id}/guests; Sign in goes to the login and
 * back to this page.
 */
export function SignInPrompt({ albumId, onCancel, onIdentified }: SignInPromptProps) {
  const intl = useIntl();
  const api = useApi();
  const location = useLocation();
  const nameId = useId();
  const [name, setName] = useState('');
  const join = useMutation({
    mutationFn: (asName: string) => becomeGuest(api, albumId, asName),
    onSuccess: onIdentified,
  });
  const trimmed = name.trim();
  return (
    <Dialog
      title={intl.formatMessage({ id: 'comments.prompt.title' })}
      onClose={onCancel}
      actions={
        <>
          <Link className="btn btn--text" to={loginPath(location.pathname + location.search)}>
            {intl.formatMessage({ id: 'common.signIn' })}
          </Link>
          <button type="button" className="btn btn--text" onClick={onCancel}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
        </>
      }
    >
      <p>{intl.formatMessage({ id: 'comments.prompt.text' })}</p>
      <form
        className="form sign-in-prompt__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed !== '' && !join.isPending) join.mutate(trimmed);
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={nameId}>
            {intl.formatMessage({ id: 'comments.prompt.name' })}
          </label>
          <input
            id={nameId}
            className="field__input"
            value={name}
            maxLength={MAX_NAME_LENGTH}
            autoComplete="name"
            onChange={(event) => {
              setName(event.target.value);
            }}
          />
        </div>
        {trimmed !== '' && (
          <button type="submit" className="btn btn--primary" disabled={join.isPending}>
            {intl.formatMessage({ id: 'comments.prompt.commentAs' }, { name: trimmed })}
          </button>
        )}
        <button
          type="button"
          className="btn btn--secondary"
          disabled={join.isPending}
          onClick={() => {
            join.mutate('');
          }}
        >
          {intl.formatMessage({ id: 'comments.prompt.guest' })}
        </button>
      </form>
      {join.isError && (
        <p className="form-error" role="alert">
          {intl.formatMessage({
            id: isNetworkError(join.error) ? 'common.offline' : 'comments.prompt.failed',
          })}
        </p>
      )}
    </Dialog>
  );
}
