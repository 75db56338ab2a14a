import { describe, expect, test } from 'vitest';
import { cameraText, coordinatesText, durationText, exposureText, mapUrl } from './format.ts';

describe('camera values', () => {
  test('exposure as a fraction below a second', () => {
    expect(exposureText(0.004)).toBe('1/250 s');
    expect(exposureText(1 / 3)).toBe('1/3 s');
    expect(exposureText(0.4)).toBe('0.4 s');
    expect(exposureText(2)).toBe('2 s');
  });

  test('the make is not repeated when the model starts with it', () => {
    expect(cameraText('Canon', 'Canon EOS R5')).toBe('Canon EOS R5');
    expect(cameraText('Apple', 'iPhone 15')).toBe('Apple iPhone 15');
    expect(cameraText(undefined, 'X100V')).toBe('X100V');
    expect(cameraText(' ', undefined)).toBeUndefined();
  });

  test('coordinates with hemispheres, and a map link', () => {
    expect(coordinatesText(59.912734, -10.746091)).toBe('59.91273° N, 10.74609° W');
    expect(mapUrl(-33.8688, 151.2093)).toBe(
      'https://www.openstreetmap.org/?mlat=-33.86880&mlon=151.20930#map=15/-33.86880/151.20930',
    );
  });

  test('durations', () => {
    expect(durationText(75)).toBe('1:15');
    expect(durationText(3725)).toBe('1:02:05');
  });
});
