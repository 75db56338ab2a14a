import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Outlet, useLocation } from 'react-router';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { setCastTarget } from './cast-store.ts';
import { codeOfHash, forgetPairCode, keepPairCode, keptPairCode } from './pair-code.ts';
import { PairPanel } from './PairPanel.tsx';
import './cast.css';

/**
 * /cast's outer route, signed in or not: keeps the QR link's code for the tab before the
 * sign-in check inside may send a signed-out person to the login, which would drop the hash.
 * It keeps while rendering, not in an effect: the check's redirect is a child's effect, and
 * children's effects run before their parent's.
 */
export function PairCodeKeeper() {
  keepPairCode(useLocation().hash);
  return <Outlet />;
}

/**
 * /cast (issue #27): where the TV's QR code leads. The code rides in the hash, so it never
 * reaches a server log; back from a login it comes from the tab's kept code. Pairing makes
 * the TV this tab's cast target.
 */
export function CastPairPage() {
  const intl = useIntl();
  const { hash } = useLocation();
  const [initialCode] = useState(() => codeOfHash(hash) || keptPairCode());
  const [done, setDone] = useState(false);
  usePageTitle(intl.formatMessage({ id: 'cast.pair.title' }));
  return (
    <section className="page page--narrow">
      <h1>{intl.formatMessage({ id: 'cast.pair.title' })}</h1>
      {done ? (
        <>
          <p role="status">{intl.formatMessage({ id: 'cast.pair.done' })}</p>
          <Link className="btn btn--primary" to="/albums">
            {intl.formatMessage({ id: 'cast.pair.openAlbums' })}
          </Link>
        </>
      ) : (
        <PairPanel
          initialCode={initialCode}
          onPaired={(receiverId) => {
            forgetPairCode();
            setCastTarget(receiverId);
            setDone(true);
          }}
        />
      )}
    </section>
  );
}
