import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiProvider } from '../../api/api-context.tsx';
import type { HttpClient } from '../../api/http-client.ts';
import { useLiveTimeline } from './use-live-timeline.ts';

describe('the timeline long poll (spec 000 §9: job polling retry 1 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('a failed poll is asked again after 1 s, not before', async () => {
    const poll = vi.fn(() => Promise.reject(new Error('offline')));
    const api = { poll } as unknown as HttpClient;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={new QueryClient()}>
        <ApiProvider client={api}>{children}</ApiProvider>
      </QueryClientProvider>
    );
    const { unmount } = renderHook(
      () => {
        useLiveTimeline('job-1', 7);
      },
      { wrapper },
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(poll).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(poll).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(poll).toHaveBeenCalledTimes(2);
    unmount();
  });
});
