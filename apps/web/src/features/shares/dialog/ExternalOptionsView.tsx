import { useEffect, useEffectEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from '../../../ui/Spinner.tsx';
import { smsHref } from './model.ts';
import { ShareIcon } from './share-icons.tsx';
import type { ShareLink } from './use-share-link.ts';

/** Props of {@link ExternalOptionsView}. */
export interface ExternalOptionsViewProps {
  link: ShareLink;
  password: string;
  /** The link could not be made (spec 000 §8): the dialog shows why, then the options. */
  onFailed: () => void;
  onBack: () => void;
}

/** Whether this browser hands links to other apps (the Web Share API). */
function canShareToApps(): boolean {
  return typeof navigator.share === 'function';
}

/**
 * The external options view (spec 000 §4 externalOptions): the link, made on the way in,
 * handed to a text message (`sms:` with the `sms` marker, spec 000 §3) or, where the browser
 * has the Web Share API, to any other app ("More apps…", hidden elsewhere).
 */
export function ExternalOptionsView({ link, password, onFailed, onBack }: ExternalOptionsViewProps) {
  const intl = useIntl();
  const [links, setLinks] = useState<{ sms: string; plain: string } | null>(null);
  const makeLinks = useEffectEvent(() =>
    Promise.all([link.ensureLink(password, 'sms'), link.ensureLink(password)]),
  );
  const fail = useEffectEvent(onFailed);
  useEffect(() => {
    let isCurrent = true;
    makeLinks().then(
      ([sms, plain]) => {
        if (isCurrent) setLinks({ sms, plain });
      },
      () => {
        if (isCurrent) fail();
      },
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  const handleMoreApps = (url: string) => {
    const title = intl.formatMessage({ id: 'shareDialog.external.shareTitle' });
    navigator.share({ title, url }).catch((error: unknown) => {
      // AbortError: the person closed the browser's share sheet.
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        console.warn('sharing to another app failed:', error instanceof Error ? error.message : error);
    });
  };

  return (
    <>
      <div className="dialog__body share-dialog__body">
        {links ? (
          <ul className="share-dialog__options">
            <li>
              <a className="share-option" href={smsHref(links.sms)}>
                <ShareIcon name="sms" />
                {intl.formatMessage({ id: 'shareDialog.external.sms' })}
              </a>
            </li>
            {canShareToApps() && (
              <li>
                <button
                  type="button"
                  className="share-option"
                  onClick={() => {
                    handleMoreApps(links.plain);
                  }}
                >
                  <ShareIcon name="apps" />
                  {intl.formatMessage({ id: 'shareDialog.external.moreApps' })}
                </button>
              </li>
            )}
          </ul>
        ) : (
          <div className="share-dialog__creating">
            <Spinner size={24} />
            <span>{intl.formatMessage({ id: 'shareDialog.creating' })}</span>
          </div>
        )}
      </div>
      <div className="dialog__actions">
        <button type="button" className="btn btn--text" onClick={onBack}>
          {intl.formatMessage({ id: 'shareDialog.back' })}
        </button>
      </div>
    </>
  );
}
