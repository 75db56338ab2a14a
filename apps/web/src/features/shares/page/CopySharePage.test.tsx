import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { SeenRequest } from '../../../test/fake-fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { RoutesWithLocation } from '../../../test/visitor.tsx';
import { savePendingLogin } from '../../auth/index.ts';
import { shareGrants } from '../../../album-access/grant-store.ts';
import { copied, IN_30_DAYS, NOT_FOUND, PASSWORD_REQUIRED, SHARE_ID } from './test-share.tsx';

const PATH = `/share/${SHARE_ID}/copyShare`;
const KEEP = `POST /st/4/jobs/${SHARE_ID}/keep-all-files`;
const location = () => screen.getByTestId('location').textContent;
const keeps = (requests: SeenRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/keep-all-files'));

describe('/share/{shareId}/copyShare (spec 000 §2, §6)', () => {
  test('signed out, it sends to the login with the copy to come back to, and copies nothing', async () => {
    const { requests } = renderApp({
      route: PATH,
      login: { status: 'NOT_STARTED', notice: null },
      token: null,
      element: <RoutesWithLocation />,
    });
    await waitFor(() => {
      expect(location()).toBe(`/login?redir=${encodeURIComponent(PATH)}`);
    });
    expect(keeps(requests)).toEqual([]);
  });

  test('the pending copy resumes after sign-in, with the grant the visitor had', async () => {
    shareGrants.set(SHARE_ID, { grant: 'g-share', expires: IN_30_DAYS });
    savePendingLogin({ codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', state: 'st-1' });
    const { requests } = renderApp({
      route: '/oauth/callback?code=c-1&state=st-1',
      login: { status: 'NOT_STARTED', notice: null },
      token: null,
      routes: {
        'POST /idp/token': { body: { auth_token: 'new-token', user_uuid: 'user-1', redir: PATH } },
        [KEEP]: copied(3),
      },
    });
    expect(await screen.findByRole('heading', { name: '3 files added to your photos' })).toBeTruthy();
    const [keep] = keeps(requests);
    expect(keep?.headers.get('x-foreign-auth')).toBe('g-share');
    expect(keep?.headers.get('authorization')).toBe(`Basic ${btoa('token:new-token')}`);
  });

  test('signed in, it copies at once and leads to the timeline or back to the share', async () => {
    const { requests } = renderApp({ route: PATH, routes: { [KEEP]: copied(2, 1) } });
    expect(await screen.findByRole('heading', { name: '2 files added to your photos' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Error - 1 file not added');
    const page = screen.getByRole('main');
    expect(within(page).getByRole('link', { name: 'Go to my photos' }).getAttribute('href')).toBe('/photos');
    expect(within(page).getByRole('link', { name: 'Back to the shared files' }).getAttribute('href')).toBe(
      `/share/${SHARE_ID}`,
    );
    expect(keeps(requests)).toHaveLength(1);
  });

  test('out of storage (413) says so; Try again asks again', async () => {
    let calls = 0;
    const { user } = renderApp({
      route: PATH,
      routes: {
        [KEEP]: () =>
          ++calls === 1
            ? { status: 413, body: { error: { code: 'quota_exceeded', message: 'full' } } }
            : copied(1),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Insufficient storage' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: '1 file added to your photos' })).toBeTruthy();
  });

  test("any other failure: 'Failed to add files - please try again'", async () => {
    renderApp({ route: PATH, routes: { [KEEP]: { status: 500 } } });
    expect(
      await screen.findByRole('heading', { name: 'Failed to add files - please try again' }),
    ).toBeTruthy();
  });

  test('a share that is gone is share not found', async () => {
    renderApp({ route: PATH, routes: { [KEEP]: NOT_FOUND } });
    expect(await screen.findByRole('heading', { name: 'Share not found' })).toBeTruthy();
  });

  test('a share that wants its password again goes back to it', async () => {
    renderApp({
      route: PATH,
      routes: { [KEEP]: PASSWORD_REQUIRED, [`GET /st/4/shares/${SHARE_ID}`]: PASSWORD_REQUIRED },
      element: <RoutesWithLocation />,
    });
    expect(await screen.findByRole('heading', { name: 'These files are password protected' })).toBeTruthy();
    expect(location()).toBe(`/share/${SHARE_ID}`);
  });
});
