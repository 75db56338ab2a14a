import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { FakeAnswer, FakeRoutes, SeenRequest } from '../../../test/fake-fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { shareGrants } from '../../../album-access/grant-store.ts';
import { aShare, IN_30_DAYS, PASSWORD_REQUIRED, SHARE_ID } from './test-share.tsx';

const SIGNED_OUT = { login: { status: 'NOT_STARTED', notice: null }, token: null } as const;

/** The server of a share whose password is ' fjord 2026' (with its leading space). */
function protectedShare(auth?: (request: SeenRequest) => FakeAnswer): FakeRoutes {
  const granted = (request: SeenRequest) => request.headers.get('x-foreign-auth') === 'g-ok';
  return {
    [`GET /st/4/shares/${SHARE_ID}`]: (request) =>
      granted(request) ? { body: aShare({ has_password: true }) } : PASSWORD_REQUIRED,
    [`POST /st/4/shares/${SHARE_ID}/auth`]:
      auth ??
      ((request) =>
        (request.body as { password: string }).password === ' fjord 2026'
          ? { body: { grant: 'g-ok', expires: IN_30_DAYS } }
          : PASSWORD_REQUIRED),
  };
}

describe('the password page of a share (spec 000 §2, §5)', () => {
  test("a wrong password says 'Incorrect password'; the right one, sent as entered, opens the share", async () => {
    const { user, requests } = renderApp({
      ...SIGNED_OUT,
      route: `/share/${SHARE_ID}`,
      routes: protectedShare(),
    });
    expect(await screen.findByRole('heading', { name: 'These files are password protected' })).toBeTruthy();
    const field = screen.getByLabelText('Password');
    const submit = screen.getByRole('button', { name: 'Show files' });
    expect(submit).toHaveProperty('disabled', true);
    await user.type(field, 'fjord 2026');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password');
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.clear(field);
    await user.type(field, ' fjord 2026');
    await user.click(submit);
    expect(await screen.findByRole('heading', { name: 'Ola shared 3 files with you' })).toBeTruthy();

    // spec 000 §5: sent as entered, in the body (never a URL); the grant goes along after.
    const auths = requests.filter((r) => r.url.pathname.endsWith('/auth'));
    expect(auths.map((r) => r.body)).toEqual([{ password: 'fjord 2026' }, { password: ' fjord 2026' }]);
    expect(auths.every((r) => !r.url.search.includes('fjord'))).toBe(true);
    expect(requests.at(-1)?.headers.get('x-foreign-auth')).toBe('g-ok');
    expect(shareGrants.find(SHARE_ID)).toBe('g-ok');
  });

  test('a throttled try looks like a wrong password', async () => {
    const { user } = renderApp({
      ...SIGNED_OUT,
      route: `/share/${SHARE_ID}`,
      routes: protectedShare(() => ({
        status: 429,
        body: { error: { code: 'rate_limited', message: 'wait' } },
      })),
    });
    await user.type(await screen.findByLabelText('Password'), 'guess');
    await user.click(screen.getByRole('button', { name: 'Show files' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password');
  });

  test('offline says so rather than blaming the password', async () => {
    const { user } = renderApp({
      ...SIGNED_OUT,
      route: `/share/${SHARE_ID}`,
      routes: protectedShare(() => 'network'),
    });
    await user.type(await screen.findByLabelText('Password'), 'guess');
    await user.click(screen.getByRole('button', { name: 'Show files' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No Internet connection');
  });

  test('a stored grant that no longer opens the share is forgotten, and the password asked again', async () => {
    shareGrants.set(SHARE_ID, { grant: 'g-old', expires: IN_30_DAYS });
    const { requests } = renderApp({ ...SIGNED_OUT, route: `/share/${SHARE_ID}`, routes: protectedShare() });
    const page = await screen.findByRole('main');
    expect(await within(page).findByLabelText('Password')).toBeTruthy();
    expect(requests[0]?.headers.get('x-foreign-auth')).toBe('g-old');
    expect(shareGrants.find(SHARE_ID)).toBeUndefined();
  });
});
