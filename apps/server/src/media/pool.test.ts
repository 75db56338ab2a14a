import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MediaError } from './errors.ts';
import { closeHeicWorkers, decodeHeic } from './heic.ts';
import { createLimiter } from './pool.ts';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

afterAll(closeHeicWorkers);

describe('createLimiter', () => {
  it('runs at most N tasks at once, in arrival order', async () => {
    const limiter = createLimiter(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (id: number) => async () => {
      started.push(id);
      running += 1;
      peak = Math.max(peak, running);
      await tick();
      running -= 1;
      return id;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((id) => limiter.run(task(id))));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect([limiter.active, limiter.pending]).toEqual([0, 0]);
  });

  it('frees the slot when a task throws', async () => {
    const limiter = createLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('drops a waiting task whose signal aborts', async () => {
    const limiter = createLimiter(1);
    let release = () => {};
    const first = limiter.run(() => new Promise<void>((resolve) => (release = resolve)));
    const controller = new AbortController();
    const waiting = limiter.run(() => Promise.resolve('never'), controller.signal);
    expect(limiter.pending).toBe(1);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ reason: 'aborted' });
    expect(limiter.pending).toBe(0);
    release();
    await first;
    expect(limiter.active).toBe(0);
  });

  it('refuses a bound below 1', () => {
    expect(() => createLimiter(0)).toThrow(RangeError);
  });
});

describe('HEIC worker pool', () => {
  it('decodes in a worker without blocking the event loop', async () => {
    const buffer = await readFile(fixture('photo.heic'));
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    const pixels = await decodeHeic(buffer);
    clearInterval(timer);
    expect([pixels.width, pixels.height, pixels.data.length]).toEqual([512, 384, 512 * 384 * 4]);
    expect(ticks).toBeGreaterThan(0);
  });

  it('kills a worker that runs past its timeout, and the next decode still works', async () => {
    await closeHeicWorkers(); // a cold worker needs ~100 ms to start: 1 ms cannot be met
    const error: unknown = await decodeHeic(fixture('photo.heic'), { timeoutMs: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).reason).toBe('timeout');
    expect((await decodeHeic(fixture('photo.heic'))).width).toBe(512);
  });

  it('rejects an aborted decode with `aborted`', async () => {
    const buffer = await readFile(fixture('photo.heic'));
    const controller = new AbortController();
    // A buffer goes to the worker at once, so this aborts a running decode (the worker is killed).
    const decoding = decodeHeic(buffer, { signal: controller.signal });
    controller.abort();
    await expect(decoding).rejects.toMatchObject({ reason: 'aborted' });
  });

  it('reports content that is not HEIC as unsupported, garbage in a HEIC box as corrupt', async () => {
    await expect(decodeHeic(fixture('photo-exif.jpg'))).rejects.toMatchObject({ reason: 'unsupported' });
    const heic = await readFile(fixture('photo.heic'));
    const garbled = Buffer.concat([heic.subarray(0, 40), Buffer.alloc(200, 0xab)]);
    await expect(decodeHeic(garbled)).rejects.toMatchObject({ reason: 'corrupt' });
  });
});
