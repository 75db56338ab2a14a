import type { AccountInfo } from '@trove/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod/mini';
import { useApi } from '../../api/api-context.tsx';
import { STALE_TIME } from '../../api/query-client.ts';
import { localeStore } from '../../i18n/locale-store.ts';
import { useAccountInfoQuery } from '../auth/api.ts';
import { usePendingShareCopy } from './pending-copy.ts';
import { readClosedCards, storageWarnedLocally, sunsetSeen } from './seen.ts';
import { storageLevelOf } from './storage-popups.ts';
import { LazyModalQueue } from './lazy.ts';

/**
 * Only the ids of the cards: the gate needs to know whether one waits, not what it says,
 * and the full card schema belongs to the queue's chunk. Extra fields pass untouched.
 */
const CardIds = z.object({ backend_controlled_cards: z.array(z.object({ card_id: z.string() })) });

/**
 * Whether the queue may have something to show (spec 001 §4): terms to accept, a sunset
 * notice not yet seen, a card not closed in this tab, usage at a storage warning level, or a
 * warning level remembered that usage may have fallen below (the queue lowers it). The queue
 * itself decides what and in which order.
 */
export function queueMayShow(
  account: AccountInfo,
  cardIds: readonly string[] | undefined,
  seen: {
    closedCards: ReadonlySet<string>;
    sunsetSeen: boolean;
    storageWarned: string;
    pendingCopy?: string | null;
  },
): boolean {
  if (account.tos_to_approve !== null) return true;
  if (account.is_read_only_user && (seen.pendingCopy ?? null) !== null) return true;
  if (account.sunset_delete_date !== null && !seen.sunsetSeen) return true;
  if (storageLevelOf(account.used_space, account.max_space) !== '' || seen.storageWarned !== '') return true;
  return (cardIds ?? []).some((id) => !seen.closedCards.has(id));
}

/**
 * [Note: Modal queue gate] The modal queue's code, styles and messages load only when it has
 * something to show, which on most loads is nothing: the first load of /photos carries this
 * gate (one small call) and not the queue (issue #23's 150 KiB budget). Once shown, the
 * queue stays mounted and takes over: it fetches what it shows and clears itself.
 */
export function ModalQueueGate() {
  const api = useApi();
  const account = useAccountInfoQuery().data;
  const cardIds = useQuery({
    queryKey: ['fullScreenCards', 'ids'] as const,
    queryFn: ({ signal }) =>
      api.app('/v2/full_screen_cards', CardIds, {
        query: { app_lang: localeStore.getState().locale },
        signal,
      }),
    staleTime: STALE_TIME.medium,
    // No card is asked for while terms wait (spec 001 §4 order): the queue asks after them.
    enabled: account !== undefined && account.tos_to_approve === null,
  });
  const pendingCopy = usePendingShareCopy(account?.uuid);
  const [shown, setShown] = useState(false);
  const ids = cardIds.data?.backend_controlled_cards.map((card) => card.card_id);
  const mayShow =
    account !== undefined &&
    queueMayShow(account, ids, {
      closedCards: readClosedCards(account.uuid),
      sunsetSeen: account.sunset_delete_date !== null && sunsetSeen(account.uuid, account.sunset_delete_date),
      storageWarned: storageWarnedLocally(account.uuid),
      pendingCopy,
    });
  if (mayShow && !shown) setShown(true);
  return shown || mayShow ? <LazyModalQueue /> : null;
}
