import { describe, expect, test, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { createLazyUploader } from './lazy-uploader.ts';
import { INITIAL_UPLOADER_VIEW } from './uploader-types.ts';
import type { PickedFile, Uploader, UploaderView } from './uploader.ts';

/** An engine that records its calls; its store starts as the real engine's does. */
function fakeEngine() {
  const store = createStore<UploaderView>(() => INITIAL_UPLOADER_VIEW);
  const calls: string[] = [];
  const engine: Uploader = {
    store,
    addFiles: (picked) => {
      calls.push(`addFiles ${String(picked.length)}`);
      store.setState({ preparing: picked.length, isPanelOpen: true });
      return Promise.resolve(true);
    },
    fileOf: () => undefined,
    requestStop: () => calls.push('requestStop'),
    cancelStop: () => calls.push('cancelStop'),
    confirmStop: () => calls.push('confirmStop'),
    storageFreed: () => calls.push('storageFreed'),
    showNotice: (notice) => {
      store.setState({ notice, isPanelOpen: true });
    },
    dismissNotice: () => {
      store.setState({ notice: null });
    },
    openPanel: () => {
      store.setState({ isPanelOpen: true });
    },
    closePanel: () => {
      store.setState({ isPanelOpen: false, notice: null });
    },
    dispose: () => calls.push('dispose'),
  };
  return { engine, calls };
}

const picked: PickedFile[] = [{ file: new File(['x'], 'a.jpg'), folder: '' }];

describe('the uploader loaded on demand (See: [Note: Lazy uploader])', () => {
  test('nothing is fetched until files are added; then the engine loads once', async () => {
    const { engine, calls } = fakeEngine();
    const load = vi.fn(() => Promise.resolve(engine));
    const uploader = createLazyUploader(load);
    uploader.requestStop();
    uploader.confirmStop();
    uploader.storageFreed();
    uploader.closePanel();
    expect(load).not.toHaveBeenCalled();

    await Promise.all([uploader.addFiles(picked), uploader.addFiles(picked)]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['addFiles 1', 'addFiles 1']);
    uploader.confirmStop();
    expect(calls.at(-1)).toBe('confirmStop');
  });

  test('a notice shown before the engine is kept when it arrives, and the store follows the engine', async () => {
    const { engine } = fakeEngine();
    const uploader = createLazyUploader(() => Promise.resolve(engine));
    uploader.showNotice('safariFolder');
    expect(uploader.store.getState()).toMatchObject({ notice: 'safariFolder', isPanelOpen: true });

    await uploader.addFiles(picked);
    expect(engine.store.getState().notice).toBe('safariFolder');
    expect(uploader.store.getState()).toMatchObject({ notice: 'safariFolder', preparing: 1 });
    uploader.dismissNotice();
    expect(uploader.store.getState().notice).toBeNull();
  });

  test('a chunk that fails to load rejects the add, and the next add fetches it again', async () => {
    const { engine, calls } = fakeEngine();
    const load = vi
      .fn<() => Promise<Uploader>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(engine);
    const uploader = createLazyUploader(load);
    await expect(uploader.addFiles(picked)).rejects.toThrow(TypeError);
    await expect(uploader.addFiles(picked)).resolves.toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
    expect(calls).toEqual(['addFiles 1']);
  });

  test('an engine arriving after dispose is disposed at once', async () => {
    const { engine, calls } = fakeEngine();
    let arrive: (loaded: Uploader) => void = () => undefined;
    const uploader = createLazyUploader(
      () =>
        new Promise<Uploader>((resolve) => {
          arrive = resolve;
        }),
    );
    const adding = uploader.addFiles(picked);
    uploader.dispose();
    arrive(engine);
    await expect(adding).rejects.toThrow('disposed');
    expect(calls).toEqual(['dispose']);
  });
});
