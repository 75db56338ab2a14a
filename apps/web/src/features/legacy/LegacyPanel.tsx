import {
  LEGACY_CHOICES,
  LEGACY_CONTACT_FIELDS,
  LEGACY_MAX_LENGTH,
  type LegacyChoice,
  type LegacyContactField,
  type LegacyFieldProblem,
} from '@trove/contract';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { HttpError, isNetworkError } from '../../api/http-error.ts';
import { isFreshLoginRequired } from '../../api/fresh-login.ts';
import { useLocale } from '../../i18n/locale-store.ts';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { useLegacyQuery, useSaveLegacy } from './api.ts';
import {
  EMPTY_CONTACT,
  contactProblems,
  fieldsOfIssues,
  isContactValid,
  toContact,
  type ContactDraft,
} from './model.ts';
import './legacy.css';

const INPUT_TYPE: Record<LegacyContactField, string> = {
  name: 'text',
  phone_number: 'tel',
  email_address: 'email',
  address: 'text',
};
const AUTOCOMPLETE: Record<LegacyContactField, string> = {
  name: 'off',
  phone_number: 'off',
  email_address: 'off',
  address: 'off',
};

/**
 * The digital legacy part of the privacy page (spec 001 §2, §3, §5): the three choices, and
 * for "provide to a contact" the contact's four fields, each checked by the contract's rules
 * as the user types (shown once a field was left or a save tried); Confirm stays disabled
 * until the choice is complete; the server's refusal is shown in the form, by field when it
 * names one. Behind a fresh sign-in: a stale session leaves for sign-in and comes back
 * ([Note: Fresh login on the web]).
 */
export function LegacyPanel() {
  const intl = useIntl();
  const stored = useLegacyQuery();
  if (stored.isError && !isFreshLoginRequired(stored.error))
    return (
      <p className="notice notice--error" role="alert">
        {intl.formatMessage({ id: 'legacy.loadFailed' })}
      </p>
    );
  // Pending, or leaving for a fresh sign-in.
  if (!stored.data) return <PageSpinner />;
  const data = stored.data.digital_legacy_data;
  return <LegacyForm choice={data?.choice ?? null} contact={data?.contact_information[0] ?? EMPTY_CONTACT} />;
}

/** The form, filled with the stored choice. */
function LegacyForm(props: { choice: LegacyChoice | null; contact: ContactDraft }) {
  const intl = useIntl();
  const locale = useLocale();
  const save = useSaveLegacy();
  const [choice, setChoice] = useState<LegacyChoice | null>(props.choice);
  const [draft, setDraft] = useState<ContactDraft>(props.contact);
  const [touched, setTouched] = useState<ReadonlySet<LegacyContactField>>(new Set());
  const baseId = useId();

  const wantsContact = choice === 'provide_content_to_contact';
  const problems = contactProblems(draft);
  const serverFields =
    save.error instanceof HttpError && save.error.code === 'validation_failed'
      ? fieldsOfIssues(save.error.issues)
      : [];
  const canConfirm = choice !== null && (!wantsContact || isContactValid(draft)) && !save.isPending;

  const problemText = (problem: LegacyFieldProblem) => intl.formatMessage({ id: `legacy.error.${problem}` });

  const submit = () => {
    setTouched(new Set(LEGACY_CONTACT_FIELDS));
    if (!canConfirm) return;
    save.mutate({
      choice,
      language: locale,
      contact_information: wantsContact ? [toContact(draft)] : [],
    });
  };

  return (
    <section className="card legacy" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="card__title">
        <Icon name="person" size={20} />
        {intl.formatMessage({ id: 'legacy.title' })}
      </h2>
      <p className="muted">{intl.formatMessage({ id: 'legacy.intro' })}</p>
      <form
        className="form legacy__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="legacy__choices">
          <legend className="field__label">{intl.formatMessage({ id: 'legacy.choiceLegend' })}</legend>
          {LEGACY_CHOICES.map((option) => (
            <label key={option} className="legacy__choice">
              <input
                type="radio"
                name={`${baseId}-choice`}
                value={option}
                checked={choice === option}
                onChange={() => {
                  setChoice(option);
                  save.reset();
                }}
              />
              <span>{intl.formatMessage({ id: `legacy.choice.${option}` })}</span>
            </label>
          ))}
        </fieldset>
        {wantsContact && (
          <fieldset className="legacy__contact">
            <legend className="field__label">{intl.formatMessage({ id: 'legacy.contactTitle' })}</legend>
            <p className="notice notice--info" role="note">
              {intl.formatMessage({ id: 'legacy.notice' })}
            </p>
            <p className="muted legacy__required-hint">{intl.formatMessage({ id: 'legacy.requiredHint' })}</p>
            {LEGACY_CONTACT_FIELDS.map((field) => {
              const id = `${baseId}-${field}`;
              const problem = touched.has(field) ? problems[field] : null;
              const fromServer = problem === null && serverFields.includes(field);
              const error = problem ? problemText(problem) : fromServer ? problemText('invalid') : null;
              return (
                <div key={field} className="field">
                  <label className="field__label" htmlFor={id}>
                    {intl.formatMessage({ id: `legacy.field.${field}` })}
                    <span aria-hidden="true"> *</span>
                  </label>
                  <input
                    id={id}
                    className="field__input"
                    type={INPUT_TYPE[field]}
                    autoComplete={AUTOCOMPLETE[field]}
                    required
                    maxLength={LEGACY_MAX_LENGTH[field]}
                    value={draft[field]}
                    aria-invalid={error !== null}
                    aria-describedby={error ? `${id}-error` : undefined}
                    onChange={(event) => {
                      setDraft({ ...draft, [field]: event.target.value });
                    }}
                    onBlur={() => {
                      setTouched(new Set([...touched, field]));
                    }}
                  />
                  {error && (
                    <p id={`${id}-error`} className="form-error">
                      {error}
                    </p>
                  )}
                </div>
              );
            })}
          </fieldset>
        )}
        {save.isError && !isFreshLoginRequired(save.error) && (
          <p className="form-error" role="alert">
            {isNetworkError(save.error)
              ? intl.formatMessage({ id: 'common.offline' })
              : intl.formatMessage({ id: 'legacy.saveFailed' })}
          </p>
        )}
        {save.isSuccess && (
          <p className="notice notice--info" role="status">
            {intl.formatMessage({ id: 'legacy.saved' })}
          </p>
        )}
        <div className="legacy__actions">
          <button type="submit" className="btn btn--primary" disabled={!canConfirm}>
            {intl.formatMessage({ id: save.isPending ? 'legacy.saving' : 'legacy.confirm' })}
          </button>
        </div>
      </form>
    </section>
  );
}
