import type { LightMyRequestResponse } from 'fastify';
import { albumClient } from '../../test/albums.ts';
import { signUp, type Session, type TestApp } from '../../test/harness.ts';

/** The operator's calls and the user's terms and cards calls, over inject(). */
export function operatorClient(t: TestApp) {
  const { send } = albumClient(t);
  const ok = async <T>(response: Promise<LightMyRequestResponse>, status = 200): Promise<T> => {
    const r = await response;
    if (r.statusCode !== status) throw new Error(`${String(r.statusCode)} ${r.body}`);
    return r.json<T>();
  };
  return {
    send,
    ok,
    disable: (by: Session, userId: string) => send(by, 'POST', `/admin/users/${userId}/disable`),
    enable: (by: Session, userId: string) => send(by, 'POST', `/admin/users/${userId}/enable`),
    publishTerms: (by: Session, version: string, texts: Record<string, string> = { en_US: 'The terms.' }) =>
      send(by, 'POST', '/admin/terms', { payload: { version, texts } }),
    accountInfo: (s: Session, query = '') =>
      ok<{ tos_to_approve: { version: string } | null; is_operator: boolean }>(
        send(s, 'GET', `/account_info${query}`),
      ),
    /** What a call to a route that does not exist answers this caller: what a refusal must look like. */
    missingRoute: (who: Session, method: 'GET' | 'POST') => send(who, method, '/admin/no-such-call'),
  };
}

/** A fresh app's first account (its operator) and a second, ordinary one. */
export async function operatorAndUser(t: TestApp) {
  const operator = await signUp(t.app, { name: 'Olga Operator' });
  const user = await signUp(t.app, { name: 'Ulf User' });
  return { operator, user };
}

/** The parts of an answer that a refusal must share with a missing route's. */
export const comparable = (r: LightMyRequestResponse) => ({
  status: r.statusCode,
  body: r.body,
  type: r.headers['content-type'],
});
