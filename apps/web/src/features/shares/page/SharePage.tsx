import { SHARE_MARKER_PARAM, ShareLinkMarker } from '@trove/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import { QueryError } from '../../../ui/QueryError.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useTrackEvent } from '../../analytics/api.ts';
import { useLoginState } from '../../../api/login-store.ts';
import { shareKeys, shareLoadFailureOf, useShareQuery } from './api.ts';
import { ShareNotFoundPage } from './ShareNotFoundPage.tsx';
import { SharePasswordPage } from './SharePasswordPage.tsx';
import { ShareView } from './ShareView.tsx';

/**
 * Route /share/{shareId}: the share receiver page (spec 000 §2 Share page, §6 Visitor and
 * Share owner). Asks for the share once the login check is over (the answer depends on who
 * asks) and shows the files, the password page (403 password_required), or share not
 * found (unknown, expired, stopped: the server answers them alike). The link's `?m=` marker
 * (spec 000 §3 link suffix markers) is read once and dropped from the address bar.
 */
export function SharePage() {
  const intl = useIntl();
  const { shareId = '' } = useParams();
  const login = useLoginState();
  const isSignedIn = login.status === 'AUTHENTICATED';
  const share = useShareQuery(shareId, isSignedIn, login.status !== 'FETCHING');
  const queryClient = useQueryClient();
  // Stopped by its owner on this page: share not found from now on (spec 000 §6).
  const [isStopped, setIsStopped] = useState(false);
  usePageTitle(intl.formatMessage({ id: 'sharePage.pageTitle' }));
  useLinkMarker();

  if (isStopped) return <ShareNotFoundPage />;
  if (share.data)
    return (
      <ShareView
        share={share.data}
        isSignedIn={isSignedIn}
        onStopped={() => {
          setIsStopped(true);
          queryClient.removeQueries({ queryKey: shareKeys.all });
        }}
      />
    );
  if (!share.isError) return <PageSpinner />;
  switch (shareLoadFailureOf(share.error)) {
    case 'password':
      return (
        <SharePasswordPage
          shareId={shareId}
          onGranted={() => {
            void share.refetch();
          }}
        />
      );
    case 'notFound':
      return <ShareNotFoundPage />;
    case 'failed':
      return (
        <QueryError
          error={share.error}
          onRetry={() => {
            void share.refetch();
          }}
        />
      );
  }
}

/**
 * Reads the link's marker (where it was handed out: e-mail, SMS, copied link), reports it
 * as a usage event (sent only with the account's consent), and replaces the address without
 * it (history.replaceState, through the router so it knows), so a link copied from the
 * address bar does not carry someone else's marker.
 */
function useLinkMarker() {
  const trackEvent = useTrackEvent();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const value = params.get(SHARE_MARKER_PARAM);
    if (value === null) return;
    const marker = ShareLinkMarker.safeParse(value);
    if (marker.success) trackEvent('share_link_opened', { marker: marker.data });
    params.delete(SHARE_MARKER_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search && `?${search}`, hash: location.hash },
      { replace: true, state: location.state as unknown },
    );
  }, [location, navigate, trackEvent]);
}
