import type { LoginStatus } from '@trove/contract';

/**
 * Why the login is not (or no longer) authenticated, for the login page to explain:
 * - `logged_out`: a signed-in session ended by a 401; shows "Oops, you were logged out. To
 *   continue, please sign in" (spec 001 §4, §8).
 * - `offline`: account info could not be fetched for lack of a connection; the token is kept
 *   and the user may retry.
 * - `error`: the server failed to answer account info; the session was removed.
 * - `user_disabled`: the account has been terminated (spec 001 §2).
 * - `account_deleted`: the user asked to delete their account, which signed them out on
 *   every device (spec 001 §4 Account deletion).
 */
export type LoginNotice = 'logged_out' | 'offline' | 'error' | 'user_disabled' | 'account_deleted';

/** State of the login status machine (spec 001 §4). */
export interface LoginState {
  status: LoginStatus;
  notice: LoginNotice | null;
}

/** Why fetching account info failed. */
export type AccountInfoFailure = 'unauthorized' | 'offline' | 'error' | 'user_disabled';

/** Events of the login status machine. */
export type LoginEvent =
  /** A token was stored: restored from the record at start, or just received from the identity provider. */
  | { type: 'TOKEN_STORED' }
  | { type: 'ACCOUNT_INFO_SUCCEEDED' }
  | { type: 'ACCOUNT_INFO_FAILED'; reason: AccountInfoFailure }
  /** Any call answered 401 (spec 001 §4: registered unauthorised handlers). */
  | { type: 'UNAUTHORIZED' }
  /** Any call answered 403 user_disabled: the account has been terminated (spec 001 §2). */
  | { type: 'USER_DISABLED' }
  /** The user logged out. */
  | { type: 'LOGGED_OUT' }
  /** The server accepted the user's account deletion, which ended this session too. */
  | { type: 'ACCOUNT_DELETION_REQUESTED' }
  /** The user asked to try fetching account info again after an offline failure. */
  | { type: 'RETRY' };

/** Spec 001 §4: the status starts as FETCHING when a stored token exists. */
export function initialLoginState(hasStoredToken: boolean): LoginState {
  return { status: hasStoredToken ? 'FETCHING' : 'NOT_STARTED', notice: null };
}

const FAILURE_STATES: Record<AccountInfoFailure, LoginState> = {
  unauthorized: { status: 'UNAUTHENTICATED', notice: 'logged_out' },
  offline: { status: 'FAILED', notice: 'offline' },
  error: { status: 'FAILED', notice: 'error' },
  user_disabled: { status: 'FAILED', notice: 'user_disabled' },
};

/**
 * The login status machine. Returns `state` itself when an event does not apply, so callers
 * can tell a transition from a no-op by identity.
 */
export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'TOKEN_STORED':
      return { status: 'FETCHING', notice: null };
    case 'ACCOUNT_INFO_SUCCEEDED':
      return state.status === 'FETCHING' ? { status: 'AUTHENTICATED', notice: null } : state;
    case 'ACCOUNT_INFO_FAILED':
      // Once authenticated, a failed refresh of account info is transient: a 401 arrives as UNAUTHORIZED.
      return state.status === 'FETCHING' ? FAILURE_STATES[event.reason] : state;
    case 'UNAUTHORIZED':
      return state.status === 'FETCHING' || state.status === 'AUTHENTICATED'
        ? { status: 'UNAUTHENTICATED', notice: 'logged_out' }
        : state;
    case 'USER_DISABLED':
      return state.status === 'FETCHING' || state.status === 'AUTHENTICATED'
        ? { status: 'FAILED', notice: 'user_disabled' }
        : state;
    case 'LOGGED_OUT':
      return state.status === 'NOT_STARTED' && state.notice === null
        ? state
        : { status: 'NOT_STARTED', notice: null };
    case 'ACCOUNT_DELETION_REQUESTED':
      return { status: 'NOT_STARTED', notice: 'account_deleted' };
    case 'RETRY':
      return state.status === 'FAILED' && state.notice === 'offline'
        ? { status: 'FETCHING', notice: null }
        : state;
  }
}

/**
 * Whether entering `state` removes the stored session (spec 001 §4: a login failure while
 * fetching account info removes session data). Being offline is not a login failure: the
 * token is kept so the user is not signed out by a dropped connection.
 */
export function clearsSession(state: LoginState): boolean {
  switch (state.status) {
    case 'UNAUTHENTICATED':
    case 'NOT_STARTED':
      return true;
    case 'FAILED':
      return state.notice !== 'offline';
    case 'FETCHING':
    case 'AUTHENTICATED':
      return false;
  }
}
