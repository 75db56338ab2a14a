import { afterEach, describe, expect, test, vi } from 'vitest';
import { createHasher, HASH_WORKERS_MAX, hashWorkers, type HashRequest } from './hasher.ts';
import { createUploadHashes } from './upload-hashes.ts';

/**
 * A stand-in for the browser's Worker that records what it was sent and answers when the
 * test says so, so the pool's choices can be seen one message at a time.
 */
class RecordingWorker {
  static made: RecordingWorker[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  sent: HashRequest[] = [];
  terminated = false;
  constructor() {
    RecordingWorker.made.push(this);
  }
  postMessage(message: HashRequest) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(id: number, sha1: string) {
    this.onmessage?.({ data: { id, sha1, bytes: 1, ms: 1 } } as MessageEvent);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  RecordingWorker.made = [];
});

describe('the hashing pool (see [Note: Upload hashing])', () => {
  test('has one worker per core, at least one and at most HASH_WORKERS_MAX', () => {
    expect(hashWorkers(1)).toBe(1);
    expect(hashWorkers(2)).toBe(2);
    expect(hashWorkers(64)).toBe(HASH_WORKERS_MAX);
    expect(hashWorkers(undefined)).toBe(2);
    expect(hashWorkers(0)).toBe(2);
  });

  test('spreads files over its workers, the least busy first, and answers each file its own hash', async () => {
    vi.stubGlobal('Worker', RecordingWorker);
    const hasher = createHasher(2);
    const first = hasher.sha1(new Blob(['a']));
    const second = hasher.sha1(new Blob(['b']));
    const third = hasher.sha1(new Blob(['c']));
    expect(RecordingWorker.made).toHaveLength(2);
    const [one, two] = RecordingWorker.made;
    expect(one?.sent.map((message) => message.id)).toEqual([0, 2]);
    expect(two?.sent.map((message) => message.id)).toEqual([1]);
    two?.answer(1, 'b'.repeat(40));
    one?.answer(0, 'a'.repeat(40));
    // The second worker is idle now: the next file goes there, not behind file 2.
    const fourth = hasher.sha1(new Blob(['d']));
    expect(two?.sent.map((message) => message.id)).toEqual([1, 3]);
    one?.answer(2, 'c'.repeat(40));
    two?.answer(3, 'd'.repeat(40));
    await expect(Promise.all([first, second, third, fourth])).resolves.toEqual([
      'a'.repeat(40),
      'b'.repeat(40),
      'c'.repeat(40),
      'd'.repeat(40),
    ]);
    hasher.dispose();
    expect(RecordingWorker.made.every((worker) => worker.terminated)).toBe(true);
  });

  test('a cancelled file is cancelled on the worker that has it', async () => {
    vi.stubGlobal('Worker', RecordingWorker);
    const hasher = createHasher(2);
    const abort = new AbortController();
    void hasher.sha1(new Blob(['a'])).catch(() => undefined);
    const cancelled = hasher.sha1(new Blob(['b']), abort.signal);
    abort.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(RecordingWorker.made[1]?.sent).toContainEqual({ type: 'cancel', id: 1 });
    expect(RecordingWorker.made[0]?.sent.some((message) => message.type === 'cancel')).toBe(false);
  });

  test('the uploader hashes as many queued files ahead as the pool is wide', () => {
    const started: string[] = [];
    const files = new Map(
      ['a', 'b', 'c', 'd'].map((name, index) => [index, { file: new File([name], name) }]),
    );
    const hashes = createUploadHashes(
      {
        files,
        queue: () => ({
          items: [0, 1, 2, 3].map((id) => ({ id, status: id === 0 ? 'Uploading' : 'Enqueued' })),
        }),
      } as unknown as Parameters<typeof createUploadHashes>[0],
      {
        width: 2,
        sha1: (file) => {
          started.push((file as File).name);
          return Promise.resolve('0'.repeat(40));
        },
        dispose: () => undefined,
      },
    );
    hashes.ahead(0);
    expect(started).toEqual(['b', 'c']);
  });
});
