import { PUBLISH_MESSAGE_MAX_LENGTH, PUBLISH_SUBJECT_MAX_LENGTH } from '@trove/contract';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../../api/api-context.tsx';
import { isApiError } from '../../../api/http-error.ts';
import { useLocale } from '../../../i18n/locale-store.ts';
import type { MessageId } from '../../../i18n/messages.ts';
import { useToasts } from '../../../ui/toasts.tsx';
import { publishJob } from './api.ts';
import type { ShareRequest } from '../../../dialog-requests/share-dialog.ts';
import { checkEmailForm, type EmailForm } from './model.ts';
import { SetNameDialog } from '../../albums/index.ts';
import type { ShareLink } from './use-share-link.ts';

/** Props of {@link EmailView}. */
export interface EmailViewProps {
  request: ShareRequest;
  link: ShareLink;
  /** The share's password, from the options view. */
  password: string;
  form: EmailForm;
  onFormChange: (form: EmailForm) => void;
  onBusyChange: (isBusy: boolean) => void;
  /** Back to the options; absent for an album invitation, which has no options. */
  onBack?: () => void;
  onClose: () => void;
}

/**
 * The e-mail view (spec 000 §4, §5): recipients (a comma-separated list, every entry a valid
 * address, else the invalid-input label), subject (required) and an optional message; Done
 * only when recipients and subject are valid. Done makes the share if there is none yet and
 * publishes it (POST /jobs/{shareId}/publish, in the UI's language); an album invitation
 * publishes the album itself. Success closes with a toast; a failure says so above the
 * buttons and keeps what was typed.
 */
export function EmailView(props: EmailViewProps) {
  const { request, form } = props;
  const intl = useIntl();
  const api = useApi();
  const toasts = useToasts();
  const locale = useLocale();
  const id = useId();
  const [isSending, setIsSending] = useState(false);
  // The failure shown above the buttons, if the last send failed.
  const [failure, setFailure] = useState<MessageId | null>(null);
  // spec 001 §4, §5: an invitation by someone without a name asks for it, then sends again.
  const [needsName, setNeedsName] = useState(false);
  const check = checkEmailForm(form);
  const isInvite = request.kind === 'invite';
  const text = (key: MessageId) => intl.formatMessage({ id: key });
  const formId = `${id}-form`;

  const setBusy = (isBusy: boolean) => {
    setIsSending(isBusy);
    props.onBusyChange(isBusy);
  };
  const send = async () => {
    if (!check.canSend || isSending) return;
    setBusy(true);
    setFailure(null);
    try {
      const jobId = isInvite ? request.albumId : (await props.link.ensureShare(props.password)).id;
      const { sent, delivery } = await publishJob(api, jobId, {
        to_email: form.recipients,
        subject: form.subject,
        message: form.message,
        locale,
      });
      // Mail the server only wrote to its outbox was not delivered: never claim it was (issue #23).
      const done: MessageId =
        delivery === 'outbox'
          ? 'shareDialog.email.outbox'
          : isInvite
            ? 'shareDialog.invite.sent'
            : 'shareDialog.email.sent';
      toasts.show({ kind: 'success', text: intl.formatMessage({ id: done }, { count: sent }) });
      props.onBusyChange(false);
      props.onClose();
    } catch (error) {
      setBusy(false);
      if (isApiError(error, 'user_name_required')) setNeedsName(true);
      else setFailure(failureOf(error, isInvite));
    }
  };
  const change = (field: keyof EmailForm) => (event: { target: { value: string } }) => {
    props.onFormChange({ ...form, [field]: event.target.value });
  };

  return (
    <>
      <form
        id={formId}
        className="dialog__body share-dialog__body"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <RecipientsField
          value={form.recipients}
          isValid={check.recipients !== null}
          isReadOnly={isSending}
          onChange={change('recipients')}
        />
        <div className="field">
          <label htmlFor={`${id}-subject`} className="field__label">
            {text('shareDialog.email.subject')}
          </label>
          <input
            id={`${id}-subject`}
            className="field__input"
            type="text"
            required
            maxLength={PUBLISH_SUBJECT_MAX_LENGTH}
            value={form.subject}
            readOnly={isSending}
            onChange={change('subject')}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-message`} className="field__label">
            {text('shareDialog.email.message')}
          </label>
          <textarea
            id={`${id}-message`}
            className="field__input share-dialog__message"
            rows={3}
            maxLength={PUBLISH_MESSAGE_MAX_LENGTH}
            value={form.message}
            readOnly={isSending}
            onChange={change('message')}
          />
        </div>
        {failure !== null && (
          <p className="form-error" role="alert">
            {text(failure)}
          </p>
        )}
      </form>
      <div className="dialog__actions">
        <button
          type="button"
          className="btn btn--text"
          disabled={isSending}
          onClick={props.onBack ?? props.onClose}
        >
          {text(props.onBack ? 'shareDialog.back' : 'common.cancel')}
        </button>
        <button
          type="submit"
          form={formId}
          className="btn btn--primary"
          disabled={!check.canSend || isSending}
          aria-busy={isSending || undefined}
        >
          {text('shareDialog.done')}
        </button>
      </div>
      {needsName && (
        <SetNameDialog
          onDone={() => {
            setNeedsName(false);
            void send();
          }}
          onCancel={() => {
            setNeedsName(false);
          }}
        />
      )}
    </>
  );
}

/**
 * The recipients (spec 000 §5): the invalid-input label shows once the field was left with
 * a list that is not every entry a valid address, and then follows the text.
 */
function RecipientsField(props: {
  value: string;
  isValid: boolean;
  isReadOnly: boolean;
  onChange: (event: { target: { value: string } }) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const [isTouched, setIsTouched] = useState(false);
  const isInvalid = isTouched && props.value.trim() !== '' && !props.isValid;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {intl.formatMessage({ id: 'shareDialog.email.to' })}
      </label>
      <input
        id={id}
        className="field__input"
        type="text"
        inputMode="email"
        autoComplete="email"
        required
        aria-invalid={isInvalid}
        aria-describedby={isInvalid ? `${id}-hint ${id}-invalid` : `${id}-hint`}
        value={props.value}
        readOnly={props.isReadOnly}
        onChange={props.onChange}
        onBlur={() => {
          setIsTouched(true);
        }}
      />
      <p id={`${id}-hint`} className="field__hint">
        {intl.formatMessage({ id: 'shareDialog.email.toHint' })}
      </p>
      {isInvalid && (
        <p id={`${id}-invalid`} className="form-error">
          {intl.formatMessage({ id: 'shareDialog.email.invalid' })}
        </p>
      )}
    </div>
  );
}

/** What a refused send says (the server's publish limits, issue #23), else the spec's failure text. */
function failureOf(error: unknown, isInvite: boolean): MessageId {
  if (isApiError(error, 'duplicate_recipient')) return 'shareDialog.email.duplicate';
  if (isApiError(error, 'already_sent')) return 'shareDialog.email.alreadySent';
  if (isApiError(error, 'rate_limited')) return 'shareDialog.email.tooMany';
  return isInvite ? 'shareDialog.invite.failed' : 'shareDialog.failed';
}
