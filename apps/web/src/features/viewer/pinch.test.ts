import { describe, expect, test } from 'vitest';
import { createPinchTracker, pinchOf } from './pinch.ts';

const at = (x: number, y = 0) => ({ x, y });

describe('pinch on touch (spec 000 §9: threshold 20 px)', () => {
  test('20 px apart zooms in, 20 px together zooms out, less does nothing', () => {
    expect(pinchOf([at(100), at(200)], [at(90), at(209)])).toBeNull();
    expect(pinchOf([at(100), at(200)], [at(90), at(210)])).toBe('in');
    expect(pinchOf([at(100), at(200)], [at(110), at(190)])).toBe('out');
    expect(pinchOf([at(100), at(200)], [at(105), at(194)])).toBeNull();
  });

  test('the tracker answers once per gesture, at the point between the fingers', () => {
    const pinch = createPinchTracker();
    expect(pinch.down(1, at(100, 50))).toBe(false);
    expect(pinch.down(2, at(200, 50))).toBe(true);
    expect(pinch.move(2, at(210, 50))).toBeNull();
    expect(pinch.move(1, at(85, 50))).toEqual({ kind: 'in', at: at(147.5, 50) });
    expect(pinch.move(1, at(40, 50))).toBeNull();
    pinch.up(1);
    expect(pinch.isPinching).toBe(false);
    pinch.down(3, at(100, 50));
    expect(pinch.move(3, at(150, 50))).toEqual({ kind: 'out', at: at(180, 50) });
  });
});
