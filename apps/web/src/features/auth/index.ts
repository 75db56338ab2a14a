/*
 * The login's face (See: [Note: Feature faces]): a login under way across the identity
 * provider's round trip, which a page that sends the user to sign in may leave. The login
 * state itself is api/login-store.ts; the login screens are lazy.ts.
 */
export { savePendingLogin, type PendingLogin } from './pkce.ts';
export { startLogin, type StartLoginInput } from './idp-api.ts';
