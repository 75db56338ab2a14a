import { RemoteFile } from '@trove/contract';
import { describe, expect, test, vi } from 'vitest';
import { aFile } from '../test/factories.ts';
import { checkInSlices } from './check-in-slices.ts';
import { HttpError } from './http-error.ts';

describe('checkInSlices: a long answer checked against the contract a slice at a time', () => {
  test('gives back every item, checked, in order', async () => {
    const files = Array.from({ length: 50 }, (_, index) => aFile({ id: `f${String(index)}` }));
    await expect(checkInSlices(files, RemoteFile)).resolves.toEqual(files);
  });

  test('one item off the contract fails the whole list as invalid_response', async () => {
    const items: unknown[] = [aFile(), { id: 'no other field' }, aFile()];
    const failure = await checkInSlices(items, RemoteFile).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).code).toBe('invalid_response');
  });

  test('gives the main thread back once a slice ran long, and stops when aborted there', async () => {
    // A clock that moves 5 ms a call: every second item ends a slice.
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 5));
    const controller = new AbortController();
    let checkedBeforeAbort = 0;
    const parser = {
      parse: (value: unknown) => {
        checkedBeforeAbort++;
        if (checkedBeforeAbort === 3) controller.abort();
        return value;
      },
    };
    try {
      await expect(checkInSlices([1, 2, 3, 4, 5, 6], parser, controller.signal)).rejects.toThrow();
      // The abort came while checking the third; the next yield noticed it.
      expect(checkedBeforeAbort).toBeLessThan(6);
    } finally {
      clock.mockRestore();
    }
  });
});
