import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { aDevice } from '../../test/factories.ts';
import { renderApp } from '../../test/render.tsx';

const THIS = aDevice({ id: 'd-this', name: 'Trove Web' });
const PHONE = aDevice({ id: 'd-phone', name: 'Pixel 8' });

describe('connected devices (spec 001 §2)', () => {
  test('lists the devices and marks this one, which cannot be removed', async () => {
    renderApp({
      route: '/settings/devices',
      routes: { 'GET /st/4/devices': { body: { current: THIS, devices: [THIS, PHONE] } } },
    });
    const list = await screen.findByRole('list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('This device')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Remove Pixel 8' })).toBeTruthy();
  });

  test('removes another device after confirmation and refreshes the list', async () => {
    let devices = [THIS, PHONE];
    const { user, requests } = renderApp({
      route: '/settings/devices',
      routes: {
        'GET /st/4/devices': () => ({ body: { current: THIS, devices } }),
        'DELETE /st/4/devices/d-phone': () => {
          devices = [THIS];
          return { body: { ok: true } };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Pixel 8' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove device?' });
    expect(dialog.textContent).toContain('Pixel 8 will be signed out');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => {
      expect(screen.queryByText('Pixel 8')).toBeNull();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter((r) => r.url.pathname === '/st/4/devices')).toHaveLength(2);
  });

  test('cancelling the confirmation keeps the device', async () => {
    const { user, requests } = renderApp({
      route: '/settings/devices',
      routes: { 'GET /st/4/devices': { body: { current: THIS, devices: [THIS, PHONE] } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Pixel 8' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });
});
