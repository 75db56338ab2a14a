import { CHANGES_RELOOK_MS, type JobChange } from '@trove/contract';

/** How many times a change list that stops short is looked at again before giving up. */
export const RELOOK_TIMES = 3;

/**
 * The changes of a job from `since` up to `serial`, the serial the poll host announced
 * (spec 000 §7 poll host, §9 "changes re-look 400 ms"). A list may stop short of it: it
 * comes in pages, or the node that answers has not seen the newest changes yet. Then it is
 * read again from where it stopped, 400 ms later, up to {@link RELOOK_TIMES} times;
 * `isComplete` false means it still stops short and the caller refreshes everything.
 */
export async function readChangesUpTo(
  read: (since: number) => Promise<readonly JobChange[]>,
  since: number,
  serial: number,
  pause: (ms: number) => Promise<unknown>,
): Promise<{ changes: JobChange[]; isComplete: boolean }> {
  const changes: JobChange[] = [];
  let from = since;
  for (let look = 0; ; look += 1) {
    const page = await read(from);
    changes.push(...page);
    from = page.at(-1)?.serial ?? from;
    if (from >= serial) return { changes, isComplete: true };
    if (look === RELOOK_TIMES) return { changes, isComplete: false };
    await pause(CHANGES_RELOOK_MS);
  }
}
