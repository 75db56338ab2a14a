import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DigitalLegacyResponse } from '@trove/contract';
import { albumClient } from '../test/albums.ts';
import {
  DIALECTS,
  createTestApp,
  signIn,
  signUp,
  startLogin,
  type Session,
  type TestApp,
} from '../test/harness.ts';

const MINUTE = 60_000;
const CONTACT = {
  name: 'Kari Nordmann',
  address: 'Storgata 1, 0155 Oslo',
  email_address: 'kari@example.com',
  phone_number: '+4791234567',
};

/**
 * Fresh login (spec 001 §6 "Privacy settings need a fresh login", issue #24; [Note: Fresh
 * login]): every call behind it answers a session signed in within FRESH_LOGIN_WINDOW_S and
 * refuses an older one with 403 fresh_login_required; signing in again makes it fresh.
 */
describe.each(DIALECTS)('fresh login (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  let operator: Session & { email: string; password: string };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
    operator = await signUp(t.app, { name: 'Olga Operator' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A card for nobody here (Bulgarian speakers), so that no other test's account sees it. */
  const CARD = {
    client_values: {
      title: 'Hello',
      illustration: 'info',
      body: 'Body',
      primary_cta: {
        label: 'Open',
        dismiss_on_tap: true,
        web_action: { action_type: 'internal_navigation', url: '/albums' },
      },
    },
    audience: { kind: 'language', locale: 'bg_BG' },
  };

  /** Every call behind fresh login, for a caller allowed to make it. */
  const CALLS: {
    name: string;
    method: 'GET' | 'POST';
    path: (target: string) => string;
    payload?: object;
    operator?: true;
    /** Makes what the call acts on (a card), with a fresh operator session; its id goes to `path`. */
    prepare?: () => Promise<string>;
  }[] = [
    { name: 'consents read', method: 'GET', path: () => '/data_protection/consent_values' },
    {
      name: 'consent write',
      method: 'POST',
      path: () => '/data_protection/consent_values',
      payload: { key: 'help_us_improve', value: true },
    },
    { name: 'consent history', method: 'GET', path: () => '/data_protection/consent_history' },
    {
      name: 'send announcement',
      method: 'POST',
      path: () => '/admin/announcements',
      payload: { subject: 'News', text: 'Albums can have a password now.' },
      operator: true,
    },
    {
      name: 'end card',
      method: 'POST',
      path: (id) => `/admin/cards/${id}/end`,
      operator: true,
      prepare: async () => {
        const written = await c.send(await signIn(t.app, operator), 'POST', '/admin/cards', {
          payload: CARD,
        });
        expect(written.statusCode, written.body).toBe(201);
        return written.json<{ card_id: string }>().card_id;
      },
    },
    {
      name: 'data access availability',
      method: 'GET',
      path: () => '/data_protection/request_data_access_availability',
    },
    { name: 'data access request', method: 'POST', path: () => '/data_protection/request_data_access' },
    { name: 'legacy read', method: 'GET', path: () => '/digital_legacy' },
    {
      name: 'legacy write',
      method: 'POST',
      path: () => '/digital_legacy',
      payload: { choice: 'do_not_provide_content_to_anybody', language: 'en_US' },
    },
    { name: 'disable user', method: 'POST', path: (id) => `/admin/users/${id}/disable`, operator: true },
    { name: 'enable user', method: 'POST', path: (id) => `/admin/users/${id}/enable`, operator: true },
    // Issue #25's operator area: giving storage and read-only change another account.
    {
      name: 'give storage',
      method: 'POST',
      path: (id) => `/admin/users/${id}/grants`,
      payload: { source: 'customer_service', size_gb: 1 },
      operator: true,
    },
    {
      name: 'read-only',
      method: 'POST',
      path: (id) => `/admin/users/${id}/read_only`,
      payload: { read_only: true },
      operator: true,
    },
    {
      name: 'publish terms',
      method: 'POST',
      path: () => '/admin/terms',
      payload: { version: `v${String(Math.random()).slice(2, 8)}`, texts: { en_US: 'Terms.' } },
      operator: true,
    },
    { name: 'write card', method: 'POST', path: () => '/admin/cards', payload: CARD, operator: true },
    { name: 'account deletion', method: 'POST', path: () => '/data_protection/request_account_deletion' },
  ];

  it.each(CALLS)(
    '$name: refuses a sign-in older than the window (deny), answers a fresh one (allow)',
    async (call) => {
      const target = await signUp(t.app);
      const subject = call.prepare ? await call.prepare() : target.userId;
      const caller = call.operator ? await signIn(t.app, operator) : target;
      const send = (who: Session) =>
        c.send(who, call.method, call.path(subject), call.payload ? { payload: call.payload } : {});
      t.clock.advance(10 * MINUTE + 1000);
      const stale = await send(caller);
      expect(stale.statusCode, stale.body).toBe(403);
      expect(stale.json()).toEqual({
        error: { code: 'fresh_login_required', message: 'Please sign in again to continue' },
      });
      // Using the session does not make it fresh; signing in again does.
      const again = await signIn(t.app, {
        ...(call.operator ? operator : target),
        deviceId: caller.deviceId,
      });
      const fresh = await send(again);
      expect(fresh.statusCode, fresh.body).toBeLessThan(300);
    },
  );

  it('refuses the operator calls of an ordinary user as a missing route, fresh or not (no access first)', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    t.clock.advance(20 * MINUTE);
    const refused = await c.send(user, 'POST', `/admin/users/${other.userId}/disable`);
    expect(refused.statusCode).toBe(404);
  });

  it('keeps reading the admin lists without a fresh sign-in', async () => {
    const session = await signIn(t.app, operator);
    t.clock.advance(20 * MINUTE);
    expect((await c.send(session, 'GET', '/admin/terms')).statusCode).toBe(200);
    expect((await c.send(session, 'GET', '/admin/cards')).statusCode).toBe(200);
    expect((await c.send(session, 'GET', '/admin/users')).statusCode).toBe(200);
  });

  it('counts a sign-in as fresh for exactly the window', async () => {
    const user = await signUp(t.app);
    t.clock.advance(10 * MINUTE);
    expect((await c.send(user, 'GET', '/digital_legacy')).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await c.send(user, 'GET', '/digital_legacy')).statusCode).toBe(403);
  });

  it('passes prompt=login to the built-in sign-in page', async () => {
    const login = await startLogin(t.app);
    expect(login.body.authorization_params.prompt).toBeUndefined();
    const response = await t.app.inject({
      url: `/idp/preflight?${new URLSearchParams({
        locale: 'en_US',
        code_challenge: 'a'.repeat(43),
        oauth_redirect_uri: 'http://localhost/oauth/callback',
        device_id: crypto.randomUUID(),
        device_name: 'Test',
        prompt: 'login',
      }).toString()}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response.json<{ authorization_params: Record<string, string> }>().authorization_params.prompt,
    ).toBe('login');
  });
});

/** Digital legacy (spec 001 §3, §5, §7): the choices, the contact's rules, one row per user. */
describe.each(DIALECTS)('digital legacy (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const save = (who: Session, payload: object) => c.send(who, 'POST', '/digital_legacy', { payload });

  it('stores a contact for the owner alone and answers it back (allow)', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    expect((await c.send(owner, 'GET', '/digital_legacy')).json()).toEqual({ digital_legacy_data: null });
    const saved = await save(owner, {
      choice: 'provide_content_to_contact',
      language: 'nb_NO',
      contact_information: [{ ...CONTACT, name: '  Kari Nordmann ' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await c.send(owner, 'GET', '/digital_legacy')).json<DigitalLegacyResponse>();
    expect(read.digital_legacy_data).toEqual({
      choice: 'provide_content_to_contact',
      language: 'nb_NO',
      contact_information: [CONTACT],
      updated_at: t.clock.now(),
    });
    // Another account has its own, empty.
    expect((await c.send(other, 'GET', '/digital_legacy')).json()).toEqual({ digital_legacy_data: null });
    // A new choice replaces the contact.
    expect(
      (await save(owner, { choice: 'do_not_provide_content_to_anybody', language: 'en_US' })).statusCode,
    ).toBe(200);
    const replaced = (await c.send(owner, 'GET', '/digital_legacy')).json<DigitalLegacyResponse>();
    expect(replaced.digital_legacy_data?.contact_information).toEqual([]);
  });

  it('refuses a caller without a token and an ended session (deny)', async () => {
    const owner = await signUp(t.app);
    const anonymous = await t.app.inject({ url: `/st/4/digital_legacy?${owner.query}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await c.send(owner, 'POST', '/logout')).statusCode).toBe(200);
    expect((await c.send(owner, 'GET', '/digital_legacy')).statusCode).toBe(401);
  });

  it('refuses what breaks the §5 rules, naming each field', async () => {
    const owner = await signUp(t.app);
    const refused = async (payload: object) => {
      const r = await save(owner, payload);
      expect(r.statusCode, r.body).toBe(400);
      return r.json<{ error: { code: string; issues: { path: string; message: string }[] } }>().error;
    };
    const bad = await refused({
      choice: 'provide_content_to_contact',
      language: 'en_US',
      contact_information: [{ name: ' ', address: 'A', email_address: 'kari@', phone_number: '+47 912' }],
    });
    expect(bad.code).toBe('validation_failed');
    expect(bad.issues).toEqual(
      expect.arrayContaining([
        { path: 'contact_information.0.name', message: 'Required' },
        { path: 'contact_information.0.email_address', message: 'Email address not valid' },
        {
          path: 'contact_information.0.phone_number',
          message: 'Entry can only contain + and 8 to 14 numbers',
        },
      ]),
    );
    for (const phone of ['1234567', '123456789012345', '++4791234567', '47-91234567'])
      await refused({
        choice: 'provide_content_to_contact',
        language: 'en_US',
        contact_information: [{ ...CONTACT, phone_number: phone }],
      });
    for (const phone of ['12345678', '+12345678901234'])
      expect(
        (
          await save(owner, {
            choice: 'provide_content_to_contact',
            language: 'en_US',
            contact_information: [{ ...CONTACT, phone_number: phone }],
          })
        ).statusCode,
      ).toBe(200);
    // A contact is needed exactly for provide_content_to_contact.
    await refused({ choice: 'provide_content_to_contact', language: 'en_US' });
    await refused({
      choice: 'do_not_provide_content_to_anybody',
      language: 'en_US',
      contact_information: [CONTACT],
    });
    await refused({ choice: 'give_it_all_away', language: 'en_US' });
  });
});
