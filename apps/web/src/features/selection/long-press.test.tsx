import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { LONG_PRESS_MS, hasMovedBeyond, useLongPress, type LongPressOptions } from './long-press.ts';

function Pressable({
  onLongPress,
  onClick,
  options,
}: {
  onLongPress: () => void;
  onClick?: () => void;
  options?: LongPressOptions;
}) {
  const handlers = useLongPress(onLongPress, options);
  return (
    <button type="button" onClick={onClick} {...handlers}>
      tile
    </button>
  );
}

const touch = { pointerType: 'touch', pointerId: 1, clientX: 100, clientY: 100 };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useLongPress (spec 000 §4, §9: long press 500 ms on touch)', () => {
  test('fires after a touch rests for 500 ms, not before', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} />);
    fireEvent.pointerDown(screen.getByRole('button'), touch);
    vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    expect(onLongPress).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  test('lifting the finger before 500 ms cancels', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} />);
    const button = screen.getByRole('button');
    fireEvent.pointerDown(button, touch);
    vi.advanceTimersByTime(300);
    fireEvent.pointerUp(button, touch);
    vi.advanceTimersByTime(1000);
    expect(onLongPress).not.toHaveBeenCalled();
  });

  test('moving beyond the tolerance cancels; a small tremble does not', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} />);
    const button = screen.getByRole('button');
    fireEvent.pointerDown(button, touch);
    fireEvent.pointerMove(button, { ...touch, clientX: 104, clientY: 103 });
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(onLongPress).toHaveBeenCalledTimes(1);

    fireEvent.pointerDown(button, touch);
    fireEvent.pointerMove(button, { ...touch, clientY: 130 });
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  test('ignores the mouse', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} />);
    fireEvent.pointerDown(screen.getByRole('button'), { ...touch, pointerType: 'mouse' });
    vi.advanceTimersByTime(1000);
    expect(onLongPress).not.toHaveBeenCalled();
  });

  test('a second finger (a pinch) cancels', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} />);
    const button = screen.getByRole('button');
    fireEvent.pointerDown(button, touch);
    fireEvent.pointerDown(button, { ...touch, pointerId: 2 });
    vi.advanceTimersByTime(1000);
    expect(onLongPress).not.toHaveBeenCalled();
  });

  test('the click ending a long press is swallowed; the next tap clicks', () => {
    const onClick = vi.fn();
    render(<Pressable onLongPress={vi.fn()} onClick={onClick} />);
    const button = screen.getByRole('button');
    fireEvent.pointerDown(button, touch);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    fireEvent.pointerUp(button, touch);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();

    fireEvent.pointerDown(button, touch);
    fireEvent.pointerUp(button, touch);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test('takes another delay', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} options={{ delay: 800 }} />);
    fireEvent.pointerDown(screen.getByRole('button'), touch);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(onLongPress).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  test('unmounting during a press cancels it', () => {
    const onLongPress = vi.fn();
    const { unmount } = render(<Pressable onLongPress={onLongPress} />);
    fireEvent.pointerDown(screen.getByRole('button'), touch);
    unmount();
    vi.advanceTimersByTime(1000);
    expect(onLongPress).not.toHaveBeenCalled();
  });
});

test('hasMovedBeyond measures the straight distance', () => {
  expect(hasMovedBeyond({ x: 0, y: 0 }, { x: 6, y: 8 }, 10)).toBe(false);
  expect(hasMovedBeyond({ x: 0, y: 0 }, { x: 6, y: 9 }, 10)).toBe(true);
});
