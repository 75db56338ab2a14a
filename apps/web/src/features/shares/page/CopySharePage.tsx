import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useParams } from 'react-router';
import { isApiError } from '../../../api/http-error.ts';
import { setPendingShareCopy } from '../../account-modals/index.ts';
import { useAccountInfoQuery } from '../../auth/api.ts';
import { Icon } from '../../../ui/icons.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { ShareNotFoundPage } from './ShareNotFoundPage.tsx';
import { copyFailureText, useCopyShareMutation } from './use-copy-share.ts';

/**
 * Route /share/{shareId}/copyShare (spec 000 §2): the login-gated copy of a share's files to
 * the timeline. It stands behind RequireAuth, so a visitor who chose Add to my photos signs
 * in first and lands back here, where the copy runs at once (spec 000 §6: a pending action
 * remembered). Shows how it went, with a way to the timeline and back to the share. A share
 * that wants its password again sends the user to it; one that is gone is share not found.
 */
export function CopySharePage() {
  const intl = useIntl();
  const { shareId = '' } = useParams();
  const copy = useCopyShareMutation(shareId);
  const back = `/share/${encodeURIComponent(shareId)}`;
  usePageTitle(intl.formatMessage({ id: 'sharePage.addToTimeline' }));
  // Once per visit of the route, also under StrictMode's double effects.
  const started = useRef(false);
  const { mutate } = copy;
  const account = useAccountInfoQuery().data;
  // spec 001 §4: a read-only user's copy waits for a subscription; the modal queue offers
  // one on the share's page and comes back here after a purchase.
  const isReadOnly = account?.is_read_only_user === true;
  useEffect(() => {
    if (started.current || account === undefined) return;
    started.current = true;
    if (isReadOnly) setPendingShareCopy(account.uuid, shareId);
    else mutate();
  }, [mutate, account, isReadOnly, shareId]);

  if (isReadOnly) return <Navigate to={back} replace />;

  if (isApiError(copy.error, 'password_required')) return <Navigate to={back} replace />;
  if (isApiError(copy.error, 'not_found')) return <ShareNotFoundPage />;
  if (copy.isError)
    return (
      <section className="message-page">
        <div className="message-page__icon">
          <Icon name="error" size={48} />
        </div>
        <h1>{copyFailureText(intl, copy.error)}</h1>
        <div className="button-row">
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              copy.mutate();
            }}
          >
            {intl.formatMessage({ id: 'common.tryAgain' })}
          </button>
          <Link className="btn btn--secondary" to={back} replace>
            {intl.formatMessage({ id: 'sharePage.backToShare' })}
          </Link>
        </div>
      </section>
    );
  if (!copy.data)
    return (
      <section className="message-page" aria-busy="true">
        <Spinner />
        <h1>{intl.formatMessage({ id: 'sharePage.adding' })}</h1>
      </section>
    );
  const { copied, failed } = copy.data;
  return (
    <section className="message-page">
      <div className="message-page__icon message-page__icon--done">
        <Icon name="check" size={48} />
      </div>
      <h1>{intl.formatMessage({ id: 'sharePage.added' }, { count: copied })}</h1>
      {failed > 0 && (
        <p className="notice notice--error" role="alert">
          {intl.formatMessage({ id: 'sharePage.someNotAdded' }, { count: failed })}
        </p>
      )}
      <div className="button-row">
        <Link className="btn btn--primary" to="/photos">
          {intl.formatMessage({ id: 'sharePage.goToPhotos' })}
        </Link>
        <Link className="btn btn--secondary" to={back}>
          {intl.formatMessage({ id: 'sharePage.backToShare' })}
        </Link>
      </div>
    </section>
  );
}
