import { createStore, type StoreApi } from 'zustand/vanilla';
import { INITIAL_UPLOADER_VIEW } from './uploader-types.ts';
import type { Uploader, UploaderView } from './uploader.ts';

/**
 * [Note: Lazy uploader] The upload engine (checks, hashing, tus, completion watches) is a
 * chunk of its own, fetched when the first files are added, so a cold load of /photos does
 * not carry it (issue #10; See: [Note: Lazy screens]). Until then this stand-in answers for
 * it: its store starts as the engine's does, notices and the panel's open state are plain
 * store changes, and calls about uploads in flight have nothing to act on. Once loaded, the
 * engine takes over the stand-in's state, and the stand-in's store reads and writes the
 * engine's, keeping the subscriptions made before.
 * A chunk that fails to load rejects `addFiles` (the callers show their "could not add"
 * notice) and is fetched again on the next try.
 */
export function createLazyUploader(load: () => Promise<Uploader>): Uploader {
  const own = createStore<UploaderView>(() => INITIAL_UPLOADER_VIEW);
  let target: StoreApi<UploaderView> = own;
  const listeners = new Set<(state: UploaderView, previous: UploaderView) => void>();
  const notify = (state: UploaderView, previous: UploaderView) => {
    for (const listener of listeners) listener(state, previous);
  };
  own.subscribe(notify);
  const store: StoreApi<UploaderView> = {
    getState: () => target.getState(),
    getInitialState: () => own.getInitialState(),
    setState: (partial, replace) => {
      if (replace === true) target.setState(partial as UploaderView, true);
      else target.setState(partial);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  let engine: Uploader | undefined;
  let loading: Promise<Uploader> | undefined;
  let isDisposed = false;

  const start = (): Promise<Uploader> =>
    (loading ??= load().then(
      (loaded) => {
        if (isDisposed) {
          loaded.dispose();
          throw new DOMException('the uploader was disposed', 'AbortError');
        }
        loaded.store.setState(own.getState(), true);
        loaded.store.subscribe(notify);
        target = loaded.store;
        engine = loaded;
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  /** A call about uploads in flight: none exist before the engine, so it waits for one on its way. */
  const onEngine = (call: (loaded: Uploader) => void) => {
    if (engine) call(engine);
    else if (loading) loading.then(call, () => undefined);
  };

  return {
    store,
    addFiles: (picked, target) => start().then((loaded) => loaded.addFiles(picked, target)),
    fileOf: (itemId) => engine?.fileOf(itemId),
    requestStop: () => {
      onEngine((loaded) => {
        loaded.requestStop();
      });
    },
    cancelStop: () => {
      onEngine((loaded) => {
        loaded.cancelStop();
      });
    },
    confirmStop: () => {
      onEngine((loaded) => {
        loaded.confirmStop();
      });
    },
    storageFreed: () => {
      onEngine((loaded) => {
        loaded.storageFreed();
      });
    },
    showNotice: (notice) => {
      if (engine) engine.showNotice(notice);
      else store.setState({ notice, isPanelOpen: true });
    },
    dismissNotice: () => {
      if (engine) engine.dismissNotice();
      else store.setState({ notice: null });
    },
    openPanel: () => {
      if (engine) engine.openPanel();
      else store.setState({ isPanelOpen: true });
    },
    closePanel: () => {
      if (engine) engine.closePanel();
      else store.setState({ isPanelOpen: false, notice: null });
    },
    dispose: () => {
      isDisposed = true;
      engine?.dispose();
    },
  };
}
