import type { ShareLinkMarker } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from '../../../ui/Spinner.tsx';
import { shareLink, smsHref } from './model.ts';
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

/** Follows `href` as a click on a link would (an `sms:` link opens the messages app). */
function follow(href: string): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.click();
}

/**
 * The external options view (spec 000 §4 externalOptions): the link handed to a text
 * message (`sms:` with the `sms` marker, spec 000 §3) or, where the browser has the Web
 * Share API, to any other app ("More apps…", hidden elsewhere). Opening the view makes no
 * share (issue #23: it used to make one on the way in, a live link nobody asked for): the
 * dialog's one share is made when an option is chosen, or was made already by Copy link or
 * e-mail and is reused.
 */
export function ExternalOptionsView({ link, password, onFailed, onBack }: ExternalOptionsViewProps) {
  const intl = useIntl();
  const [isMaking, setIsMaking] = useState(false);
  const origin = window.location.origin;
  const madeSms = link.share ? shareLink(origin, link.share.id, 'sms') : link.visitorLink;

  /** Makes the link (once per dialog, See: useShareLink) and hands it to `use`. */
  const withLink = (marker: ShareLinkMarker | undefined, use: (url: string) => void) => {
    setIsMaking(true);
    link.ensureLink(password, marker).then(
      (url) => {
        setIsMaking(false);
        use(url);
      },
      () => {
        onFailed();
      },
    );
  };

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
        <ul className="share-dialog__options" aria-busy={isMaking}>
          <li>
            {madeSms !== null ? (
              <a className="share-option" href={smsHref(madeSms)}>
                <ShareIcon name="sms" />
                {intl.formatMessage({ id: 'shareDialog.external.sms' })}
              </a>
            ) : (
              <button
                type="button"
                className="share-option"
                disabled={isMaking}
                onClick={() => {
                  withLink('sms', (url) => {
                    follow(smsHref(url));
                  });
                }}
              >
                <ShareIcon name="sms" />
                {intl.formatMessage({ id: 'shareDialog.external.sms' })}
              </button>
            )}
          </li>
          {canShareToApps() && (
            <li>
              <button
                type="button"
                className="share-option"
                disabled={isMaking}
                onClick={() => {
                  withLink(undefined, handleMoreApps);
                }}
              >
                <ShareIcon name="apps" />
                {intl.formatMessage({ id: 'shareDialog.external.moreApps' })}
              </button>
            </li>
          )}
        </ul>
        {isMaking && (
          <div className="share-dialog__creating" role="status">
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
