import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../../test/render.tsx';

const PATH = 'POST /st/4/data_protection/request_account_deletion';
const SCHEDULED = { status: 'scheduled', due: 1_800_000_000, email: 'ada@example.com' };

/** Account deletion on the privacy page (spec 001 §2, §4, §8). */
describe('account deletion', () => {
  test('asks first, then requests it in the UI language and signs out, saying why', async () => {
    const { user, requests } = renderApp({
      route: '/settings/privacy',
      locale: 'nb_NO',
      routes: { [PATH]: { body: SCHEDULED } },
    });
    await user.click(await screen.findByRole('button', { name: 'Slett kontoen' }));
    const dialog = screen.getByRole('dialog', { name: 'Vil du slette kontoen din?' });
    expect(dialog.textContent).toContain('slettes innen 30 dager');
    expect(dialog.textContent).toContain('ada@example.com');
    // Cancel comes first and has the focus: a stray Enter deletes nothing.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await user.click(within(dialog).getByRole('button', { name: 'Slett kontoen' }));
    expect(await screen.findByText(/Du er logget ut på alle enhetene dine/)).toBeTruthy();
    const sent = requests.filter((r) => `${r.method} ${r.url.pathname}` === PATH);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url.searchParams.get('app_lang')).toBe('nb_NO');
    expect(localStorage.getItem('trove.auth_token')).toBeNull();
  });

  test('a failure shows the spec text with its reason, and the retry can succeed', async () => {
    let answers: ({ status: number; body: unknown } | 'network')[] = [
      'network',
      { status: 503, body: { error: { code: 'internal_error', message: 'down' } } },
      { status: 200, body: SCHEDULED },
    ];
    const { user } = renderApp({
      route: '/settings/privacy',
      routes: {
        [PATH]: () => {
          const [next, ...rest] = answers;
          answers = rest;
          return next ?? 'network';
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong when we processed your request for deletion.');
    expect(alert.textContent).toContain('Check your internet connection');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(within(dialog).getByRole('alert').textContent).toContain('temporarily unavailable');
    });
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/You have been signed out on all your devices/)).toBeTruthy();
  });

  test('cancelling sends nothing', async () => {
    const { user, requests } = renderApp({ route: '/settings/privacy' });
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
