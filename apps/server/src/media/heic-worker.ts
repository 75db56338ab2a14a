import { parentPort } from 'node:worker_threads';
import decode from 'heic-decode';
import type { MediaErrorReason } from './errors.ts';
import type { WorkerReply } from './pool.ts';
import type { HeicRequest, HeicPixels } from './heic.ts';

/**
 * Worker thread that decodes one HEIC per message (see pool.ts for why HEIC decodes off the
 * main thread). Runs as plain Node (type stripping), so it imports types only.
 */

/**
 * A WASM heap never shrinks. After a decode this large (about 24 MP x 4 bytes of RGBA plus
 * the YCbCr planes), the worker asks to be retired so the memory goes back to the system;
 * the usual 12 MP phone photo keeps the worker warm.
 */
const RETIRE_AFTER_PIXELS = 24_000_000;

// libheif-js reports parse failures with console.log; the reply carries them instead.
console.log = () => undefined;

function failure(reason: MediaErrorReason, message: string): WorkerReply<HeicPixels> {
  return { ok: false, reason, message };
}

async function decodeOne({ buffer, maxPixels }: HeicRequest): Promise<WorkerReply<HeicPixels>> {
  let images: Awaited<ReturnType<typeof decode.all>>;
  try {
    images = await decode.all({ buffer });
  } catch (error) {
    // heic-decode throws a TypeError for an unknown brand, an Error when libheif cannot parse.
    if (error instanceof TypeError) return failure('unsupported', 'Not a HEIC/HEIF image');
    return failure(
      'corrupt',
      `HEIC could not be read: ${error instanceof Error ? error.message : 'unknown'}`,
    );
  }
  try {
    const primary = images[0];
    if (!primary) return failure('corrupt', 'HEIC holds no image');
    const { width, height } = primary;
    if (!(width > 0 && height > 0)) return failure('corrupt', 'HEIC has no dimensions');
    // The decompression-bomb guard: the declared size decides before any pixel is decoded.
    if (width * height > maxPixels) {
      return failure('too_large', `HEIC of ${width}x${height} exceeds the ${maxPixels} pixel limit`);
    }
    const image = await primary.decode();
    const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    return {
      ok: true,
      value: { width: image.width, height: image.height, data },
      retire: width * height > RETIRE_AFTER_PIXELS,
    };
  } catch (error) {
    return failure(
      'corrupt',
      `HEIC could not be decoded: ${error instanceof Error ? error.message : 'unknown'}`,
    );
  } finally {
    images.dispose();
  }
}

parentPort?.on('message', (request: HeicRequest) => {
  void decodeOne(request).then((reply) => {
    // The pixels move to the main thread without a copy.
    parentPort?.postMessage(reply, reply.ok ? [reply.value.data.buffer] : []);
  });
});
