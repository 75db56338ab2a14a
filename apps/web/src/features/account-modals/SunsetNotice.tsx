import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { useBrand } from '../../i18n/brand-context.tsx';
import { helpFor } from '../../i18n/help-link.ts';
import { useLocale } from '../../i18n/locale-store.ts';
import { AppLink } from '../../ui/AppLink.tsx';
import { useFocusTrap } from '../../ui/use-focus-trap.ts';
import { STORAGE_PATH } from '../storage/index.ts';
import { rememberSunsetSeen } from './seen.ts';

/*
 * The sunset-deletion notice (spec 001 §2: "shows a delete date"; §4: once, the flag
 * remembered; see the server's [Note: Sunset deletion]). Remembered per account and date in
 * this browser: a new date (the account was used, then idle again) shows again.
 */
/**
 * The notice itself: the date the account will be deleted and that using it keeps it, with
 * the spec's buttons for more info (the help page in the user's language, as the footer's)
 * and plans (the storage plans page). Each of them closes the notice for good, as OK does.
 */
export function SunsetNotice({
  userId,
  date,
  onClose,
}: {
  userId: string;
  date: number;
  onClose: () => void;
}) {
  const intl = useIntl();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const close = () => {
    rememberSunsetSeen(userId, date);
    onClose();
  };
  useFocusTrap(panelRef, close);
  const brand = useBrand();
  const locale = useLocale();
  const day = intl.formatDate(date * 1000, { dateStyle: 'long', timeZone: 'UTC' });
  return createPortal(
    <div className="backdrop backdrop--center">
      <div
        ref={panelRef}
        className="dialog sunset-notice"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="sunset-notice"
      >
        <h2 id={titleId} className="dialog__title">
          {intl.formatMessage({ id: 'accountModals.sunset.title' }, { date: day })}
        </h2>
        <p>{intl.formatMessage({ id: 'accountModals.sunset.body' }, { date: day })}</p>
        <p className="muted">{intl.formatMessage({ id: 'accountModals.sunset.keep' })}</p>
        <div className="dialog__actions">
          <AppLink href={helpFor(brand.helpUrl, locale)} className="btn btn--text" onClick={close}>
            {intl.formatMessage({ id: 'accountModals.sunset.moreInfo' })}
          </AppLink>
          <AppLink href={STORAGE_PATH} className="btn btn--text" onClick={close}>
            {intl.formatMessage({ id: 'accountModals.sunset.plans' })}
          </AppLink>
          <button type="button" className="btn btn--primary" onClick={close}>
            {intl.formatMessage({ id: 'accountModals.sunset.ok' })}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
