import type { KeyboardEvent } from 'react';

/**
 * The WAI-ARIA menu's moves: ArrowDown and ArrowUp (wrapping), Home and End focus another
 * of `items`. Answers whether `event` was one of those keys (then it is used up).
 */
export function moveMenuFocus(event: KeyboardEvent, items: readonly (HTMLButtonElement | null)[]): boolean {
  const buttons = items.filter((item): item is HTMLButtonElement => item !== null);
  const index = buttons.findIndex((item) => item === document.activeElement);
  const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 };
  if (!(event.key in moves)) return false;
  event.preventDefault();
  const target = ((moves[event.key] ?? 0) + buttons.length) % buttons.length;
  buttons[target]?.focus();
  return true;
}
