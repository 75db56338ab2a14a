import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { isServerOutOfSpace } from '../../api/http-error.ts';
import { useToasts } from '../../ui/toasts.tsx';

/**
 * Says so when any change the user asked for (create an album, delete, rename …) failed
 * because the server's disk is full (507, issue #10): that is not the user's network, and
 * not their storage to free. One toast however many calls fail at once. Uploads say it in
 * their own panel and retry by themselves.
 */
export function ServerOutOfSpaceToast() {
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const intl = useIntl();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (!isServerOutOfSpace(event.action.error)) return;
        toasts.show({
          kind: 'error',
          text: intl.formatMessage({ id: 'error.serverOutOfSpace' }),
          key: 'server-out-of-space',
        });
      }),
    [queryClient, toasts, intl],
  );
  return null;
}
