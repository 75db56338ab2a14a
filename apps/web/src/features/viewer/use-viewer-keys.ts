import { useEffect, useEffectEvent } from 'react';
import type { Step } from './model.ts';

const STEP_KEYS: Partial<Record<string, Step>> = {
  ArrowLeft: 'previous',
  ArrowRight: 'next',
  Home: 'first',
  End: 'last',
};

/**
 * The viewer's keys (spec 000 §9 keyboard: arrows for direction, Escape cancels): arrows
 * step, Home and End go to the first and last file, Escape leaves. Off while `isEnabled`
 * is false (a confirmation is open and owns the keys), and never while typing.
 */
export function useViewerKeys(isEnabled: boolean, onStep: (step: Step) => void, onEscape: () => void) {
  const handleStep = useEffectEvent(onStep);
  const handleEscape = useEffectEvent(onEscape);
  useEffect(() => {
    if (!isEnabled) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target;
      if (
        target instanceof HTMLElement &&
        (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
      ) {
        return;
      }
      const step = STEP_KEYS[event.key];
      if (step) {
        event.preventDefault();
        handleStep(step);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        handleEscape();
      }
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [isEnabled]);
}
