import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { library, shown, viewer } from './test-library.ts';

beforeEach(() => {
  // jsdom has no pointer capture.
  Element.prototype.setPointerCapture = () => undefined;
});
afterEach(() => {
  vi.restoreAllMocks();
});

const stage = () => {
  const element = viewer().querySelector('.viewer-image');
  if (!element) throw new Error('no picture on screen');
  return element;
};

/** A one-finger touch from (x, y) by (dx, dy). */
function swipe(element: Element, dx: number, dy: number) {
  const at = { pointerId: 7, pointerType: 'touch', button: 0, clientX: 200, clientY: 300 };
  fireEvent.pointerDown(element, at);
  fireEvent.pointerMove(element, { ...at, clientX: at.clientX + dx, clientY: at.clientY + dy });
  fireEvent.pointerUp(element, { ...at, clientX: at.clientX + dx, clientY: at.clientY + dy });
}

describe('gestures (spec 000 §4 Carousel)', () => {
  test('the wheel zooms in when rolled up and out when rolled down', async () => {
    renderApp({ route: '/photos/a', routes: library().routes });
    await shown('a.jpg');
    fireEvent.wheel(stage(), { deltaY: -100, clientX: 100, clientY: 100 });
    expect(await within(viewer()).findByRole('button', { name: 'Zoom out' })).toBeTruthy();
    fireEvent.wheel(stage(), { deltaY: 100, clientX: 100, clientY: 100 });
    expect(await within(viewer()).findByRole('button', { name: 'Zoom in' })).toBeTruthy();
  });

  test('a swipe down on a phone closes the viewer; sideways it steps', async () => {
    renderApp({ route: '/photos/a', routes: library().routes });
    await shown('a.jpg');
    swipe(stage(), -120, 10);
    await shown('b.jpg');
    swipe(stage(), 5, 150);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
