import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { library, shown, viewer } from '../../test/library.ts';

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

/** The video's stage once it plays, laid out as on a phone (jsdom lays nothing out). */
async function videoStage() {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  const clip = await screen.findByRole('dialog', { name: 'clip.mp4' });
  const element = await waitFor(() => {
    const found = clip.querySelector('.viewer-video');
    if (!found) throw new Error('no video yet');
    return found;
  });
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 56, 390, 788));
  return element;
}

/**
 * A one-finger touch on a video from (200, y) by (dx, dy) as a phone sends it: the browser
 * takes the drag for its own, so the pointer is cancelled while the touch runs to its end.
 */
function touchSwipe(element: Element, dx: number, dy: number, y = 300) {
  const at = { identifier: 3, clientX: 200, clientY: y };
  const to = { ...at, clientX: at.clientX + dx, clientY: at.clientY + dy };
  const pointer = { pointerId: 3, pointerType: 'touch', button: 0, clientX: 200, clientY: y };
  fireEvent.pointerDown(element, pointer);
  fireEvent.touchStart(element, { touches: [at], changedTouches: [at] });
  fireEvent.pointerCancel(element, pointer);
  fireEvent.touchMove(element, { touches: [to], changedTouches: [to] });
  fireEvent.touchEnd(element, { touches: [], changedTouches: [to] });
}

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

  test('on a video, a swipe down closes the viewer and sideways steps; a drag on its controls seeks', async () => {
    renderApp({ route: '/photos/clip', routes: library().routes });
    // From the control bar at the bottom: the player's seek bar, not a step.
    touchSwipe(await videoStage(), 150, 0, 800);
    expect(screen.getByRole('dialog', { name: 'clip.mp4' })).toBeTruthy();
    touchSwipe(await videoStage(), 150, 10);
    await shown('c.jpg');
    swipe(stage(), -120, 10);
    touchSwipe(await videoStage(), 5, 150);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
