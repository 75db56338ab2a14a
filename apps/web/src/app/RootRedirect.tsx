import { Navigate } from 'react-router';
import { useLoginState } from '../api/login-store.ts';
import { PageSpinner } from '../ui/PageSpinner.tsx';

/** Route `/`: the timeline when signed in, else the login page. */
export function RootRedirect() {
  const { status } = useLoginState();
  if (status === 'FETCHING') return <PageSpinner />;
  return <Navigate to={status === 'AUTHENTICATED' ? '/photos' : '/login'} replace />;
}
