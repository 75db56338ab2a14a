/** Geometry of the zoomed image: how big it is, where it starts, how far it may pan. */

/** A width and height in CSS pixels. */
export interface Size {
  width: number;
  height: number;
}

/** A point or an offset in CSS pixels, relative to the stage's top left corner. */
export interface Point {
  x: number;
  y: number;
}

/** The scale at which `image` fits in `stage` (object-fit: contain), never above 1:1. */
export function fitScale(stage: Size, image: Size): number {
  if (image.width <= 0 || image.height <= 0) return 1;
  return Math.min(stage.width / image.width, stage.height / image.height, 1);
}

/**
 * The zoomed size: the original at 1:1, or twice the fitted size when that is bigger (a
 * small photo, or one that already fits), so a zoom always magnifies.
 */
export function zoomedSize(stage: Size, image: Size): Size {
  const scale = Math.max(1, 2 * fitScale(stage, image));
  return { width: image.width * scale, height: image.height * scale };
}

/**
 * Keeps a zoomed image covering the stage: along an axis where it is larger than the stage
 * it may pan until its edge meets the stage's; where it is smaller it stays centred.
 */
export function clampOffset(offset: Point, size: Size, stage: Size): Point {
  const axis = (value: number, length: number, room: number) =>
    length <= room ? (room - length) / 2 : Math.min(0, Math.max(room - length, value));
  return { x: axis(offset.x, size.width, stage.width), y: axis(offset.y, size.height, stage.height) };
}

/**
 * Where the zoomed image's top left corner goes so that the point under `at` (a click on
 * the fitted image) stays under it after zooming.
 */
export function zoomOffset(at: Point, stage: Size, image: Size): Point {
  const fit = fitScale(stage, image);
  const fitted = { width: image.width * fit, height: image.height * fit };
  const origin = { x: (stage.width - fitted.width) / 2, y: (stage.height - fitted.height) / 2 };
  const share = (value: number, start: number, length: number) =>
    length > 0 ? Math.min(1, Math.max(0, (value - start) / length)) : 0.5;
  const u = share(at.x, origin.x, fitted.width);
  const v = share(at.y, origin.y, fitted.height);
  const size = zoomedSize(stage, image);
  return clampOffset({ x: at.x - u * size.width, y: at.y - v * size.height }, size, stage);
}
