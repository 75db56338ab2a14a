import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { localeStore } from '../i18n/locale-store.ts';
import { lazyScreen } from './lazy-screen.ts';
import { CrashReportContext, PartBoundary, ScreenBoundary } from './ScreenBoundary.tsx';
import { ToastProvider } from './toasts.tsx';

/** A screen whose chunk cannot be fetched, as after a deploy removed the old files. */
const Missing = lazyScreen<() => null>(() =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
);
const Present = lazyScreen(() => Promise.resolve(() => <h1>Albums</h1>));

function renderAt(route: string) {
  localeStore.setState({ locale: 'en_US' });
  return render(
    <I18nProvider>
      <ToastProvider>
        <MemoryRouter initialEntries={[route]}>
          <Link to="/albums">to albums</Link>
          <ScreenBoundary>
            <Routes>
              <Route path="/settings" element={<Missing />} />
              <Route path="/albums" element={<Present />} />
            </Routes>
          </ScreenBoundary>
        </MemoryRouter>
      </ToastProvider>
    </I18nProvider>,
  );
}

describe('lazy screens (See: [Note: Lazy screens])', () => {
  test('a screen whose chunk fails to load offers a reload', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/settings');
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  test('another route clears the failure', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/settings');
    await screen.findByRole('button', { name: 'Reload' });
    await userEvent.setup().click(screen.getByRole('link', { name: 'to albums' }));
    expect(await screen.findByRole('heading', { name: 'Albums' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  test('a part of a screen whose chunk fails shows an error toast with Reload', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localeStore.setState({ locale: 'nb_NO' });
    render(
      <I18nProvider>
        <ToastProvider>
          <PartBoundary>
            <Missing />
          </PartBoundary>
        </ToastProvider>
      </I18nProvider>,
    );
    expect(await screen.findByText('Denne siden kunne ikke lastes inn')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Last inn på nytt' })).toBeTruthy();
  });

  test('a screen that crashes shows the generic text with Reload, and is reported (spec 001 §8)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazyScreen(() =>
      Promise.resolve(function Broken(): ReactNode {
        throw new Error('a bug in the screen');
      }),
    );
    const reported: unknown[] = [];
    localeStore.setState({ locale: 'en_US' });
    render(
      <I18nProvider>
        <MemoryRouter>
          <CrashReportContext value={(error, stack) => reported.push([error, stack])}>
            <ScreenBoundary>
              <Broken />
            </ScreenBoundary>
          </CrashReportContext>
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(reported).toEqual([[new Error('a bug in the screen'), expect.stringContaining('Broken')]]);
  });

  test('an error in a part of a screen that is not a failed chunk goes on up', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazyScreen(() =>
      Promise.resolve(() => {
        throw new Error('a bug in the part');
      }),
    );
    const caught: unknown[] = [];
    class Outer extends Component<{ children: ReactNode }, { error: unknown }> {
      override state = { error: null as unknown };
      static getDerivedStateFromError(error: unknown) {
        caught.push(error);
        return { error };
      }
      override render() {
        return this.state.error ? <p>outer boundary</p> : this.props.children;
      }
    }
    render(
      <I18nProvider>
        <ToastProvider>
          <Outer>
            <PartBoundary>
              <Broken />
            </PartBoundary>
          </Outer>
        </ToastProvider>
      </I18nProvider>,
    );
    expect(await screen.findByText('outer boundary')).toBeTruthy();
    expect(String(caught[0])).toContain('a bug in the part');
  });
});
