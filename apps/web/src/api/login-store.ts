import { createStore, useStore } from 'zustand';
import { sessionRecord, type SessionRecord } from './session-record.ts';
import {
  clearsSession,
  initialLoginState,
  loginReducer,
  type LoginEvent,
  type LoginState,
} from './login-model.ts';

/** A store holding the login status machine, removing the session whenever a transition says so. */
export function createLoginStore(session: Pick<SessionRecord, 'findToken' | 'clearSession'>) {
  const store = createStore<LoginState>(() => initialLoginState(session.findToken() !== undefined));
  const dispatch = (event: LoginEvent): void => {
    const previous = store.getState();
    const next = loginReducer(previous, event);
    if (next === previous) return;
    if (clearsSession(next)) session.clearSession();
    store.setState(next, true);
  };
  return { store, dispatch };
}

const loginStore = createLoginStore(sessionRecord);

/** Feeds an event to the app's login status machine. */
export const dispatchLogin: (event: LoginEvent) => void = loginStore.dispatch;

/** The app's login state. */
export function useLoginState(): LoginState {
  return useStore(loginStore.store);
}

/** Reads the login state outside React. */
export function getLoginState(): LoginState {
  return loginStore.store.getState();
}

/** Test helper: puts the app's login state back to `state`. */
export function resetLoginState(state: LoginState): void {
  loginStore.store.setState(state, true);
}
