import {
  createContext,
  useContext,
  useEffect,
  useEffectEvent,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useIntl } from 'react-intl';
import { Icon } from './icons.tsx';

/** How a toast looks and ends: success and error time out, progress lasts until code ends it. */
export type ToastKind = 'success' | 'error' | 'progress';

/** A button on a toast, e.g. Undo after a delete (spec 000 §8). */
export interface ToastAction {
  label: string;
  onAction: () => void;
}

/** What {@link Toasts.show} shows. */
export interface ToastOptions {
  kind: ToastKind;
  text: string;
  action?: ToastAction;
  /**
   * Identity of what the toast is about. A toast with the key of a shown toast replaces it,
   * except that two progress toasts with one key are one toast (spec 000 §4: in-progress
   * toasts are de-duplicated), which stays until every caller that showed it dismissed it.
   */
  key?: string;
  /** Time on screen of a success or error toast; spec 000 §8 says 4 s. */
  durationMs?: number;
}

/** The toast queue's commands, from {@link useToasts}. */
export interface Toasts {
  /** Queues a toast; returns its id for {@link Toasts.dismiss}. */
  show: (options: ToastOptions) => string;
  /** Ends a toast; a shared progress toast ends when its last holder dismissed it. */
  dismiss: (id: string) => void;
}

/** One toast in the queue. */
export interface ToastEntry {
  id: string;
  kind: ToastKind;
  text: string;
  action: ToastAction | undefined;
  key: string | undefined;
  durationMs: number;
  /** How many callers showed this progress toast and have not dismissed it yet. */
  holds: number;
  /** Grows when the toast is replaced, so its timer starts again. */
  revision: number;
}

/** spec 000 §8: toasts dismiss after 4 seconds. */
export const TOAST_DURATION_MS = 4000;
/** Toasts on screen at once; later ones wait their turn (spec 000 §4 toast queue). */
export const MAX_VISIBLE_TOASTS = 3;

/** The queue behind {@link ToastProvider}: plain state with subscribers, usable without React. */
export interface ToastStore extends Toasts {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => readonly ToastEntry[];
}

/** Creates an empty toast queue. */
export function createToastStore(): ToastStore {
  let entries: readonly ToastEntry[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const publish = (next: readonly ToastEntry[]) => {
    entries = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    show(options) {
      const existing = options.key === undefined ? undefined : entries.find((e) => e.key === options.key);
      const fields = {
        kind: options.kind,
        text: options.text,
        action: options.action,
        key: options.key,
        durationMs: options.durationMs ?? TOAST_DURATION_MS,
      };
      if (existing) {
        const isJoin = existing.kind === 'progress' && options.kind === 'progress';
        const replaced: ToastEntry = {
          ...existing,
          ...fields,
          holds: isJoin ? existing.holds + 1 : 1,
          revision: existing.revision + 1,
        };
        publish(entries.map((entry) => (entry === existing ? replaced : entry)));
        return existing.id;
      }
      const id = `toast-${String(nextId++)}`;
      publish([...entries, { id, ...fields, holds: 1, revision: 0 }]);
      return id;
    },
    dismiss(id) {
      const entry = entries.find((e) => e.id === id);
      if (!entry) return;
      if (entry.holds > 1) {
        publish(entries.map((e) => (e === entry ? { ...e, holds: e.holds - 1 } : e)));
      } else {
        publish(entries.filter((e) => e !== entry));
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => entries,
  };
}

const ToastContext = createContext<ToastStore | null>(null);

/**
 * Holds the app's toast queue and shows it in a polite live region: bottom-left on desktop,
 * full width at the bottom under 600 px. Mount once, inside the i18n provider.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createToastStore);
  return (
    <ToastContext value={store}>
      {children}
      <ToastRegion store={store} />
    </ToastContext>
  );
}

/** The toast queue's commands. Only valid below {@link ToastProvider}. */
export function useToasts(): Toasts {
  const store = useContext(ToastContext);
  if (store === null) throw new Error('useToasts must be used below ToastProvider');
  return store;
}

function ToastRegion({ store }: { store: ToastStore }) {
  const intl = useIntl();
  const entries = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return (
    <section className="toasts" aria-label={intl.formatMessage({ id: 'toast.region' })}>
      <div className="toasts__list" role="status" aria-live="polite">
        {entries.slice(0, MAX_VISIBLE_TOASTS).map((entry) => (
          <ToastItem
            key={`${entry.id}:${String(entry.revision)}`}
            entry={entry}
            onDismiss={() => {
              store.dismiss(entry.id);
            }}
          />
        ))}
      </div>
    </section>
  );
}

function ToastItem({ entry, onDismiss }: { entry: ToastEntry; onDismiss: () => void }) {
  const intl = useIntl();
  // The timer waits while the pointer or focus is on the toast, so an Undo can be reached.
  const [isHeld, setIsHeld] = useState(false);
  const handleTimeout = useEffectEvent(onDismiss);
  useEffect(() => {
    if (entry.kind === 'progress' || isHeld) return;
    const timer = setTimeout(handleTimeout, entry.durationMs);
    return () => {
      clearTimeout(timer);
    };
  }, [entry.kind, entry.durationMs, isHeld]);

  return (
    <div
      className={`toast toast--${entry.kind}`}
      onPointerEnter={() => {
        setIsHeld(true);
      }}
      onPointerLeave={() => {
        setIsHeld(false);
      }}
      onFocus={() => {
        setIsHeld(true);
      }}
      onBlur={() => {
        setIsHeld(false);
      }}
    >
      {entry.kind === 'progress' && <span className="spinner toast__spinner" aria-hidden="true" />}
      <span className="toast__text">{entry.text}</span>
      {entry.action && (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            entry.action?.onAction();
            onDismiss();
          }}
        >
          {entry.action.label}
        </button>
      )}
      {/* spec 000 §4: in-progress toasts cannot be dismissed. */}
      {entry.kind !== 'progress' && (
        <button
          type="button"
          className="toast__close"
          aria-label={intl.formatMessage({ id: 'toast.dismiss' })}
          onClick={onDismiss}
        >
          <Icon name="close" size={18} />
        </button>
      )}
    </div>
  );
}
