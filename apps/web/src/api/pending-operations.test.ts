import { OkResponse, type ServiceDirectory } from '@trove/contract';
import { describe, expect, test, vi } from 'vitest';
import { createHttpClient } from './http-client.ts';
import { createPendingOperations, installLeaveWarning } from './pending-operations.ts';

/** A window stand-in that keeps its beforeunload listeners. */
function fakeWindow() {
  const listeners = new Set<EventListenerOrEventListenerObject>();
  return {
    target: {
      addEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
        if (type === 'beforeunload') listeners.add(listener);
      },
      removeEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
        if (type === 'beforeunload') listeners.delete(listener);
      },
    } as Pick<Window, 'addEventListener' | 'removeEventListener'>,
    /** Fires beforeunload; answers whether the page was asked to stay, and the text set. */
    leave() {
      // jsdom's Event keeps returnValue a boolean; a browser's BeforeUnloadEvent keeps text.
      const seen = { isWarned: false, text: '' as unknown };
      const event = {
        preventDefault() {
          seen.isWarned = true;
        },
        set returnValue(value: unknown) {
          seen.text = value;
        },
      } as unknown as BeforeUnloadEvent;
      for (const listener of listeners) {
        if (typeof listener === 'function') listener(event);
        else listener.handleEvent(event);
      }
      return seen;
    },
    get count() {
      return listeners.size;
    },
  };
}

describe('the leave warning (spec 000 §4: "Changes might be lost")', () => {
  test('warns while any operation is pending, and only then listens', () => {
    const registry = createPendingOperations();
    const page = fakeWindow();
    installLeaveWarning(registry, () => 'Changes might be lost', page.target);
    expect(page.count).toBe(0);
    const releaseCopy = registry.hold();
    const releaseDelete = registry.hold();
    expect(page.leave()).toEqual({ isWarned: true, text: 'Changes might be lost' });
    releaseCopy();
    releaseCopy();
    expect(registry.count).toBe(1);
    expect(page.leave().isWarned).toBe(true);
    releaseDelete();
    expect(page.count).toBe(0);
    expect(page.leave().isWarned).toBe(false);
  });

  test('the uninstall removes the listener', () => {
    const registry = createPendingOperations();
    const page = fakeWindow();
    const uninstall = installLeaveWarning(registry, () => 'x', page.target);
    registry.hold();
    expect(page.count).toBe(1);
    uninstall();
    expect(page.count).toBe(0);
  });
});

describe('the HTTP client holds it for every change in flight', () => {
  const directory = { app: 'http://h', poll: 'http://h', login: 'http://h' } as ServiceDirectory;

  function setup() {
    const pending = createPendingOperations();
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const client = createHttpClient({
      directory,
      session: { findToken: () => undefined, getDeviceId: () => 'd' },
      fetch,
      pending,
      logger: { warn: () => undefined },
    });
    const ok = () => {
      answer(new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }));
    };
    return { client, pending, ok };
  }

  test.each(['POST', 'PUT', 'DELETE'] as const)('a %s until its answer', async (method) => {
    const { client, pending, ok } = setup();
    const call = client.app('/jobs/x/copy_files', OkResponse, { method, body: {} });
    expect(pending.count).toBe(1);
    ok();
    await call;
    expect(pending.count).toBe(0);
  });

  test('a failed change lets go too', async () => {
    const { pending } = setup();
    const failing = createHttpClient({
      directory,
      session: { findToken: () => undefined, getDeviceId: () => 'd' },
      fetch: () => Promise.reject(new TypeError('offline')),
      pending,
      logger: { warn: () => undefined },
      onOnlineChange: () => undefined,
    });
    await expect(failing.app('/jobs/x', OkResponse, { method: 'DELETE' })).rejects.toThrow();
    expect(pending.count).toBe(0);
  });

  test('not a read, a quiet call or a keepalive one', () => {
    const { client, pending } = setup();
    void client.app('/jobs/x/info', OkResponse);
    void client.app('/user_statistics_events', OkResponse, { method: 'POST', body: {}, isQuiet: true });
    void client.app('/user_statistics_events', OkResponse, { method: 'POST', body: {}, keepalive: true });
    expect(pending.count).toBe(0);
  });
});
