import type { DataAccessAvailability, PreparedDataExport } from '@trove/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../test/render.tsx';

const AVAILABILITY = 'GET /st/4/data_protection/request_data_access_availability';
const REQUEST = 'POST /st/4/data_protection/request_data_access';
const NOW = Date.now();
/** The privacy page's other calls, which this section's tests do not look at. */
const privacyPage = {
  'GET /st/4/data_protection/consent_values': { body: { consents: [] } },
  'GET /st/4/digital_legacy': { body: { digital_legacy_data: null } },
};
const HOUR = 3_600_000;

const available: DataAccessAvailability = {
  available: true,
  next_available_at: null,
  cooldown_hours: 24,
  preparing: false,
  current: null,
};
const current = { size: 1536 * 1024, count: 12, created_at: NOW - HOUR, expires_at: NOW + 23 * HOUR };
const cooling: DataAccessAvailability = {
  available: false,
  next_available_at: NOW + 23 * HOUR,
  cooldown_hours: 24,
  preparing: false,
  current,
};
const prepared: PreparedDataExport = {
  ...current,
  url: '/st/4/data_protection/request_data_access?export=e1&exp=1&sid=s&sig=x',
  file_name: 'trove-data-2026-11-23.zip',
};

/** Records the downloads handed to the browser (clickDownloadLink) instead of navigating. */
function downloads() {
  const clicked: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  return clicked;
}

describe('data access section (spec 001 §4 data access, §7 request_data_access)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test('requests the data, shows it is being prepared, then hands the signed URL to the browser', async () => {
    const clicked = downloads();
    let answered = false;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, requests } = renderApp({
      route: '/settings/privacy',
      routes: {
        ...privacyPage,
        [AVAILABILITY]: () => ({ body: answered ? cooling : available }),
        [REQUEST]: () => {
          answered = true;
          return { body: prepared, after: held };
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Privacy and consent', level: 1 })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Request my data' }));
    expect(await screen.findByText(/Preparing your data/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request my data' })).toBeNull();
    release();
    expect(await screen.findByText(/Your download has started: 1\.5 MB, 12 files\./)).toBeTruthy();
    expect(clicked).toEqual([{ href: `http://localhost:3000${prepared.url}`, download: prepared.file_name }]);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    // The browser keeps the download; the same copy can be fetched again, spending nothing.
    await user.click(screen.getByRole('button', { name: 'Download again' }));
    await vi.waitFor(() => {
      expect(clicked).toHaveLength(2);
    });
  });

  test('within the cooldown says when the next copy may be asked for and offers the last one again', async () => {
    renderApp({
      route: '/settings/privacy',
      routes: {
        ...privacyPage,
        [AVAILABILITY]: { body: cooling },
      },
    });
    expect(await screen.findByText('You have recently downloaded your data')).toBeTruthy();
    expect(
      screen.getByText(/A new copy can be requested once every 24 hours\. Please wait until/),
    ).toBeTruthy();
    expect(
      screen.getByText(/The copy you requested on .* \(1\.5 MB\) can be downloaded again until/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request my data' })).toBeNull();
  });

  test('says so in Norwegian, and without a copy left offers nothing to download', async () => {
    renderApp({
      route: '/settings/privacy',
      locale: 'nb_NO',
      routes: {
        ...privacyPage,
        [AVAILABILITY]: { body: { ...cooling, cooldown_hours: 48, current: null } },
      },
    });
    expect(await screen.findByText('Du har nylig lastet ned dataene dine')).toBeTruthy();
    expect(screen.getByText(/Du kan be om en ny kopi én gang per 48 timer\. Vent til/)).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Last ned en kopi av dataene dine' });
    expect(within(section).queryByRole('button')).toBeNull();
  });

  test('a request the cooldown refuses shows the cooldown, a failed one offers to try again', async () => {
    let state = available;
    const { user } = renderApp({
      route: '/settings/privacy',
      routes: {
        ...privacyPage,
        [AVAILABILITY]: () => ({ body: state }),
        [REQUEST]: () => {
          state = { ...cooling, current: null };
          return {
            status: 429,
            body: {
              error: { code: 'data_access_cooldown', message: 'You have recently downloaded your data.' },
            },
          };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Request my data' }));
    expect(await screen.findByText('You have recently downloaded your data')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    const failing = renderApp({
      route: '/settings/privacy',
      routes: {
        ...privacyPage,
        [AVAILABILITY]: { body: available },
        [REQUEST]: { status: 500 },
      },
    });
    await failing.user.click(
      (await screen.findAllByRole('button', { name: 'Request my data' })).at(-1) as HTMLElement,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong while preparing your data. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  test('shows a request of another tab being prepared', async () => {
    renderApp({
      route: '/settings/privacy',
      routes: {
        ...privacyPage,
        [AVAILABILITY]: { body: { ...available, preparing: true } },
      },
    });
    expect(await screen.findByText(/Preparing your data/)).toBeTruthy();
  });
});
