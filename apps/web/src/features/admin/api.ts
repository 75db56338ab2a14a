import {
  AdminAnnouncementsResponse,
  AdminDeletionsResponse,
  AdminWorkItemsResponse,
  AdminStorage,
  type AdminGrantBody,
  AdminCard,
  AdminCardsResponse,
  AdminTermsResponse,
  AdminUser,
  AdminUsersResponse,
  AnnouncementResult,
  AuditLogResponse,
  OkResponse,
  type AnnouncementBody,
  type NewCardBody,
  type PublishTermsBody,
} from '@trove/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { STALE_TIME } from '../../api/query-client.ts';

/** Query keys of the admin area (issue #24). */
export const adminKeys = {
  all: ['admin'] as const,
  users: (q: string) => [...adminKeys.all, 'users', q] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  terms: () => [...adminKeys.all, 'terms'] as const,
  cards: () => [...adminKeys.all, 'cards'] as const,
  deletions: () => [...adminKeys.all, 'deletions'] as const,
  workItems: () => [...adminKeys.all, 'work_items'] as const,
  announcements: () => [...adminKeys.all, 'announcements'] as const,
};

/** Accounts in one page of the list. */
export const USERS_PAGE = 50;

/** GET /st/4/admin/users: accounts matching `q`, newest first, a page at a time. */
export function useAdminUsersQuery(q: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: adminKeys.users(q),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.app('/admin/users', AdminUsersResponse, {
        query: { q: q === '' ? undefined : q, offset: pageParam, limit: USERS_PAGE },
        signal,
      }),
    getNextPageParam: (page, pages) => {
      const seen = pages.reduce((sum, p) => sum + p.users.length, 0);
      return seen < page.total ? seen : undefined;
    },
    staleTime: STALE_TIME.short,
  });
}

/** POST /st/4/admin/users/{id}/disable or enable; the list and the audit log are fetched again. */
export function useSetDisabledMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disable }: { id: string; disable: boolean }) =>
      api.app(`/admin/users/${encodeURIComponent(id)}/${disable ? 'disable' : 'enable'}`, AdminUser, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** GET /st/4/admin/audit: what operators did, newest first. */
export function useAuditQuery() {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: adminKeys.audit(),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.app('/admin/audit', AuditLogResponse, { query: { before: pageParam ?? undefined }, signal }),
    getNextPageParam: (page) => page.next,
    staleTime: STALE_TIME.short,
  });
}

/** GET /st/4/admin/terms: the versions, latest first. */
export function useAdminTermsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.terms(),
    queryFn: ({ signal }) => api.app('/admin/terms', AdminTermsResponse, { signal }),
    staleTime: STALE_TIME.short,
  });
}

/** POST /st/4/admin/terms: a new latest version; every account is asked to accept it. */
export function usePublishTermsMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishTermsBody) => api.app('/admin/terms', OkResponse, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** GET /st/4/admin/cards: every card, newest first. */
export function useAdminCardsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.cards(),
    queryFn: ({ signal }) => api.app('/admin/cards', AdminCardsResponse, { signal }),
    staleTime: STALE_TIME.short,
  });
}

/** POST /st/4/admin/cards. */
export function useCreateCardMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCardBody) => api.app('/admin/cards', AdminCard, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /st/4/admin/cards/{id}/end: nobody sees it from now on. */
export function useEndCardMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.app(`/admin/cards/${encodeURIComponent(id)}/end`, OkResponse, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/**
 * POST /st/4/admin/announcements: an e-mail to every account that chose news by e-mail,
 * each with its own unsubscribe link; queued (the list shows its progress), the audit log
 * shows it.
 */
export function useAnnounceMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementBody) =>
      api.app('/admin/announcements', AnnouncementResult, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** How often the list asks again while an announcement is being sent. */
export const ANNOUNCEMENTS_POLL_MS = 3000;

/** GET /st/4/admin/announcements: the newest first with progress; polled while one sends. */
export function useAdminAnnouncementsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.announcements(),
    queryFn: ({ signal }) => api.app('/admin/announcements', AdminAnnouncementsResponse, { signal }),
    refetchInterval: (query) =>
      query.state.data?.announcements.some((a) => a.state === 'sending') ? ANNOUNCEMENTS_POLL_MS : false,
    staleTime: STALE_TIME.short,
  });
}

