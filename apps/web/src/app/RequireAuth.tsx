import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../api/api-context.tsx';
import { prefetchTimeline } from '../features/library/api.ts';
import { Navigate, Outlet, useLocation } from 'react-router';
import { dispatchLogin, useLoginState } from '../api/login-store.ts';
import { Icon } from '../ui/icons.tsx';
import { PageSpinner } from '../ui/PageSpinner.tsx';
import { ModalQueueGate } from '../features/account-modals/index.ts';
import { PartBoundary } from '../ui/ScreenBoundary.tsx';

/**
 * Guards the signed-in screens: renders them when AUTHENTICATED, waits while FETCHING, offers
 * a retry when account info could not be fetched offline, and otherwise sends the user to the
 * login page with a way back here.
 */
export function RequireAuth() {
  const { status, notice } = useLoginState();
  const location = useLocation();
  const api = useApi();
  const queryClient = useQueryClient();
  const isFetching = status === 'FETCHING';
  const isTimeline = location.pathname.startsWith('/photos');
  // The unfiltered grid itself (not the viewer, not a filter): its first months' files too.
  const isGrid =
    /^\/photos\/?$/.test(location.pathname) && !new URLSearchParams(location.search).has('filter');
  useEffect(() => {
    // The account check and the timeline's first calls in parallel, not one after another.
    if (isFetching && isTimeline) void prefetchTimeline(queryClient, api, { files: isGrid });
  }, [isFetching, isTimeline, isGrid, queryClient, api]);
  switch (status) {
    case 'AUTHENTICATED':
      return (
        <>
          <Outlet />
          <PartBoundary>
            <ModalQueueGate />
          </PartBoundary>
        </>
      );
    case 'FETCHING':
      return <PageSpinner />;
    case 'FAILED':
      if (notice === 'offline') return <OfflineRetry />;
      if (notice === 'user_disabled') return <Navigate to="/error/user_disabled" replace />;
      break;
    case 'NOT_STARTED':
      // An account being deleted has no page to come back to.
      if (notice === 'account_deleted') return <Navigate to="/login" replace />;
      break;
    case 'UNAUTHENTICATED':
      break;
  }
  const redir = location.pathname + location.search;
  return <Navigate to={`/login?redir=${encodeURIComponent(redir)}`} replace />;
}

function OfflineRetry() {
  const intl = useIntl();
  return (
    <section className="message-page">
      <div className="message-page__icon">
        <Icon name="cloudOff" size={48} />
      </div>
      <h1>{intl.formatMessage({ id: 'common.offline' })}</h1>
      <p>{intl.formatMessage({ id: 'boot.offlineText' })}</p>
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => {
          dispatchLogin({ type: 'RETRY' });
        }}
      >
        {intl.formatMessage({ id: 'common.tryAgain' })}
      </button>
    </section>
  );
}
