import { LOCALE_NAMES, LOCALES, type Locale } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { TextField } from '../../ui/TextField.tsx';
import { useAnnounceMutation } from './api.ts';
import { AnnouncementList } from './AnnouncementList.tsx';
import { AdminPage } from './AdminNav.tsx';
import { TextArea } from './TextArea.tsx';
import { ConfirmDialog, FormAlert } from './ConfirmDialog.tsx';

/**
 * /admin/announcements (issue #24): the operator writes an e-mail that goes to every account
 * whose stay_up_to_date__email consent holds, each message with its own unsubscribe link
 * and the one-click headers (RFC 8058). Asks before sending; the sending is queued, and the
 * list below shows how far each announcement got.
 */
export function AdminAnnouncementsPage() {
  const intl = useIntl();
  const announce = useAnnounceMutation();
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [locale, setLocale] = useState<Locale>('en_US');
  const [problem, setProblem] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <AdminPage title="admin.announcements.title">
      <form
        className="card admin-form"
        aria-labelledby="admin-announcement-new"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const missing = subject.trim() === '' || text.trim() === '';
          setProblem(missing);
          if (!missing) setConfirming(true);
        }}
      >
        <h2 id="admin-announcement-new" className="card__title">
          {intl.formatMessage({ id: 'admin.announcements.new' })}
        </h2>
        <p className="muted">{intl.formatMessage({ id: 'admin.announcements.intro' })}</p>
        <TextField
          label={intl.formatMessage({ id: 'admin.announcements.subject' })}
          value={subject}
          required
          maxLength={200}
          onChange={(event) => {
            setSubject(event.target.value);
          }}
        />
        <TextArea
          label={intl.formatMessage({ id: 'admin.announcements.text' })}
          value={text}
          rows={8}
          maxLength={20_000}
          onChange={setText}
        />
        <label className="field">
          <span className="field__label">
            {intl.formatMessage({ id: 'admin.announcements.footerLanguage' })}
          </span>
          <select
            className="field__input"
            value={locale}
            onChange={(event) => {
              setLocale(event.target.value as Locale);
            }}
          >
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
        {(problem || announce.isError) && (
          <FormAlert
            text={intl.formatMessage({ id: problem ? 'admin.announcements.missing' : 'admin.failed' })}
          />
        )}
        {announce.data && (
          <p className="notice notice--info" role="status">
            {intl.formatMessage({ id: 'admin.announcements.queued' }, { total: announce.data.total })}
          </p>
        )}
        <div className="admin-form__actions">
          <button type="submit" className="btn btn--primary" disabled={announce.isPending}>
            {intl.formatMessage({ id: 'admin.announcements.send' })}
          </button>
        </div>
        {confirming && (
          <ConfirmDialog
            title={intl.formatMessage({ id: 'admin.announcements.confirmTitle' })}
            text={intl.formatMessage({ id: 'admin.announcements.confirmText' })}
            confirmLabel={intl.formatMessage({ id: 'admin.announcements.send' })}
            onClose={() => {
              setConfirming(false);
            }}
            onConfirm={() => {
              announce.mutate(
                { subject, text, locale },
                {
                  onSuccess: () => {
                    setSubject('');
                    setText('');
                  },
                },
              );
              setConfirming(false);
            }}
          />
        )}
      </form>
      <AnnouncementList />
    </AdminPage>
  );
}
