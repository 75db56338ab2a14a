import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl, type IntlShape } from 'react-intl';
import { useNavigate } from 'react-router';
import { useApi } from '../../../api/api-context.tsx';
import { isApiError, isNetworkError } from '../../../api/http-error.ts';
import { useToasts } from '../../../ui/toasts.tsx';
import { timelineKeys } from '../../library/api.ts';
import { copyCounts, keepAllShareFiles } from './api.ts';

/** The login-gated copy of a share to the timeline (spec 000 §2 /share/{shareId}/copyShare). */
export function copySharePath(shareId: string): string {
  return `/share/${encodeURIComponent(shareId)}/copyShare`;
}

/**
 * Adds every file of the share to the caller's timeline (POST /jobs/{shareId}/keep-all-files)
 * and says so in toasts: how many were added, with a way to the timeline, and how many were
 * not (spec 000 §8 'Error - file not added'); a refusal says why (out of storage, offline,
 * or 'Failed to add files - please try again').
 */
export function useCopyShare(shareId: string) {
  const intl = useIntl();
  const toasts = useToasts();
  const navigate = useNavigate();
  const copy = useCopyShareMutation(shareId);
  return {
    isPending: copy.isPending,
    run: () => {
      copy.mutate(undefined, {
        onSuccess: ({ copied, failed }) => {
          toasts.show({
            kind: 'success',
            text: intl.formatMessage({ id: 'sharePage.added' }, { count: copied }),
            action: {
              label: intl.formatMessage({ id: 'sharePage.goToPhotos' }),
              onAction: () => void navigate('/photos'),
            },
          });
          if (failed > 0)
            toasts.show({
              kind: 'error',
              text: intl.formatMessage({ id: 'sharePage.someNotAdded' }, { count: failed }),
            });
        },
        onError: (error) => {
          toasts.show({ kind: 'error', text: copyFailureText(intl, error) });
        },
      });
    },
  };
}

/** The copy itself, answering how many files were added and not; the timeline is fetched again after it. */
export function useCopyShareMutation(shareId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => copyCounts(await keepAllShareFiles(api, shareId)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: timelineKeys.all });
    },
  });
}

/** spec 000 §8 Copy to timeline: 413 is out of storage; anything else unknown. */
export function copyFailureText(intl: IntlShape, error: unknown): string {
  if (isNetworkError(error)) return intl.formatMessage({ id: 'common.offline' });
  if (isApiError(error, 'quota_exceeded')) return intl.formatMessage({ id: 'sharePage.insufficientStorage' });
  return intl.formatMessage({ id: 'sharePage.addFailed' });
}
