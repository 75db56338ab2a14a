import { ChangeType, type JobChange } from '@trove/contract';
import { describe, expect, test, vi } from 'vitest';
import { RELOOK_TIMES, readChangesUpTo } from './changes-relook.ts';

const change = (serial: number): JobChange => ({ serial, type: ChangeType.FileAdded, data: {} }) as JobChange;

describe('reading the changes a poll announced (spec 000 §9: changes re-look 400 ms)', () => {
  test('one read when the list reaches the serial', async () => {
    const read = vi.fn(() => Promise.resolve([change(4), change(5)]));
    const pause = vi.fn(() => Promise.resolve());
    expect(await readChangesUpTo(read, 3, 5, pause)).toEqual({
      changes: [change(4), change(5)],
      isComplete: true,
    });
    expect(pause).not.toHaveBeenCalled();
  });

  test('a list that stops short is read again from where it stopped, 400 ms later', async () => {
    const pages = [[change(4)], [], [change(5), change(6)]];
    const read = vi.fn((since: number) => Promise.resolve(since >= 0 ? (pages.shift() ?? []) : []));
    const pause = vi.fn((ms: number) => Promise.resolve(ms));
    expect(await readChangesUpTo(read, 3, 6, pause)).toEqual({
      changes: [change(4), change(5), change(6)],
      isComplete: true,
    });
    expect(read.mock.calls.map(([since]) => since)).toEqual([3, 4, 4]);
    expect(pause.mock.calls).toEqual([[400], [400]]);
  });

  test('gives up after its re-looks, saying so', async () => {
    const read = vi.fn(() => Promise.resolve([] as JobChange[]));
    const pause = vi.fn(() => Promise.resolve());
    expect((await readChangesUpTo(read, 3, 9, pause)).isComplete).toBe(false);
    expect(read).toHaveBeenCalledTimes(RELOOK_TIMES + 1);
    expect(pause).toHaveBeenCalledTimes(RELOOK_TIMES);
  });
});
