import { useState } from 'react';
import { useIntl } from 'react-intl';
import { LOCALE_NAMES, LOCALES, PublishTermsBody, type Locale } from '@trove/contract';
import { z } from 'zod/mini';
import { isApiError } from '../../api/http-error.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useAdminTermsQuery, usePublishTermsMutation } from './api.ts';
import { TextArea } from './TextArea.tsx';
import { ConfirmDialog, FormAlert } from './ConfirmDialog.tsx';
import { AdminPage, useDateTime } from './AdminNav.tsx';

/**
 * /admin/terms (issue #24; spec 001 §4 Terms): the versions of the terms of service, latest
 * first, with how many accounts accepted each; and a new version, its text per language
 * (English required, the others fall back to it), published after a confirm: every account
 * is asked to accept it at its next visit.
 */
export function AdminTermsPage() {
  const intl = useIntl();
  const dateTime = useDateTime();
  const terms = useAdminTermsQuery();
  return (
    <AdminPage title="admin.terms.title">
      <PublishForm />
      <h2 className="admin__subtitle">{intl.formatMessage({ id: 'admin.terms.versions' })}</h2>
      {terms.isError && <QueryError error={terms.error} onRetry={() => void terms.refetch()} />}
      {!terms.data && !terms.isError && <PageSpinner />}
      {terms.data &&
        (terms.data.versions.length === 0 ? (
          <p className="admin__empty">{intl.formatMessage({ id: 'admin.terms.none' })}</p>
        ) : (
          <ul className="card card--list admin-list">
            {terms.data.versions.map((version, index) => (
              <li key={version.version} className="admin-row">
                <div className="admin-row__main">
                  <span className="admin-row__title">
                    <span>{version.version}</span>
                    {index === 0 && (
                      <span className="badge">{intl.formatMessage({ id: 'admin.terms.latest' })}</span>
                    )}
                  </span>
                  <span className="muted">
                    {intl.formatMessage(
                      { id: 'admin.terms.published' },
                      { date: dateTime(version.published_at), count: version.accepted },
                    )}
                  </span>
                  <span className="muted">
                    {version.locales.map((locale) => LOCALE_NAMES[locale]).join(', ')}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        ))}
    </AdminPage>
  );
}

type Texts = Record<Locale, string>;
const NO_TEXTS: Texts = { en_US: '', nb_NO: '', sv_SE: '', bg_BG: '' };

function PublishForm() {
  const intl = useIntl();
  const publish = usePublishTermsMutation();
  const [version, setVersion] = useState('');
  const [texts, setTexts] = useState<Texts>(NO_TEXTS);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<PublishTermsBody | null>(null);

  const submit = () => {
    const given = Object.fromEntries(LOCALES.filter((l) => texts[l].trim() !== '').map((l) => [l, texts[l]]));
    const parsed = z.safeParse(PublishTermsBody, { version: version.trim(), texts: given });
    if (!parsed.success) {
      const onVersion = parsed.error.issues.some((issue) => issue.path[0] === 'version');
      setProblem(
        intl.formatMessage({ id: onVersion ? 'admin.terms.badVersion' : 'admin.terms.needEnglish' }),
      );
      return;
    }
    setProblem(null);
    setConfirming(parsed.data);
  };

  const failure = publish.isError
    ? intl.formatMessage({
        id: isApiError(publish.error, 'conflict') ? 'admin.terms.exists' : 'admin.failed',
      })
    : null;

  return (
    <form
      className="card admin-form"
      aria-labelledby="admin-terms-new"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 id="admin-terms-new" className="card__title">
        {intl.formatMessage({ id: 'admin.terms.new' })}
      </h2>
      <TextField
        label={intl.formatMessage({ id: 'admin.terms.version' })}
        hint={intl.formatMessage({ id: 'admin.terms.versionHint' })}
        value={version}
        required
        maxLength={40}
        onChange={(event) => {
          setVersion(event.target.value);
        }}
      />
      {LOCALES.map((locale) => (
        <TextArea
          key={locale}
          label={intl.formatMessage(
            { id: locale === 'en_US' ? 'admin.terms.textRequired' : 'admin.terms.text' },
            { language: LOCALE_NAMES[locale] },
          )}
          lang={locale.replace('_', '-')}
          value={texts[locale]}
          onChange={(value) => {
            setTexts({ ...texts, [locale]: value });
          }}
        />
      ))}
      {(problem ?? failure) && <FormAlert text={problem ?? failure ?? ''} />}
      <div className="admin-form__actions">
        <button type="submit" className="btn btn--primary" disabled={publish.isPending}>
          {intl.formatMessage({ id: 'admin.terms.publish' })}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={intl.formatMessage({ id: 'admin.terms.confirmTitle' }, { version: confirming.version })}
          text={intl.formatMessage({ id: 'admin.terms.confirmText' })}
          confirmLabel={intl.formatMessage({ id: 'admin.terms.publish' })}
          onClose={() => {
            setConfirming(null);
          }}
          onConfirm={() => {
            publish.mutate(confirming, {
              onSuccess: () => {
                setVersion('');
                setTexts(NO_TEXTS);
              },
            });
            setConfirming(null);
          }}
        />
      )}
    </form>
  );
}
