import { isNetworkError } from '../../api/http-error.ts';

/**
 * The privacy request status of spec 001 §4 ("not started, pending server, succeeded,
 * failed") as the deletion request goes through it; from a mutation's status.
 */
export type DeletionRequestStatus = 'NOT_STARTED' | 'PENDING' | 'SUCCEEDED' | 'FAILED';

export function requestStatusOf(mutation: {
  status: 'idle' | 'pending' | 'success' | 'error';
}): DeletionRequestStatus {
  switch (mutation.status) {
    case 'idle':
      return 'NOT_STARTED';
    case 'pending':
      return 'PENDING';
    case 'success':
      return 'SUCCEEDED';
    case 'error':
      return 'FAILED';
  }
}

/**
 * Spec 001 §8: the failure text comes "with a connection or temporary server explanation":
 * which one, by whether the request reached the server.
 */
export function failureReason(error: unknown): 'connection' | 'server' {
  return isNetworkError(error) ? 'connection' : 'server';
}
