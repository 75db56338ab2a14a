import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { loginPath } from '../../../album-access/roles.ts';
import { NotFoundActions } from '../../errors/index.ts';
import { ShareIcon } from './share-icons.tsx';

/**
 * Share not found (spec 000 §2, §8): the link expired, the files are no longer shared, or
 * the link is misspelt, which the server does not tell apart. A way back, and a sign-in
 * button when signed out (the owner may want to look at their own share), which comes back
 * here.
 */
export function ShareNotFoundPage() {
  const intl = useIntl();
  const location = useLocation();
  return (
    <section className="message-page">
      <div className="message-page__icon">
        <ShareIcon name="linkOff" size={48} />
      </div>
      <h1>{intl.formatMessage({ id: 'sharePage.notFound.title' })}</h1>
      <p>{intl.formatMessage({ id: 'sharePage.notFound.text' })}</p>
      <NotFoundActions signInTo={loginPath(location.pathname)} />
    </section>
  );
}
