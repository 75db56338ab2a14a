import { AccountAttribute, FullScreenCardsResponse, OkResponse, TosDocument } from '@trove/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { isApiError } from '../../api/http-error.ts';
import { STALE_TIME } from '../../api/query-client.ts';
import { localeStore } from '../../i18n/locale-store.ts';
import { ACCOUNT_ACTION_EVENTS, useTrackEvent } from '../analytics/api.ts';
import { accountKeys } from '../auth/api.ts';

/** Query keys of the modal queue's calls. */
export const modalKeys = {
  cards: () => ['fullScreenCards'] as const,
  terms: (version: string, locale: string) => ['terms', version, locale] as const,
};

/** GET /st/4/v2/full_screen_cards (spec 001 §7): the cards for this user, in the UI language. */
export function useCardsQuery(enabled: boolean) {
  const api = useApi();
  const locale = localeStore.getState().locale;
  return useQuery({
    queryKey: modalKeys.cards(),
    queryFn: ({ signal }) =>
      api.app('/v2/full_screen_cards', FullScreenCardsResponse, { query: { app_lang: locale }, signal }),
    staleTime: STALE_TIME.medium,
    enabled,
  });
}

/** POST /st/4/full_screen_cards/{id}/dismiss: gone for good; the card leaves the queue at once. */
export function useDismissCardMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) =>
      api.app(`/full_screen_cards/${encodeURIComponent(cardId)}/dismiss`, OkResponse, { method: 'POST' }),
    onMutate: (cardId) => {
      queryClient.setQueryData(
        modalKeys.cards(),
        (old: FullScreenCardsResponse | undefined) =>
          old && {
            backend_controlled_cards: old.backend_controlled_cards.filter((c) => c.card_id !== cardId),
          },
      );
    },
  });
}

/** GET /st/4/tos/{version}: the text of the terms to accept, in the UI language or English. */
export function useTermsQuery(version: string) {
  const api = useApi();
  const locale = localeStore.getState().locale;
  return useQuery({
    queryKey: modalKeys.terms(version, locale),
    queryFn: ({ signal }) =>
      api.app(`/tos/${encodeURIComponent(version)}`, TosDocument, { query: { app_lang: locale }, signal }),
    staleTime: STALE_TIME.medium,
  });
}

/**
 * POST /st/4/approve_tos (spec 001 §7). Either way account info is fetched again: accepted,
 * `tos_to_approve` is gone; refused as outdated (a newer version came out while the prompt
 * was open), it names the newer one, which the prompt then shows.
 */
export function useApproveTermsMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const track = useTrackEvent();
  return useMutation({
    mutationFn: (version: string) =>
      api.app('/approve_tos', OkResponse, { method: 'POST', body: { tos_version: version } }),
    // spec 001 §3 account action "terms verification".
    onSuccess: (_data, version) => {
      track(ACCOUNT_ACTION_EVENTS.termsVerification, { version });
    },
    onSettled: (_data, error) => {
      if (error === null || isApiError(error, 'tos_outdated'))
        void queryClient.invalidateQueries({ queryKey: accountKeys.info() });
    },
  });
}

/** Query key of one account attribute. */
export const attributeKey = (key: string) => ['accountAttribute', key] as const;

/** GET /st/4/account_attribute (spec 001 §7): one attribute of the account; value null when unset. */
export function useAccountAttributeQuery(key: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: attributeKey(key),
    queryFn: ({ signal }) =>
      api.app('/account_attribute', AccountAttribute, { query: { account_attribute_key: key }, signal }),
    staleTime: STALE_TIME.medium,
    enabled,
  });
}

/** POST /st/4/account_attribute: sets one attribute; the cached value changes at once. */
export function useSetAccountAttributeMutation(key: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: string) =>
      api.app('/account_attribute', AccountAttribute, {
        method: 'POST',
        query: { account_attribute_key: key },
        body: { value },
      }),
    onMutate: (value) => {
      queryClient.setQueryData(attributeKey(key), { key, value });
    },
  });
}
