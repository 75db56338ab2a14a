import { describe, expect, test } from 'vitest';
import {
  clearsSession,
  initialLoginState,
  loginReducer,
  type LoginEvent,
  type LoginState,
} from './login-model.ts';

const NOT_STARTED: LoginState = { status: 'NOT_STARTED', notice: null };
const FETCHING: LoginState = { status: 'FETCHING', notice: null };
const AUTHENTICATED: LoginState = { status: 'AUTHENTICATED', notice: null };
const LOGGED_OUT: LoginState = { status: 'UNAUTHENTICATED', notice: 'logged_out' };
const OFFLINE: LoginState = { status: 'FAILED', notice: 'offline' };
const SERVER_ERROR: LoginState = { status: 'FAILED', notice: 'error' };

describe('initialLoginState (spec 001 §4)', () => {
  test('starts as FETCHING when a stored token exists', () => {
    expect(initialLoginState(true)).toEqual(FETCHING);
  });

  test('starts as NOT_STARTED without a token', () => {
    expect(initialLoginState(false)).toEqual(NOT_STARTED);
  });
});

describe('loginReducer', () => {
  const cases: [string, LoginState, LoginEvent, LoginState][] = [
    ['a received token starts fetching', NOT_STARTED, { type: 'TOKEN_STORED' }, FETCHING],
    [
      'a requested account deletion signs out and says so',
      AUTHENTICATED,
      { type: 'ACCOUNT_DELETION_REQUESTED' },
      { status: 'NOT_STARTED', notice: 'account_deleted' },
    ],
    ['a token after being logged out starts fetching', LOGGED_OUT, { type: 'TOKEN_STORED' }, FETCHING],
    ['account info authenticates', FETCHING, { type: 'ACCOUNT_INFO_SUCCEEDED' }, AUTHENTICATED],
    [
      'a 401 on account info logs out with the prompt',
      FETCHING,
      { type: 'ACCOUNT_INFO_FAILED', reason: 'unauthorized' },
      LOGGED_OUT,
    ],
    [
      'no connection fails with a retry',
      FETCHING,
      { type: 'ACCOUNT_INFO_FAILED', reason: 'offline' },
      OFFLINE,
    ],
    ['a server failure fails', FETCHING, { type: 'ACCOUNT_INFO_FAILED', reason: 'error' }, SERVER_ERROR],
    [
      'a terminated account fails as user_disabled',
      FETCHING,
      { type: 'ACCOUNT_INFO_FAILED', reason: 'user_disabled' },
      { status: 'FAILED', notice: 'user_disabled' },
    ],
    ['any 401 while signed in logs out with the prompt', AUTHENTICATED, { type: 'UNAUTHORIZED' }, LOGGED_OUT],
    ['any 401 while fetching logs out with the prompt', FETCHING, { type: 'UNAUTHORIZED' }, LOGGED_OUT],
    ['logging out returns to the plain login', AUTHENTICATED, { type: 'LOGGED_OUT' }, NOT_STARTED],
    ['logging out clears the logged-out prompt', LOGGED_OUT, { type: 'LOGGED_OUT' }, NOT_STARTED],
    ['retry after being offline fetches again', OFFLINE, { type: 'RETRY' }, FETCHING],
    [
      'a terminated account mid-session fails as user_disabled',
      AUTHENTICATED,
      { type: 'USER_DISABLED' },
      { status: 'FAILED', notice: 'user_disabled' },
    ],
  ];

  test.each(cases)('%s', (_name, from, event, to) => {
    expect(loginReducer(from, event)).toEqual(to);
  });

  const noOps: [string, LoginState, LoginEvent][] = [
    ['a 401 when nobody is signed in', NOT_STARTED, { type: 'UNAUTHORIZED' }],
    ['a late account info after logout', NOT_STARTED, { type: 'ACCOUNT_INFO_SUCCEEDED' }],
    [
      'a failed refresh of account info while signed in',
      AUTHENTICATED,
      { type: 'ACCOUNT_INFO_FAILED', reason: 'error' },
    ],
    ['retry after a server failure (the session is gone)', SERVER_ERROR, { type: 'RETRY' }],
    ['retry while signed in', AUTHENTICATED, { type: 'RETRY' }],
    ['logging out twice', NOT_STARTED, { type: 'LOGGED_OUT' }],
    ['user_disabled from the sign-in form when nobody is signed in', NOT_STARTED, { type: 'USER_DISABLED' }],
  ];

  test.each(noOps)('ignores %s', (_name, from, event) => {
    expect(loginReducer(from, event)).toBe(from);
  });
});

describe('clearsSession (spec 001 §4: login failure removes session data)', () => {
  test('removes the session when logged out, failed or not started', () => {
    expect(clearsSession(LOGGED_OUT)).toBe(true);
    expect(clearsSession(SERVER_ERROR)).toBe(true);
    expect(clearsSession({ status: 'FAILED', notice: 'user_disabled' })).toBe(true);
    expect(clearsSession(NOT_STARTED)).toBe(true);
    expect(clearsSession({ status: 'NOT_STARTED', notice: 'account_deleted' })).toBe(true);
  });

  test('keeps the token while fetching, signed in, or merely offline', () => {
    expect(clearsSession(FETCHING)).toBe(false);
    expect(clearsSession(AUTHENTICATED)).toBe(false);
    expect(clearsSession(OFFLINE)).toBe(false);
  });
});
