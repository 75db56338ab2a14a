import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ChecksumMismatchError,
  FileTooLargeError,
  OffsetMismatchError,
  UnsupportedFileError,
  UnsupportedProtocolError,
  registerErrorHandler,
} from './errors.ts';

/** What the one handler answers when a service throws `error`. */
async function rendered(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/', () => {
    throw error;
  });
  const response = await app.inject({ url: '/' });
  await app.close();
  return { status: response.statusCode, body: response.json<unknown>() };
}

describe('typed service errors', () => {
  it('render with their status and contract code', async () => {
    expect(await rendered(new FileTooLargeError())).toEqual({
      status: 413,
      body: { error: { code: 'file_too_large', message: 'File exceeds 200 GiB' } },
    });
    expect(await rendered(new UnsupportedFileError('Files of type .exe are not supported'))).toEqual({
      status: 415,
      body: { error: { code: 'unsupported_file', message: 'Files of type .exe are not supported' } },
    });
    expect((await rendered(new ChecksumMismatchError())).body).toMatchObject({
      error: { code: 'checksum_mismatch' },
    });
    expect((await rendered(new OffsetMismatchError('at 5'))).status).toBe(409);
    expect((await rendered(new BadRequestError('too many bytes'))).status).toBe(400);
    expect((await rendered(new UnsupportedProtocolError(412, 'tus 1.0.0'))).status).toBe(412);
  });
});
