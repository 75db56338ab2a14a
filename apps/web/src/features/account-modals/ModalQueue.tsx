import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { copySharePath } from '../shares/index.ts';
import { LazySubscribeWizard } from '../storage/lazy.ts';
import { useAccountInfoQuery } from '../auth/api.ts';
import { STORAGE_WARNING_ATTRIBUTE } from '@trove/contract';
import { useAccountAttributeQuery, useCardsQuery, useSetAccountAttributeMutation } from './api.ts';
import { CardModal } from './CardModal.tsx';
import { nextModal } from './model.ts';
import { setPendingShareCopy, usePendingShareCopy } from './pending-copy.ts';
import { readClosedCards, rememberStorageWarnedLocally, sunsetSeen, writeClosedCards } from './seen.ts';
import { TermsPrompt } from './TermsPrompt.tsx';
import { SunsetNotice } from './SunsetNotice.tsx';
import { StoragePopup } from './StoragePopup.tsx';
import { parseStorageLevel, storageLevelOf, storageWarningStep } from './storage-popups.ts';
import './account-modals.css';

/**
 * The modal queue after sign-in (spec 001 §4; issue #24): the terms prompt while a version
 * waits for acceptance, the sunset notice, the subscribe wizard for a read-only user whose
 * share copy waits (issue #25), then the full-screen cards one at a time. A lazy part of every
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
  const pendingCopy = usePendingShareCopy(account.data?.uuid);
  const navigate = useNavigate();
  const modal = nextModal({
    isReadOnly: account.data?.is_read_only_user ?? false,
    pendingCopy,
    tosToApprove,
    cards: cards.data?.backend_controlled_cards,
    closedCards,
    sunsetDate,
    sunsetSeen: sunsetClosed || (sunsetDate !== null && sunsetSeen(userId, sunsetDate)),
  });
  // spec 001 §4 storage popups: after everything of the queue above (storage-popups.ts).
  const storage = useStorageWarning(account.data !== undefined && modal === null && cards.data !== undefined);
  if (!modal) return storage;
  if (modal.kind === 'terms') return <TermsPrompt key={modal.version} version={modal.version} />;
  if (modal.kind === 'subscription')
    return (
      <LazySubscribeWizard
        onClose={(outcome) => {
          // spec 001 §4: the pending copy resumes after a purchase, and is cleared on refusal.
          setPendingShareCopy(userId, null);
          if (outcome === 'purchased') void navigate(copySharePath(modal.shareId));
        }}
      />
    );
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

/**
 * The storage popup slot, last in the queue: shows the 80 % or 95 % popup once when crossed
 * (remembered in an account attribute, so across devices), lowers what is remembered when
 * usage fell. Returns the popup or null.
 */
function useStorageWarning(ready: boolean) {
  const account = useAccountInfoQuery();
  const remembered = useAccountAttributeQuery(STORAGE_WARNING_ATTRIBUTE, ready);
  const remember = useSetAccountAttributeMutation(STORAGE_WARNING_ATTRIBUTE);
  const step =
    !ready || !account.data || remembered.data === undefined || remember.isPending
      ? null
      : storageWarningStep(
          storageLevelOf(account.data.used_space, account.data.max_space),
          parseStorageLevel(remembered.data.value),
        );
  const userId = account.data?.uuid;
  const rememberedValue = remembered.data?.value;
  useEffect(() => {
    if (userId !== undefined && rememberedValue !== undefined)
      rememberStorageWarnedLocally(userId, parseStorageLevel(rememberedValue));
  }, [userId, rememberedValue]);
  const lowerTo = step?.kind === 'lower' ? step.level : null;
  const { mutate } = remember;
  useEffect(() => {
    if (lowerTo !== null) mutate(lowerTo);
  }, [lowerTo, mutate]);
  if (step?.kind !== 'show') return null;
  return (
    <StoragePopup
      level={step.level}
      onClose={() => {
        remember.mutate(step.level);
      }}
    />
  );
}
