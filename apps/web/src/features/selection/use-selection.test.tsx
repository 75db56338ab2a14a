import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { previewOf, selectedIds } from './selectors.ts';
import { FEBRUARY, IDS, MARCH, MONTHS } from './test-timeline.ts';
import {
  SelectionProvider,
  useSelection,
  useSelectionActions,
  useSelectionState,
  type SelectionOptions,
} from './use-selection.ts';

/** The hook over the test timeline with every month loaded. */
function renderSelection(options: Partial<SelectionOptions> = {}) {
  const hook = renderHook((props: SelectionOptions) => useSelection(props), {
    initialProps: { months: MONTHS, ...options },
  });
  act(() => {
    for (const month of MONTHS) hook.result.current.actions.monthLoaded(month.key, IDS[month.key] ?? []);
  });
  return hook;
}

describe('useSelection', () => {
  test('click toggles, and with shift selects the range', () => {
    const { result } = renderSelection();
    act(() => {
      result.current.actions.click('a2', false);
    });
    act(() => {
      result.current.actions.click('b1', true, FEBRUARY);
    });
    expect(selectedIds(result.current.state)).toEqual(['a2', 'a3', 'b1']);
  });

  test('Escape clears the selection (spec 000 §4); an Escape a dialog handled does not', () => {
    const { result } = renderSelection();
    act(() => {
      result.current.actions.selectMonth(MARCH);
    });
    const handled = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true });
    handled.preventDefault();
    act(() => {
      window.dispatchEvent(handled);
    });
    expect(result.current.state.count).toBe(3);
    act(() => {
      fireEvent.keyDown(window, { key: 'Escape' });
    });
    expect(result.current.state.count).toBe(0);
  });

  test('pressing Shift over a file shows the range preview; releasing or leaving the window hides it', () => {
    const { result } = renderSelection();
    act(() => {
      result.current.actions.toggle('a1');
      result.current.actions.hover('a3', false);
    });
    expect(result.current.state.preview).toBeUndefined();
    act(() => {
      fireEvent.keyDown(window, { key: 'Shift' });
    });
    expect(previewOf(result.current.state, 'a2')).toBe('ToBeSelected');
    act(() => {
      fireEvent.keyUp(window, { key: 'Shift' });
    });
    expect(result.current.state.preview).toBeUndefined();
    act(() => {
      fireEvent.keyDown(window, { key: 'Shift' });
      fireEvent.blur(window);
    });
    expect(result.current.state.preview).toBeUndefined();
  });

  test('reports each limit hit once, whatever the callback identity (spec 000 §8)', () => {
    const first = vi.fn();
    const { result, rerender } = renderSelection({ maxCount: 1, onLimitReached: first });
    act(() => {
      result.current.actions.toggle('a1');
      result.current.actions.toggle('a2');
    });
    expect(first).toHaveBeenCalledTimes(1);
    const second = vi.fn();
    rerender({ months: MONTHS, maxCount: 1, onLimitReached: second });
    expect(second).not.toHaveBeenCalled();
    act(() => {
      result.current.actions.selectMonth(FEBRUARY);
    });
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
  });

  test('follows new months and a new maximum from its props', () => {
    const { result, rerender } = renderSelection();
    act(() => {
      result.current.actions.toggle('a1');
      result.current.actions.toggle('c1');
    });
    rerender({ months: MONTHS.slice(0, 2), maxCount: 1 });
    expect(selectedIds(result.current.state)).toEqual(['a1']);
    expect(result.current.state.maxCount).toBe(1);
  });

  test('keeps the same actions across renders', () => {
    const { result, rerender } = renderSelection();
    const { actions } = result.current;
    act(() => {
      actions.toggle('a1');
    });
    rerender({ months: MONTHS });
    expect(result.current.actions).toBe(actions);
  });
});

describe('SelectionProvider', () => {
  function Tile({ id }: { id: string }) {
    const state = useSelectionState();
    const { toggle } = useSelectionActions();
    const isChecked = state.selected.get(MARCH)?.has(id) ?? false;
    return (
      <button
        type="button"
        aria-pressed={isChecked}
        onClick={() => {
          toggle(id, MARCH);
        }}
      >
        {id}
      </button>
    );
  }
  function Grid() {
    const selection = useSelection({ months: MONTHS });
    return (
      <SelectionProvider selection={selection}>
        <Tile id="a1" />
      </SelectionProvider>
    );
  }

  test('shares state and actions with the grid below', () => {
    render(<Grid />);
    fireEvent.click(screen.getByRole('button', { name: 'a1' }));
    expect(screen.getByRole('button', { name: 'a1' }).getAttribute('aria-pressed')).toBe('true');
  });

  test('reading outside a provider is a programming error', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Tile id="a1" />)).toThrow(/SelectionProvider/);
    consoleError.mockRestore();
  });
});
