import { CastPairPage } from './CastPairPage.tsx';
import { TvReceiverPage } from './TvReceiverPage.tsx';

/**
 * /tv (the receiver) and /cast (the pairing page the QR code opens) as one lazy screen: the
 * first load of /photos carries one lazy route declaration for both (its budget, issue #27).
 */
export function CastPage({ tv }: { tv: boolean }) {
  return tv ? <TvReceiverPage /> : <CastPairPage />;
}
