import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PREVIEW_AFTER_MS, TOOLTIP_AFTER_MS, isScrolledPast, useHoverStages } from './use-hover.ts';

describe('hovering a tile (spec 000 §2; §9 scroll handling threshold 30 px)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const scrollTo = (y: number) => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  };

  test('30 px counts as scrolling, 29 does not, either way', () => {
    expect(isScrolledPast(100, 129)).toBe(false);
    expect(isScrolledPast(100, 130)).toBe(true);
    expect(isScrolledPast(100, 70)).toBe(true);
  });

  test('the preview after 300 ms and the date after 1 s; a small scroll keeps them, a 30 px one stops both', () => {
    scrollTo(0);
    const { result } = renderHook(() => useHoverStages());
    act(() => {
      result.current.onMouseEnter();
    });
    act(() => {
      vi.advanceTimersByTime(PREVIEW_AFTER_MS);
    });
    expect(result.current.stage).toEqual({ preview: true, tooltip: false });
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_AFTER_MS - PREVIEW_AFTER_MS);
    });
    expect(result.current.stage).toEqual({ preview: true, tooltip: true });
    act(() => {
      scrollTo(29);
    });
    expect(result.current.stage).toEqual({ preview: true, tooltip: true });
    act(() => {
      scrollTo(30);
    });
    expect(result.current.stage).toEqual({ preview: false, tooltip: false });
  });

  test('a scroll before the delays cancels them', () => {
    scrollTo(0);
    const { result } = renderHook(() => useHoverStages());
    act(() => {
      result.current.onMouseEnter();
      scrollTo(-40);
    });
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_AFTER_MS);
    });
    expect(result.current.stage).toEqual({ preview: false, tooltip: false });
  });
});