/** Rows in one page of the deletions and the work items. */
export const OPERATIONS_PAGE = 50;

/** GET /st/4/admin/deletions: scheduled, running and failed deletions, the oldest first. */
export function useAdminDeletionsQuery() {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: adminKeys.deletions(),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.app('/admin/deletions', AdminDeletionsResponse, {
        query: { offset: pageParam, limit: OPERATIONS_PAGE },
        signal,
      }),
    getNextPageParam: (page, pages) => {
      const seen = pages.reduce((sum, p) => sum + p.deletions.length, 0);
      return seen < page.total ? seen : undefined;
    },
    staleTime: STALE_TIME.short,
  });
}

/**
 * POST /st/4/admin/deletions/{id}/restore (a deletion in its grace period: the account opens
 * again) or /retry (a failed one runs again from its stage).
 */
export function useDeletionActionMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action }: { userId: string; action: 'restore' | 'retry' }) =>
      api.app(`/admin/deletions/${encodeURIComponent(userId)}/${action}`, OkResponse, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** GET /st/4/admin/work_items: failed and stuck items, the oldest first, and counts by kind. */
export function useAdminWorkItemsQuery() {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: adminKeys.workItems(),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.app('/admin/work_items', AdminWorkItemsResponse, {
        query: { offset: pageParam, limit: OPERATIONS_PAGE },
        signal,
      }),
    getNextPageParam: (page, pages) => {
      const seen = pages.reduce((sum, p) => sum + p.items.length, 0);
      return seen < page.total ? seen : undefined;
    },
    staleTime: STALE_TIME.short,
  });
}

/** POST /st/4/admin/work_items/{id}/retry: a failed or stuck item runs again. */
export function useRetryWorkItemMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.app(`/admin/work_items/${encodeURIComponent(id)}/retry`, OkResponse, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Issue #25's operator area: query key of one account's storage. */
const storageKey = (id: string) => [...adminKeys.all, 'storage', id] as const;

/** GET /st/4/admin/users/{id}/storage: the account, its quota and every grant, newest first. */
export function useAdminStorageQuery(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: storageKey(id),
    queryFn: ({ signal }) =>
      api.app(`/admin/users/${encodeURIComponent(id)}/storage`, AdminStorage, { signal }),
    staleTime: STALE_TIME.short,
  });
}

/** POST /st/4/admin/users/{id}/grants and /admin/grants/{id}/end: the storage afterwards. */
export function useGrantMutations(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const settled = (storage: AdminStorage) => {
    queryClient.setQueryData(storageKey(userId), storage);
    void queryClient.invalidateQueries({
      queryKey: adminKeys.all,
      predicate: (q) => q.queryKey[1] !== 'storage',
    });
  };
  return {
    give: useMutation({
      mutationFn: (body: AdminGrantBody) =>
        api.app(`/admin/users/${encodeURIComponent(userId)}/grants`, AdminStorage, { method: 'POST', body }),
      onSuccess: settled,
    }),
    end: useMutation({
      mutationFn: (grantId: string) =>
        api.app(`/admin/grants/${encodeURIComponent(grantId)}/end`, AdminStorage, { method: 'POST' }),
      onSuccess: settled,
    }),
  };
}

/** POST /st/4/admin/users/{id}/read_only (spec 001 §6). */
export function useSetReadOnlyMutation(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (readOnly: boolean) =>
      api.app(`/admin/users/${encodeURIComponent(userId)}/read_only`, AdminUser, {
        method: 'POST',
        body: { read_only: readOnly },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
