import { useEffect, useEffectEvent, type RefObject } from 'react';
import type { Step } from './model.ts';

const STEP_KEYS: Partial<Record<string, Step>> = {
  ArrowLeft: 'previous',
  ArrowRight: 'next',
  Home: 'first',
  End: 'last',
};

/** Marks a part of the viewer that handles its own keys (the comment panel): the viewer's are off there. */
const OWN_KEYS_ATTRIBUTE = 'data-own-keys';

/**
 * Whether a key press on `target` is the viewer's: on the viewer itself (or the page, when
 * nothing has focus), not while typing, not in a part that owns its keys, and not in a
 * dialog or menu opened over the viewer (they sit outside `root`).
 */
function isViewerTarget(target: EventTarget | null, root: HTMLElement | null): boolean {
  if (!(target instanceof HTMLElement)) return true;
  if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return false;
  if (target === document.body || !root) return true;
  return root.contains(target) && target.closest(`[${OWN_KEYS_ATTRIBUTE}]`) === null;
}

/** A TV remote's keys, as a browser on a TV or a remote's keyboard sends them (spec 000 §9). */
export type RemoteKey = 'back' | 'playPause' | 'stop';

const REMOTE_KEYS: Partial<Record<string, RemoteKey>> = { b: 'back', p: 'playPause', s: 'stop' };

/**
 * The viewer's keys (spec 000 §9 keyboard: arrows for direction, Escape cancels; remote
 * keys b, p, s for back, play/pause, stop): arrows step, Home and End go to the first and
 * last file, Escape leaves, Delete asks to delete the file (as the toolbar's button does),
 * and the remote keys go to `onRemote`. Off while `isEnabled`
 * is false (a confirmation is open and owns the keys), never while typing, and not for keys
 * pressed in a part of `root` that owns its keys or outside `root` (a dialog over it).
 */
export function useViewerKeys(
  isEnabled: boolean,
  handlers: {
    onStep: (step: Step) => void;
    onEscape: () => void;
    onDelete: () => void;
    onRemote: (key: RemoteKey) => void;
  },
  root?: RefObject<HTMLElement | null>,
) {
  const handleStep = useEffectEvent(handlers.onStep);
  const handleEscape = useEffectEvent(handlers.onEscape);
  const handleRemote = useEffectEvent(handlers.onRemote);
  const handleDelete = useEffectEvent(handlers.onDelete);
  useEffect(() => {
    if (!isEnabled) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (!isViewerTarget(event.target, root?.current ?? null)) return;
      const step = STEP_KEYS[event.key];
      const remote = REMOTE_KEYS[event.key.toLowerCase()];
      if (remote) {
        event.preventDefault();
        handleRemote(remote);
      } else if (step) {
        event.preventDefault();
        handleStep(step);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        handleEscape();
      } else if (event.key === 'Delete') {
        event.preventDefault();
        handleDelete();
      }
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [isEnabled, root]);
}
