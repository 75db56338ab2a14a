import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { setCastTarget } from './cast-store.ts';
import { PairPanel } from './PairPanel.tsx';
import './cast.css';

/**
 * /cast (issue #27): where the TV's QR code leads. The code rides in the hash, so it never
 * reaches a server log; pairing makes the TV this tab's cast target.
 */
export function CastPairPage() {
  const intl = useIntl();
  const { hash } = useLocation();
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
          initialCode={decodeURIComponent(hash.replace(/^#/, ''))}
          onPaired={(receiverId) => {
            setCastTarget(receiverId);
            setDone(true);
          }}
        />
      )}
    </section>
  );
}
