import { CastPairPage, PairCodeKeeper } from './CastPairPage.tsx';
import { TvReceiverPage } from './TvReceiverPage.tsx';

/**
 * /tv (the receiver), /cast (the pairing page the QR code opens) and /cast's outer route that
 * keeps the code through a login (`keep`) as one lazy screen: the first load of /photos
 * carries one lazy route declaration for all three (its budget, issue #27).
 */
export function CastPage({ tv, keep }: { tv?: boolean; keep?: boolean }) {
  if (keep) return <PairCodeKeeper />;
  return tv ? <TvReceiverPage /> : <CastPairPage />;
}
