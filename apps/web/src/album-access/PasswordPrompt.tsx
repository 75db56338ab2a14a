import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { isNetworkError } from '../api/http-error.ts';
import { TextField } from '../ui/TextField.tsx';

/** The words of one password page; each area gives its own (See: [Note: Message areas]). */
export interface PasswordPromptTexts {
  title: string;
  text: string;
  label: string;
  submit: string;
}

/**
 * A password page (spec 000 §2 password-required pages, §5): the value is sent once with
 * `send`; its success opens what it guards (`onGranted`). `failureText` names a refused try
 * (403, 429: each page says what fits it); offline and anything else read the common texts.
 * The album's and the share's password pages are this, with their own words and sending.
 */
export function PasswordPrompt(props: {
  icon: ReactNode;
  texts: PasswordPromptTexts;
  className: string;
  maxLength?: number;
  send: (value: string) => Promise<unknown>;
  onGranted: () => void;
  failureText: (error: unknown) => string | undefined;
}) {
  const { texts } = props;
  const intl = useIntl();
  const [password, setPassword] = useState('');
  const submit = useMutation({ mutationFn: props.send, onSuccess: props.onGranted });
  const errorText = (error: unknown) =>
    isNetworkError(error)
      ? intl.formatMessage({ id: 'common.offline' })
      : (props.failureText(error) ?? intl.formatMessage({ id: 'common.genericError' }));
  return (
    <section className="message-page">
      <div className="message-page__icon">{props.icon}</div>
      <h1>{texts.title}</h1>
      <p>{texts.text}</p>
      <form
        className={props.className}
        onSubmit={(event) => {
          event.preventDefault();
          if (password !== '' && !submit.isPending) submit.mutate(password);
        }}
      >
        <TextField
          label={texts.label}
          type="password"
          autoComplete="current-password"
          autoFocus
          {...(props.maxLength !== undefined && { maxLength: props.maxLength })}
          value={password}
          aria-invalid={submit.isError}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            if (submit.isError) submit.reset();
          }}
        />
        {submit.isError && (
          <p className="notice notice--error" role="alert">
            {errorText(submit.error)}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={password === '' || submit.isPending}>
          {texts.submit}
        </button>
      </form>
    </section>
  );
}
