import { describe, expect, test } from 'vitest';
import { clampOffset, fitScale, zoomOffset, zoomedSize } from './zoom.ts';

const STAGE = { width: 1000, height: 800 };
const PHOTO = { width: 4000, height: 3000 };

describe('zoom', () => {
  test('a large photo fits, then zooms to 1:1', () => {
    expect(fitScale(STAGE, PHOTO)).toBe(0.25);
    expect(zoomedSize(STAGE, PHOTO)).toEqual(PHOTO);
  });

  test('a small photo is not blown up to fit, and zooms to twice its size', () => {
    expect(fitScale(STAGE, { width: 400, height: 300 })).toBe(1);
    expect(zoomedSize(STAGE, { width: 400, height: 300 })).toEqual({ width: 800, height: 600 });
  });

  test('the point clicked stays under the pointer', () => {
    // The fitted photo is 1000x750 at (0, 25); its centre is at (500, 400).
    expect(zoomOffset({ x: 500, y: 400 }, STAGE, PHOTO)).toEqual({ x: -1500, y: -1100 });
    // Its top left corner: the zoomed photo starts there too.
    expect(zoomOffset({ x: 0, y: 25 }, STAGE, PHOTO)).toEqual({ x: 0, y: 0 });
  });

  test('panning stops at the edges; an axis smaller than the stage stays centred', () => {
    expect(clampOffset({ x: 50, y: -5000 }, PHOTO, STAGE)).toEqual({ x: 0, y: -2200 });
    expect(clampOffset({ x: -30, y: -30 }, { width: 2000, height: 600 }, STAGE)).toEqual({ x: -30, y: 100 });
  });
});
