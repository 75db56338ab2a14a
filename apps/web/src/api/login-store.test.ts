import { describe, expect, test, vi } from 'vitest';
import { createLoginStore } from './login-store.ts';

function fakeSession(token: string | undefined) {
  return { findToken: vi.fn(() => token), clearSession: vi.fn() };
}

describe('createLoginStore', () => {
  test('starts FETCHING with a stored token and NOT_STARTED without', () => {
    expect(createLoginStore(fakeSession('t')).store.getState().status).toBe('FETCHING');
    expect(createLoginStore(fakeSession(undefined)).store.getState().status).toBe('NOT_STARTED');
  });

  test('removes the session data when fetching account info fails with 401', () => {
    const session = fakeSession('t');
    const { store, dispatch } = createLoginStore(session);
    dispatch({ type: 'ACCOUNT_INFO_FAILED', reason: 'unauthorized' });
    expect(store.getState()).toEqual({ status: 'UNAUTHENTICATED', notice: 'logged_out' });
    expect(session.clearSession).toHaveBeenCalledOnce();
  });

  test('keeps the token when account info failed for lack of a connection', () => {
    const session = fakeSession('t');
    const { dispatch } = createLoginStore(session);
    dispatch({ type: 'ACCOUNT_INFO_FAILED', reason: 'offline' });
    expect(session.clearSession).not.toHaveBeenCalled();
  });

  test('does nothing for an event that does not apply', () => {
    const session = fakeSession(undefined);
    const { store, dispatch } = createLoginStore(session);
    const before = store.getState();
    dispatch({ type: 'UNAUTHORIZED' });
    expect(store.getState()).toBe(before);
    expect(session.clearSession).not.toHaveBeenCalled();
  });
});
