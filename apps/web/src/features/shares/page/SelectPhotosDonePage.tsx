import type { ShareInfo } from '@trove/contract';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { Icon } from '../../../ui/icons.tsx';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useToasts } from '../../../ui/toasts.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { shareLoadFailureOf, useShareQuery } from './api.ts';
import { ShareIcon } from './share-icons.tsx';
import { ShareNotFoundPage } from './ShareNotFoundPage.tsx';
import { findOpener, postToOpener, SELECT_PHOTOS_MESSAGE, shareUrl } from './select-photos.ts';

/**
 * Route /selectPhotos/{shareId} (spec 000 §2 end of external photo selection; See: [Note:
 * Select photos]): the share made of the chosen files, its link, and the link handed to the
 * window that opened this one (same origin only); then the window may close. Only the
 * share's owner gets this far: for anyone else, and for a share that is gone, the id is
 * share not found, and nothing is posted.
 */
export function SelectPhotosDonePage() {
  const { shareId = '' } = useParams();
  const share = useShareQuery(shareId, true, true);
  if (share.data) {
    if (!share.data.is_owner) return <ShareNotFoundPage />;
    return <Done share={share.data} />;
  }
  if (!share.isError) return <PageSpinner />;
  if (shareLoadFailureOf(share.error) !== 'failed') return <ShareNotFoundPage />;
  return (
    <QueryError
      error={share.error}
      onRetry={() => {
        void share.refetch();
      }}
    />
  );
}

function Done({ share }: { share: ShareInfo }) {
  const intl = useIntl();
  const toasts = useToasts();
  const title = intl.formatMessage({ id: 'sharePage.select.doneTitle' });
  usePageTitle(title);
  const url = shareUrl(window.location.origin, share.id);
  const isPosted = usePostOnce(share.id, url);
  const count = share.thumbFiles.length + share.docFiles.length;
  const date = intl.formatDate(share.expires * 1000, { dateStyle: 'long' });
  const copy = () => {
    navigator.clipboard.writeText(url).then(
      () => toasts.show({ kind: 'success', text: intl.formatMessage({ id: 'sharePage.select.copied' }) }),
      () => toasts.show({ kind: 'error', text: intl.formatMessage({ id: 'sharePage.select.copyFailed' }) }),
    );
  };
  return (
    <section className="message-page select-photos-done">
      <div className="message-page__icon message-page__icon--done">
        <ShareIcon name="link" size={48} />
      </div>
      <h1>{title}</h1>
      <p>{intl.formatMessage({ id: 'sharePage.select.doneText' }, { count, date })}</p>
      <div className="select-photos-done__link">
        <TextField
          label={intl.formatMessage({ id: 'sharePage.select.link' })}
          value={url}
          readOnly
          onFocus={(event) => {
            event.currentTarget.select();
          }}
        />
        <button type="button" className="btn btn--secondary" onClick={copy}>
          {intl.formatMessage({ id: 'sharePage.select.copyLink' })}
        </button>
      </div>
      {isPosted && (
        <p className="notice" role="status">
          {intl.formatMessage({ id: 'sharePage.select.sent' })}
        </p>
      )}
      <div className="button-row">
        {isPosted ? (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              window.close();
            }}
          >
            {intl.formatMessage({ id: 'sharePage.select.closeWindow' })}
          </button>
        ) : (
          <Link className="btn btn--primary" to="/photos">
            <Icon name="photos" size={20} />
            {intl.formatMessage({ id: 'sharePage.goToPhotos' })}
          </Link>
        )}
        <Link className="btn btn--secondary" to={`/share/${encodeURIComponent(share.id)}`}>
          {intl.formatMessage({ id: 'sharePage.select.openShare' })}
        </Link>
      </div>
    </section>
  );
}

/**
 * Posts the share to the opener once per page (also under StrictMode's double effects);
 * answers whether there is an opener to post to.
 */
function usePostOnce(shareId: string, url: string): boolean {
  const [opener] = useState(findOpener);
  const posted = useRef<string | null>(null);
  useEffect(() => {
    if (posted.current === shareId) return;
    posted.current = shareId;
    const message = { type: SELECT_PHOTOS_MESSAGE, shareId, url } as const;
    postToOpener(message, window.location.origin, opener);
  }, [shareId, url, opener]);
  return opener !== null;
}
