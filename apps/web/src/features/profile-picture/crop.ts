import { PROFILE_PICTURE_CROP_PX, type RemoteFile } from '@trove/contract';
import type { QueryClient } from '@tanstack/react-query';
import { timelineKeys } from '../library/api.ts';

/** A rectangle of the source image in its own pixels (react-easy-crop's croppedAreaPixels). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** JPEG quality of the sent crop: a 310 px face, small enough to send fast. */
const JPEG_QUALITY = 0.9;

/**
 * The `area` of the image at `src` as a 310 × 310 JPEG (spec 001 §5 "Profile picture crop uses
 * a 310 by 310 circle"): the square the circle is cut from; the circle itself is how the
 * avatar is drawn, so the corners are kept.
 * @throws Error when the image cannot be decoded or the canvas cannot encode.
 */
export async function cropToJpeg(src: string, area: PixelArea): Promise<Blob> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = PROFILE_PICTURE_CROP_PX;
  canvas.height = PROFILE_PICTURE_CROP_PX;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(
    image,
    area.x,
    area.y,
    area.width,
    area.height,
    0,
    0,
    PROFILE_PICTURE_CROP_PX,
    PROFILE_PICTURE_CROP_PX,
  );
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (blob) resolve(blob);
        else reject(new Error('the crop could not be encoded'));
      },
      'image/jpeg',
      JPEG_QUALITY,
    );
  });
}

/**
 * The timeline file `fileId` as the picker's grid loaded it: the tiles it was picked from are
 * the timeline's month queries, so no call is needed to know its thumbnail.
 */
export function findTimelineFile(queryClient: QueryClient, fileId: string): RemoteFile | undefined {
  for (const [, files] of queryClient.getQueriesData({ queryKey: timelineKeys.all })) {
    if (!Array.isArray(files)) continue;
    const file = (files as RemoteFile[]).find((candidate) => candidate.id === fileId);
    if (file) return file;
  }
  return undefined;
}
