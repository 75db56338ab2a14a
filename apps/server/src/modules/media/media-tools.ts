import path from 'node:path';
import type { ExifData } from '../../media/exif.ts';
import { isMediaError } from '../../media/errors.ts';
import { convertToJpeg, processImage, type ImageResult } from '../../media/image.ts';
import { createLimiter } from '../../media/pool.ts';
import { probeVideo, transcodePreview, videoPoster } from '../../media/video.ts';
import type { MediaAnalysis, MediaTools, Rendition } from './media.worker.ts';

/**
 * The real decoders behind the worker's seam: sharp (+ heic-decode) for pictures, ffmpeg
 * for video. One decode per original; `concurrency` bounds decodes in this process.
 */
export function createMediaTools(options: {
  ffmpegPath: string;
  ffprobePath: string;
  concurrency: number;
}): MediaTools {
  const limiter = createLimiter(options.concurrency);
  const tool = { ffmpegPath: options.ffmpegPath, ffprobePath: options.ffprobePath };

  const thumbnails = (image: ImageResult): Record<string, Rendition> => ({
    thumb256: { bytes: image.thumbnails[256].data, contentType: 'image/webp' },
    thumb1280: { bytes: image.thumbnails[1280].data, contentType: 'image/webp' },
  });

  return {
    async analyze(input): Promise<MediaAnalysis> {
      const { signal } = input;
      if (input.type === 'Movies') {
        const probe = await probeVideo(input.path, { ...tool, signal });
        const poster = await videoPoster(input.path, {
          ...tool,
          signal,
          durationSeconds: probe.durationSeconds,
        });
        const image = await processImage(poster, { limiter, signal });
        const preview = path.join(input.workDir, 'preview.mp4');
        // A generous bound that still ends a stuck ffmpeg: 10 s per second of video, ≥ 2 min.
        await transcodePreview(input.path, preview, {
          ...tool,
          signal,
          timeoutMs: Math.max(120_000, probe.durationSeconds * 10_000),
        });
        return {
          width: probe.width,
          height: probe.height,
          duration: probe.durationSeconds,
          ...(probe.creationTime !== undefined && { takenAt: probe.creationTime }),
          metadata: {},
          thumbhash: image.thumbhash,
          renditions: { ...thumbnails(image), preview: { path: preview, contentType: 'video/mp4' } },
        };
      }
      const image = await processImage(input.path, { limiter, signal });
      const renditions = thumbnails(image);
      if (image.format === 'heif') {
        // Browsers other than Safari cannot show HEIC: the viewer and `to_jpeg` use this.
        const jpeg = path.join(input.workDir, 'full.jpg');
        await convertToJpeg(input.path, jpeg, { limiter, signal });
        renditions.jpeg = { path: jpeg, contentType: 'image/jpeg' };
      }
      return {
        width: image.width,
        height: image.height,
        duration: 0,
        ...(image.exif.takenAt !== undefined && { takenAt: image.exif.takenAt }),
        metadata: cameraMetadata(image.exif),
        thumbhash: image.thumbhash,
        renditions,
      };
    },
    isPermanent: (error) => isMediaError(error) && error.permanent,
  };
}

/**
 * The metadata call's answer (spec 000 §3 Metadata: device manufacturer, model, ISO,
 * aperture, exposure, focal length), plus where it was taken; absent values are left out.
 */
export function cameraMetadata(exif: ExifData): Record<string, unknown> {
  const entries = {
    manufacturer: exif.make,
    model: exif.model,
    iso: exif.iso,
    aperture: exif.fNumber,
    exposure: exif.exposureTime,
    focal_length: exif.focalLength,
    latitude: exif.latitude,
    longitude: exif.longitude,
  };
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));
}
