import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { localeStore } from '../i18n/locale-store.ts';
import { createToastStore, ToastProvider, useToasts, type Toasts } from './toasts.tsx';

/** Renders the provider and hands back its commands, as a component below it gets them. */
function renderToasts(): Toasts {
  localeStore.setState({ locale: 'en_US' });
  let toasts: Toasts | undefined;
  function Probe() {
    toasts = useToasts();
    return null;
  }
  render(
    <I18nProvider>
      <ToastProvider>
        <Probe />
      </ToastProvider>
    </I18nProvider>,
  );
  if (!toasts) throw new Error('probe did not render');
  return toasts;
}

const region = () => screen.getByRole('region', { name: 'Notifications' });

describe('toast store', () => {
  test('progress toasts with one key are one toast, ended by the last holder', () => {
    const store = createToastStore();
    const first = store.show({ kind: 'progress', text: 'Deleting…', key: 'deleting' });
    const second = store.show({ kind: 'progress', text: 'Deleting…', key: 'deleting' });
    expect(second).toBe(first);
    expect(store.getSnapshot()).toHaveLength(1);
    store.dismiss(first);
    expect(store.getSnapshot()).toHaveLength(1);
    store.dismiss(second);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  test('a keyed toast replaces the toast with its key', () => {
    const store = createToastStore();
    const id = store.show({ kind: 'progress', text: 'Copying…', key: 'copy' });
    store.show({ kind: 'success', text: 'Image copied', key: 'copy' });
    expect(store.getSnapshot()).toEqual([
      expect.objectContaining({ id, kind: 'success', text: 'Image copied' }),
    ]);
  });

  test('toasts without a key are never merged', () => {
    const store = createToastStore();
    store.show({ kind: 'error', text: 'Failed to copy!' });
    store.show({ kind: 'error', text: 'Failed to copy!' });
    expect(store.getSnapshot()).toHaveLength(2);
  });
});

describe('ToastProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('shows toasts in a polite live region', () => {
    const toasts = renderToasts();
    act(() => {
      toasts.show({ kind: 'success', text: '1 file deleted' });
    });
    expect(within(region()).getByRole('status')).toHaveProperty('ariaLive', 'polite');
    expect(within(region()).getByText('1 file deleted')).toBeTruthy();
  });

  test('success and error toasts go after 4 s (spec 000 §8), or after their own duration', () => {
    const toasts = renderToasts();
    act(() => {
      toasts.show({ kind: 'success', text: 'Image copied' });
      toasts.show({ kind: 'error', text: 'Failed to add album', durationMs: 5500 });
    });
    act(() => {
      vi.advanceTimersByTime(3999);
    });
    expect(screen.queryByText('Image copied')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Image copied')).toBeNull();
    expect(screen.queryByText('Failed to add album')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(screen.queryByText('Failed to add album')).toBeNull();
  });

  test('a progress toast cannot be dismissed and stays until code ends it (spec 000 §4)', () => {
    const toasts = renderToasts();
    let id = '';
    act(() => {
      id = toasts.show({ kind: 'progress', text: 'Deleting…', key: 'deleting' });
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('Deleting…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    act(() => {
      toasts.dismiss(id);
    });
    expect(screen.queryByText('Deleting…')).toBeNull();
  });

  test('the user dismisses a success toast with its close button', () => {
    const toasts = renderToasts();
    act(() => {
      toasts.show({ kind: 'success', text: 'Image copied' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Image copied')).toBeNull();
  });

  test('an action runs once and ends its toast', () => {
    const toasts = renderToasts();
    const onAction = vi.fn();
    act(() => {
      toasts.show({ kind: 'success', text: '2 files deleted', action: { label: 'Undo', onAction } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onAction).toHaveBeenCalledOnce();
    expect(screen.queryByText('2 files deleted')).toBeNull();
  });

  test('the timer waits while the pointer is on the toast', () => {
    const toasts = renderToasts();
    act(() => {
      toasts.show({ kind: 'success', text: '1 file deleted' });
    });
    fireEvent.pointerEnter(screen.getByText('1 file deleted'));
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByText('1 file deleted')).not.toBeNull();
    fireEvent.pointerLeave(screen.getByText('1 file deleted'));
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.queryByText('1 file deleted')).toBeNull();
  });

  test('at most three show at once; the next one waits its turn', () => {
    const toasts = renderToasts();
    act(() => {
      for (const n of [1, 2, 3, 4]) toasts.show({ kind: 'error', text: `error ${String(n)}` });
    });
    expect(screen.queryByText('error 4')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0] as HTMLElement);
    expect(screen.queryByText('error 1')).toBeNull();
    expect(screen.getByText('error 4')).toBeTruthy();
  });

  test('useToasts outside the provider is a programming error', () => {
    function Orphan() {
      useToasts();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Orphan />)).toThrow('useToasts must be used below ToastProvider');
  });
});
