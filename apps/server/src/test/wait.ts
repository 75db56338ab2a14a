import { createHook } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';

const THIS_FILE = fileURLToPath(import.meta.url);

/**
 * Resolves once `check` holds, asking again every few milliseconds. The bound is generous
 * on purpose (a loaded machine is slow, not wrong): it exists only to fail with `what`
 * rather than with the test's bare timeout. Tests wait for what they mean with this, never
 * for a fixed time.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what = 'the condition',
  ms = 20_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Tracks async resources (sockets, timers, DNS requests…) created from now on that are not
 * destroyed yet, except promises and those created by vitest, this file or `ignoredFiles`
 * (their timers come and go). `drained()` resolves as soon as none is left, so a leak check waits
 * for the last close instead of sleeping and hoping it came; it rejects, naming what is still
 * alive, if something never goes.
 */
export function trackResources(ignoredFiles: readonly string[] = []) {
  const alive = new Map<number, string>();
  let onEmpty: (() => void) | undefined;
  const hook = createHook({
    init(id, type) {
      if (type === 'PROMISE') return;
      // Past the hook's own frame and then Node's: the first other frame is the creator.
      const lines = (new Error().stack ?? '').split('\n').slice(2);
      const by = lines.find((line) => !line.includes('(node:') && !line.includes(' node:')) ?? '';
      if (
        by.includes('/node_modules/vitest/') ||
        by.includes(THIS_FILE) ||
        ignoredFiles.some((file) => by.includes(file))
      )
        return;
      alive.set(id, `${type} ${by.trim()}`);
    },
    destroy(id) {
      alive.delete(id);
      if (alive.size === 0) onEmpty?.();
    },
  }).enable();
  return {
    alive: () => [...alive.values()],
    /** Resolves when every tracked resource is gone; stops tracking either way. */
    async drained(ms = 20_000): Promise<void> {
      const empty = new Promise<void>((resolve) => {
        onEmpty = resolve;
        if (alive.size === 0) resolve();
      });
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>(
        (resolve) =>
          (timer = setTimeout(() => {
            resolve('late');
          }, ms)),
      );
      const outcome = await Promise.race([empty, late]);
      clearTimeout(timer);
      hook.disable();
      if (outcome === 'late')
        throw new Error(`resources still alive: ${JSON.stringify([...alive.values()])}`);
    },
    stop: () => hook.disable(),
  };
}
