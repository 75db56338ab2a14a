import { useState } from 'react';
import { useAccountInfoQuery } from '../auth/api.ts';
import { useCardsQuery } from './api.ts';
import { CardModal } from './CardModal.tsx';
import { nextModal } from './model.ts';
import { readClosedCards, writeClosedCards } from './closed-cards.ts';
import { TermsPrompt } from './TermsPrompt.tsx';
import { SunsetNotice, sunsetSeen } from './SunsetNotice.tsx';
import './account-modals.css';

/**
 * The modal queue after sign-in (spec 001 §4; issue #24): the terms prompt while a version
 * waits for acceptance, then the full-screen cards one at a time. A lazy part of every
 * signed-in screen, so the first load of /photos carries none of it. Cards are fetched only
 * once no terms wait: nothing shows before them.
 */
export function ModalQueue() {
  const account = useAccountInfoQuery();
  const tosToApprove = account.data?.tos_to_approve ?? null;
  const cards = useCardsQuery(account.data !== undefined && tosToApprove === null);
  const userId = account.data?.uuid ?? '';
  const [closedCards, setClosedCards] = useState<ReadonlySet<string>>(() => readClosedCards(userId));
  const sunsetDate = account.data?.sunset_delete_date ?? null;
  const [sunsetClosed, setSunsetClosed] = useState(false);
  const modal = nextModal({
    tosToApprove,
    cards: cards.data?.backend_controlled_cards,
    closedCards,
    sunsetDate,
    sunsetSeen: sunsetClosed || (sunsetDate !== null && sunsetSeen(userId, sunsetDate)),
  });
  if (!modal) return null;
  if (modal.kind === 'terms') return <TermsPrompt key={modal.version} version={modal.version} />;
  if (modal.kind === 'sunset')
    return (
      <SunsetNotice
        userId={userId}
        date={modal.date}
        onClose={() => {
          setSunsetClosed(true);
        }}
      />
    );
  return (
    <CardModal
      key={modal.card.card_id}
      card={modal.card}
      onClose={() => {
        const closed = new Set([...closedCards, modal.card.card_id]);
        setClosedCards(closed);
        writeClosedCards(userId, closed);
      }}
    />
  );
}
