import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaError } from './errors.ts';
import { processImage } from './image.ts';
import { probeVideo, transcodePreview, videoPoster } from './video.ts';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);

async function rejection(promise: Promise<unknown>): Promise<MediaError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaError);
  return error as MediaError;
}

let dir: string;
/** Random bytes: no container ffmpeg knows. */
let garbage: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trove-video-'));
  garbage = join(dir, 'garbage.mp4');
  await writeFile(garbage, Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251)));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('probeVideo', () => {
  it('reads duration, displayed size after rotation, codecs and creation time', async () => {
    // clip.mp4: 640x360 H.264 + AAC, 2 s, display matrix rotating it to portrait (like a phone).
    expect(await probeVideo(fixture('clip.mp4'))).toEqual({
      durationSeconds: 2,
      durationMs: 2000,
      width: 360,
      height: 640,
      rotation: 90,
      videoCodec: 'h264',
      audioCodec: 'aac',
      container: 'mov,mp4,m4a,3gp,3g2,mj2',
      creationTime: Date.UTC(2024, 4, 1, 12, 34, 56),
    });
  });

  it('gives a 0.4 s clip a duration of 1 (0 would mean a picture)', async () => {
    const probe = await probeVideo(fixture('short.mp4'));
    expect([probe.durationSeconds, probe.durationMs, probe.width, probe.height]).toEqual([1, 400, 160, 120]);
    expect(probe.audioCodec).toBeUndefined();
    expect(probe.creationTime).toBeUndefined();
  });

  it('rejects unreadable content as corrupt and audio-only files as unsupported', async () => {
    expect((await rejection(probeVideo(garbage))).reason).toBe('corrupt');
    const truncated = join(dir, 'truncated.mp4'); // cut inside the moov box
    await writeFile(truncated, (await readFile(fixture('clip.mp4'))).subarray(0, 1000));
    expect((await rejection(probeVideo(truncated))).reason).toBe('corrupt');
    const audio = join(dir, 'audio.m4a');
    await promisify(execFile)('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=d=0.2', audio]);
    expect((await rejection(probeVideo(audio))).reason).toBe('unsupported');
  });

  it('reports a missing binary as tool_missing; ffprobe is looked for beside a custom ffmpeg', async () => {
    const error = await rejection(probeVideo(fixture('clip.mp4'), { ffprobePath: '/nonexistent/ffprobe' }));
    expect([error.reason, error.permanent]).toEqual(['tool_missing', false]);
    const beside = await rejection(probeVideo(fixture('clip.mp4'), { ffmpegPath: '/nonexistent/ffmpeg' }));
    expect(beside.message).toContain('/nonexistent/ffprobe');
  });

  it('a missing input rejects with ENOENT, not a media error', async () => {
    await expect(probeVideo(fixture('missing.mp4'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(videoPoster(fixture('missing.mp4'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('videoPoster', () => {
  it('grabs an upright frame that goes through the image thumbnails', async () => {
    const poster = await videoPoster(fixture('clip.mp4'));
    const meta = await sharp(poster).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 360, 640]);
    const result = await processImage(poster);
    expect([result.width, result.height]).toEqual([360, 640]);
    expect([result.thumbnails[256].width, result.thumbnails[256].height]).toEqual([144, 256]);
    expect(result.thumbhash.length).toBeGreaterThan(20);
  });

  it('falls back to the first frame of a clip shorter than 1 s', async () => {
    const meta = await sharp(await videoPoster(fixture('short.mp4'))).metadata();
    expect([meta.width, meta.height]).toEqual([160, 120]);
  });
});

describe('transcodePreview', () => {
  it('writes an H.264/AAC MP4 with faststart and the rotation applied', async () => {
    const output = join(dir, 'preview.mp4');
    const { bytes } = await transcodePreview(fixture('clip.mp4'), output);
    expect(bytes).toBe((await stat(output)).size);
    const probe = await probeVideo(output);
    expect(probe).toMatchObject({
      videoCodec: 'h264',
      audioCodec: 'aac',
      width: 360,
      height: 640,
      rotation: 0,
    });
    expect(probe.durationSeconds).toBe(2);
    const file = await readFile(output);
    expect(file.indexOf('moov')).toBeLessThan(file.indexOf('mdat')); // playable while downloading
  });

  it('scales down to the short-side bound, giving a smaller file', async () => {
    const output = join(dir, 'small.mp4');
    const { bytes } = await transcodePreview(fixture('clip.mp4'), output, { maxShortSide: 240 });
    expect(await probeVideo(output)).toMatchObject({ width: 240, height: 426, videoCodec: 'h264' });
    expect(bytes).toBeLessThan((await stat(fixture('clip.mp4'))).size);
  });

  it('kills ffmpeg on timeout or abort and leaves no output behind', async () => {
    const timedOut = transcodePreview(fixture('clip.mp4'), join(dir, 'late.mp4'), { timeoutMs: 50 });
    expect((await rejection(timedOut)).reason).toBe('timeout');
    const controller = new AbortController();
    const aborted = transcodePreview(fixture('clip.mp4'), join(dir, 'aborted.mp4'), {
      signal: controller.signal,
    });
    setTimeout(() => {
      controller.abort();
    }, 20);
    expect((await rejection(aborted)).reason).toBe('aborted');
    expect((await readdir(dir)).filter((name) => /^(late|aborted)/.test(name))).toEqual([]);
  });

  it('rejects a corrupt input and leaves no output behind', async () => {
    const error = await rejection(transcodePreview(garbage, join(dir, 'bad.mp4')));
    expect(error.reason).toBe('corrupt');
    expect((await readdir(dir)).filter((name) => name.startsWith('bad'))).toEqual([]);
  });
});
