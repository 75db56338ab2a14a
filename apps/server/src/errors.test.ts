import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ChecksumMismatchError,
  FileTooLargeError,
  isOutOfSpace,
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

/** An error as the file system, SQLite or PostgreSQL reports it: a code on an Error. */
function coded(code: string, message = 'failed'): Error {
  return Object.assign(new Error(message), { code });
}

describe('the error handler on a full disk', () => {
  it.each([
    ['the file system', coded('ENOSPC', 'ENOSPC: no space left on device, write')],
    ['a quota of the file system', coded('EDQUOT')],
    ['SQLite', coded('SQLITE_FULL', 'database or disk is full')],
    ['PostgreSQL', coded('53100', 'could not extend file')],
    ['a wrapped cause', new Error('commit failed', { cause: coded('ENOSPC') })],
  ])('answers 507 insufficient_storage for %s, without its details', async (_name, error) => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/fail', () => Promise.reject(error));
    const response = await app.inject({ method: 'GET', url: '/fail' });
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({
      error: {
        code: 'insufficient_storage',
        message: 'The server is out of storage space. Try again later.',
      },
    });
    await app.close();
  });

  it('still answers 500 internal_error for other failures', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/fail', () => Promise.reject(coded('EIO')));
    const response = await app.inject({ method: 'GET', url: '/fail' });
    expect(response.statusCode).toBe(500);
    expect(isOutOfSpace(coded('EIO'))).toBe(false);
    await app.close();
  });
});
