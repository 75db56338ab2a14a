import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Tooltip } from './Tooltip.tsx';

// Placement is Floating UI's (ui/floating.ts); jsdom has no layout, so it is stood in for.
const keepInViewport = vi.fn(() => () => undefined);
vi.mock('./floating.ts', () => ({ keepInViewport }));

const bubble = () => screen.getByRole('tooltip', { hidden: true });

function renderButton(onFocus = vi.fn()) {
  render(
    <Tooltip text="You can't restore: your account is read-only">
      <button type="button" onFocus={onFocus}>
        Restore
      </button>
    </Tooltip>,
  );
  return screen.getByRole('button', { name: 'Restore' });
}

describe('Tooltip (spec 000 §9: open delay 500 ms, at most 400 px)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('describes its trigger through aria-describedby, hidden while closed', () => {
    const button = renderButton();
    expect(button.getAttribute('aria-describedby')).toBe(bubble().id);
    expect(bubble().hidden).toBe(true);
    expect(button.hasAttribute('title')).toBe(false);
  });

  test('opens 500 ms after the mouse rests on it, not before; leaving closes it', async () => {
    const button = renderButton();
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(bubble().hidden).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(bubble().hidden).toBe(false);
    await vi.waitFor(() => {
      expect(keepInViewport).toHaveBeenCalledWith(button, bubble(), 'bottom');
    });
    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    expect(bubble().hidden).toBe(true);
  });

  test('a touch does not open it', () => {
    const button = renderButton();
    fireEvent.pointerEnter(button, { pointerType: 'touch' });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(bubble().hidden).toBe(true);
  });

  test('keyboard focus opens it, keeping the trigger’s own handler; Escape and blur close it', () => {
    const onFocus = vi.fn();
    const button = renderButton(onFocus);
    act(() => {
      button.focus();
    });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(onFocus).toHaveBeenCalled();
    expect(bubble().hidden).toBe(false);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(bubble().hidden).toBe(true);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(bubble().hidden).toBe(true);
    act(() => {
      button.blur();
      button.focus();
    });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(bubble().hidden).toBe(false);
    act(() => {
      button.blur();
    });
    expect(bubble().hidden).toBe(true);
  });

  test('a press closes it and cancels a pending open', () => {
    const button = renderButton();
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    fireEvent.pointerDown(button, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(bubble().hidden).toBe(true);
  });

  test('a tooltip that repeats the name is hidden from assistive technology', () => {
    render(
      <Tooltip text="Close" isDescription={false}>
        <button type="button" aria-label="Close" />
      </Tooltip>,
    );
    expect(screen.getByRole('button', { name: 'Close' }).hasAttribute('aria-describedby')).toBe(false);
    expect(bubble().getAttribute('aria-hidden')).toBe('true');
  });

  test('no text: the trigger alone', () => {
    render(
      <Tooltip text={undefined}>
        <button type="button">Go</button>
      </Tooltip>,
    );
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });
});
