import { screen, waitFor } from '@testing-library/react';
import { CLIENT_VERSION } from '@trove/contract';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AppRoutes } from '../../app/AppRoutes.tsx';
import { CrashReporting } from '../../app/CrashReporting.tsx';
import { testFlags } from '../../lib/test-flags.ts';
import { anAccount } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';

afterEach(() => {
  testFlags.set('qa_marker', false);
  testFlags.set('report_every_crash', false);
  sessionStorage.clear();
});

describe('test flags page (spec 001 §2, §9)', () => {
  test('lists the flags the client reads; one switched on shows the QA marker, which leads back', async () => {
    const { user } = renderApp({ route: '/settings/testFlags' });
    expect(await screen.findByRole('heading', { name: 'Test flags', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^QA: test mode/ })).toBeNull();
    const flag = screen.getByRole('checkbox', { name: /Show the QA marker/ });
    expect(screen.getByRole('checkbox', { name: /Report every crash/ })).toBeTruthy();
    await user.click(flag);
    expect(testFlags.active()).toEqual(['qa_marker']);
    expect(localStorage.getItem('trove.testFlags')).toBe('["qa_marker"]');
    const marker = await screen.findByRole('link', { name: /^QA: test mode/ });
    expect(marker.textContent).toBe('QA');
    expect(marker.getAttribute('href')).toBe('/settings/testFlags');
    await user.click(flag);
    expect(screen.queryByRole('link', { name: /^QA: test mode/ })).toBeNull();
  });

  test('the advanced page leads to the test flags and the developer test page', async () => {
    const { user } = renderApp({ route: '/settings/_advanced' });
    await user.click(await screen.findByRole('link', { name: /Developer test page/ }));
    expect(await screen.findByRole('heading', { name: 'Developer test page', level: 1 })).toBeTruthy();
  });
});

describe('developer test page (spec 001 §2)', () => {
  test("lists the server's supported extensions, not this build's", async () => {
    const { user, requests } = renderApp({
      route: '/settings/developerTest',
      routes: {
        'GET /st/4/supported_extensions': {
          body: { pictures: ['jpg', 'heic'], movies: ['mp4'], documents: ['pdf', 'odt', 'txt'] },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'List supported extensions' }));
    expect(await screen.findByText('jpg, heic')).toBeTruthy();
    expect(screen.getByText('Documents (3)')).toBeTruthy();
    expect(screen.getByText('pdf, odt, txt')).toBeTruthy();
    expect(requests.filter((r) => r.url.pathname === '/st/4/supported_extensions')).toHaveLength(1);
  });

  test('says so when the list cannot be fetched', async () => {
    const { user } = renderApp({
      route: '/settings/developerTest',
      routes: { 'GET /st/4/supported_extensions': { status: 500 } },
    });
    await user.click(await screen.findByRole('button', { name: 'List supported extensions' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The list of extensions could not be fetched.',
    );
  });

  test("deletes the payment provider's test data once and says it worked", async () => {
    const { user, requests } = renderApp({
      route: '/settings/developerTest',
      routes: { 'POST /st/4/test/delete_stripe_data': { body: { ok: true } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete payment test data' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The payment test data of your account was deleted.',
    );
    expect(requests.filter((r) => r.url.pathname === '/st/4/test/delete_stripe_data')).toHaveLength(1);
  });

  test('says so when the test data could not be deleted (a server without test routes: 404)', async () => {
    const { user } = renderApp({
      route: '/settings/developerTest',
      routes: { 'POST /st/4/test/delete_stripe_data': { status: 404 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete payment test data' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The payment test data could not be deleted.',
    );
  });
});

describe('app crash (spec 001 §8)', () => {
  function crashApp(permitted: string[]) {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const rendered = renderApp({
      route: '/settings/_advanced',
      routes: {
        'GET /st/4/account_info': { body: anAccount({ permitted_services: permitted }) },
        'POST /st/4/client_errors': { body: { accepted: true } },
      },
      element: (
        <CrashReporting>
          <AppRoutes />
        </CrashReporting>
      ),
    });
    return rendered;
  }
  const reports = (requests: ReturnType<typeof renderApp>['requests']) =>
    requests.filter((r) => r.url.pathname === '/st/4/client_errors');

  test('shows the generic text with Reload inside the frame, and reports it when analytics is permitted', async () => {
    testFlags.set('report_every_crash', true);
    const { user, requests } = crashApp(['analytics']);
    await user.click(await screen.findByRole('button', { name: 'Crash this page' }));
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    await waitFor(() => {
      expect(reports(requests)).toHaveLength(1);
    });
    expect(reports(requests)[0]?.body).toMatchObject({
      name: 'Error',
      message: 'crash test from the advanced settings page',
      client_version: CLIENT_VERSION,
    });
  });

  test('sends nothing without consent to analytics', async () => {
    testFlags.set('report_every_crash', true);
    const { user, requests } = crashApp([]);
    await user.click(await screen.findByRole('button', { name: 'Crash this page' }));
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong.' })).toBeTruthy();
    // The reporter's module loads and decides; give it the time it takes with consent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reports(requests)).toEqual([]);
  });
});
