import { useSyncExternalStore } from 'react';

/**
 * [Note: Test flags] Client test flags (spec 001 §2 Test flags page, §9 "A QA marker shows on
 * staging or active test flags"): switches a developer or an operator's tester sets in this
 * browser only (localStorage), on /settings/testFlags. Each one is read somewhere in the
 * client; the QA marker shows while any is on, so a screenshot says it was taken under them.
 */
export const TEST_FLAGS = [
  /** Shows the QA marker and nothing else: marks a tester's browser. */
  'qa_marker',
  /** Reports every app crash, not a sample of them (spec 001 §9 error sample rate). */
  'report_every_crash',
] as const;
export type TestFlag = (typeof TEST_FLAGS)[number];

const STORAGE_KEY = 'trove.testFlags';

/** The flags of one browser, with change notification for React. */
export interface TestFlagStore {
  /** The flags that are on, in {@link TEST_FLAGS} order; the same array until one changes. */
  active: () => readonly TestFlag[];
  set: (flag: TestFlag, on: boolean) => void;
  subscribe: (listener: () => void) => () => void;
}

/** A store over `storage`; one that throws (storage blocked) reads as no flags set. */
export function createTestFlagStore(storage: Storage | undefined): TestFlagStore {
  const listeners = new Set<() => void>();
  const read = (): readonly TestFlag[] => {
    try {
      const stored: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]');
      return TEST_FLAGS.filter((flag) => Array.isArray(stored) && stored.includes(flag));
    } catch {
      return [];
    }
  };
  let active = read();
  return {
    active: () => active,
    set(flag, on) {
      const next = TEST_FLAGS.filter((f) => (f === flag ? on : active.includes(f)));
      try {
        storage?.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Blocked storage: the flag holds until the page is left.
      }
      active = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** This browser's test flags. */
export const testFlags: TestFlagStore = createTestFlagStore(globalThis.localStorage);

/** The flags that are on, re-rendering when one changes. */
export function useActiveTestFlags(store: TestFlagStore = testFlags): readonly TestFlag[] {
  return useSyncExternalStore(store.subscribe, store.active);
}

/** A staging host (spec 001 §9): a `staging` label or a label ending in `-staging`. */
export function isStagingHost(hostname: string): boolean {
  return hostname.split('.').some((label) => label === 'staging' || label.endsWith('-staging'));
}
