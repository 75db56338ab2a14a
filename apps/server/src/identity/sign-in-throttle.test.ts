import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, startLogin, type TestApp } from '../test/harness.ts';

/** See [Note: Sign-in throttle] in throttle.ts. */
describe.each(DIALECTS)('sign-in throttle (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const password = 'correct horse battery';
  const newEmail = () => `user-${randomBytes(4).toString('hex')}@example.com`;

  /** One sign-in (or sign-up) from an address, in a browser holding `cookie` (if any). */
  async function attempt(
    step: 'sign-in' | 'sign-up',
    options: { email: string; password: string; ip: string; cookie?: string },
  ) {
    const login = await startLogin(t.app);
    // A browser keeps its other cookies beside the login one.
    const cookie = options.cookie ? `${options.cookie}; ${login.cookie}` : login.cookie;
    return t.app.inject({
      method: 'POST',
      url: `/idp/${step}`,
      remoteAddress: options.ip,
      headers: { cookie },
      payload: { state: login.state, email: options.email, password: options.password, name: 'Ada' },
    });
  }

  /** Signs up from an address and returns the device cookie its browser now holds. */
  async function owner(ip: string) {
    const email = newEmail();
    const signedUp = await attempt('sign-up', { email, password, ip });
    expect(signedUp.statusCode).toBe(200);
    const device = signedUp.cookies.find((c) => c.name === 'trove_device');
    expect(device, 'the browser that signed up is remembered').toBeDefined();
    return { email, deviceCookie: `trove_device=${device?.value ?? ''}` };
  }

  it('parallel guesses are checked against the password no more often than the budget allows', async () => {
    const { email } = await owner('10.1.0.1');
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        attempt('sign-in', { email, password: `guess ${String(i)}`, ip: `10.1.1.${String(i + 1)}` }),
      ),
    );
    const statuses = guesses.map((g) => g.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('the owner signs in with the right password while the account is attacked elsewhere', async () => {
    const { email, deviceCookie } = await owner('10.2.0.1');
    for (let i = 0; i < 10; i++) await attempt('sign-in', { email, password: 'wrong', ip: '10.2.9.9' });
    const ownBrowser = await attempt('sign-in', { email, password, ip: '10.2.0.1', cookie: deviceCookie });
    expect(ownBrowser.statusCode).toBe(200);
    // In a new browser the owner is slowed down like the attacker, never shut out for long.
    const newBrowser = await attempt('sign-in', { email, password, ip: '10.2.0.1' });
    expect(newBrowser.statusCode).toBe(429);
    const wait = Number(newBrowser.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    t.clock.advance(wait * 1000);
    expect((await attempt('sign-in', { email, password, ip: '10.2.0.1' })).statusCode).toBe(200);
  });

  it('a device cookie of another account or a forged one buys no separate budget', async () => {
    const victim = await owner('10.6.0.1');
    const attacker = await owner('10.6.0.2');
    const forged = `trove_device=${randomBytes(16).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
    const statuses: number[] = [];
    for (const cookie of [attacker.deviceCookie, forged]) {
      for (let i = 0; i < 4; i++) {
        const guess = await attempt('sign-in', {
          email: victim.email,
          password: 'wrong',
          ip: '10.6.9.9',
          cookie,
        });
        statuses.push(guess.statusCode);
      }
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
  });

  it('a password spray from one address slows that address down, not its neighbours', async () => {
    const neighbour = await owner('10.3.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      const guess = await attempt('sign-in', { email: newEmail(), password: 'Summer2026!', ip: '10.3.0.1' });
      statuses.push(guess.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30)).toContain(429);
    const fromOtherAddress = await attempt('sign-in', { email: newEmail(), password: 'x', ip: '10.3.0.2' });
    expect(fromOtherAddress.statusCode).toBe(401);
    // Someone behind the same address who signed in on this browser before is let in.
    const known = await attempt('sign-in', {
      email: neighbour.email,
      password,
      ip: '10.3.0.1',
      cookie: neighbour.deviceCookie,
    });
    expect(known.statusCode).toBe(200);
    // One who did not waits at most a minute, and is not refused for good.
    const unknownBrowser = await attempt('sign-in', { email: neighbour.email, password, ip: '10.3.0.1' });
    expect(unknownBrowser.statusCode).toBe(429);
    expect(Number(unknownBrowser.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('sign-ups from one address, taken or made, are counted there: 10 an hour, 30 a day (issue #23)', async () => {
    const taken = [(await owner('10.4.0.1')).email, (await owner('10.4.0.1')).email];
    const statuses: number[] = [];
    // Probing which addresses have accounts and opening accounts count alike.
    for (let i = 0; i < 11; i++) {
      const step = await attempt('sign-up', {
        email: i % 2 ? (taken[i % 4 === 1 ? 0 : 1] ?? '') : newEmail(),
        password,
        ip: '10.4.0.2',
      });
      statuses.push(step.statusCode);
    }
    expect(statuses).toEqual([200, 409, 200, 409, 200, 409, 200, 409, 200, 409, 429]);
    const elsewhere = await attempt('sign-up', { email: newEmail(), password, ip: '10.4.0.3' });
    expect(elsewhere.statusCode).toBe(200);
    for (let hour = 1; hour <= 3; hour++) {
      t.clock.advance(3_600_000);
      const made: number[] = [];
      for (let i = 0; i < 10; i++)
        made.push((await attempt('sign-up', { email: newEmail(), password, ip: '10.4.0.2' })).statusCode);
      expect(made.every((s) => s === (hour < 3 ? 200 : 429))).toBe(true);
    }
  });

  it('sign-ups of one e-mail address are counted across clients: 5 an hour', async () => {
    const email = newEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await attempt('sign-up', { email, password, ip: `10.5.0.${String(i + 1)}` })).statusCode,
      );
    expect(statuses).toEqual([200, 409, 409, 409, 409, 429]);
  });

  it('IPv6 clients are counted per /64, so rotating addresses in one network buys nothing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const ip = `2001:db8:aa:bb:${(i + 1).toString(16)}::1`;
      statuses.push((await attempt('sign-in', { email: newEmail(), password: 'x', ip })).statusCode);
    }
    expect(statuses.slice(30)).toContain(429);
  });
});
