import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useApi } from '../../../api/api-context.tsx';
import { isApiError, isNetworkError } from '../../../api/http-error.ts';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import { useToasts } from '../../../ui/toasts.tsx';
import { ACCOUNT_ACTION_EVENTS, useTrackEvent } from '../../analytics/api.ts';
import { timelineKeys } from '../../library/api.ts';
import { albumKeys } from '../api.ts';
import { newAlbumPath } from '../route-params.ts';
import { copyToTimeline, subscribeToAlbum } from './api-visitor.ts';

/** The login-gated actions on a shared album (spec 000 §2). */
export type VisitorAction = 'subscribe' | 'copyAlbum' | 'createNew';

/**
 * Routes /a/{albumId}/subscribe, /a/{albumId}/copyAlbum, /a/{albumId}/{fileId}/copyAlbum and
 * /a/{albumId}/createNew. They stand behind RequireAuth, which sends a signed-out user to
 * the login with this path to come back to, so the action resumes after sign-in (spec 000
 * §6: a pending action remembered). Subscribe joins and opens /albums/{id}; copyAlbum puts
 * the whole album, or one file, into the user's timeline; createNew opens album creation.
 */
export function VisitorActionPage({ action }: { action: VisitorAction }) {
  const { albumId = '', fileId } = useParams();
  const back = `/a/${encodeURIComponent(albumId)}`;
  // Album creation is its own two-step route (spec 000 §2 /albums/{id}/edit/{tab}).
  if (action === 'createNew') return <Navigate to={newAlbumPath()} replace />;
  return <RunAction action={action} albumId={albumId} fileId={fileId} back={back} />;
}

function RunAction(props: {
  action: 'subscribe' | 'copyAlbum';
  albumId: string;
  fileId: string | undefined;
  back: string;
}) {
  const { action, albumId, fileId, back } = props;
  const intl = useIntl();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toasts = useToasts();
  const track = useTrackEvent();
  const run = useMutation({
    mutationFn: async () => {
      if (action === 'subscribe') {
        const album = await subscribeToAlbum(api, albumId);
        track(ACCOUNT_ACTION_EVENTS.albumSubscription, { context: 'album_receiver' });
        queryClient.setQueryData(albumKeys.one(album.id), album);
        void queryClient.invalidateQueries({ queryKey: albumKeys.list() });
        await navigate(`/albums/${encodeURIComponent(albumId)}`, { replace: true });
        return;
      }
      const { results } = await copyToTimeline(api, albumId, fileId);
      void queryClient.invalidateQueries({ queryKey: timelineKeys.all });
      const count = results.filter((result) => result.status === 'ok').length;
      if (count === 0 && results.length > 0) throw new Error('nothing copied');
      toasts.show({ kind: 'success', text: intl.formatMessage({ id: 'albums.visitor.copied' }, { count }) });
      await navigate('/photos', { replace: true });
    },
  });
  // Once per visit of the route, also under StrictMode's double effects.
  const started = useRef(false);
  const { mutate } = run;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (!run.isError) return <PageSpinner />;
  return (
    <section className="message-page">
      <h1>{failureText(intl, action, fileId !== undefined, run.error)}</h1>
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => {
          run.mutate();
        }}
      >
        {intl.formatMessage({ id: 'common.tryAgain' })}
      </button>
      <Link className="btn btn--secondary" to={back} replace>
        {intl.formatMessage({ id: 'albums.visitor.backToAlbum' })}
      </Link>
    </section>
  );
}

/** Spec 000 §8: add-to-album/timeline failures, out of storage, offline. */
function failureText(intl: IntlShape, action: 'subscribe' | 'copyAlbum', isOneFile: boolean, error: unknown) {
  if (isNetworkError(error)) return intl.formatMessage({ id: 'common.offline' });
  if (isApiError(error, 'quota_exceeded'))
    return intl.formatMessage({ id: 'albums.visitor.insufficientStorage' });
  if (action === 'subscribe') return intl.formatMessage({ id: 'albums.visitor.subscribeFailed' });
  return intl.formatMessage({
    id: isOneFile ? 'albums.visitor.copyFileFailed' : 'albums.visitor.copyAlbumFailed',
  });
}
