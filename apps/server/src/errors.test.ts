import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isOutOfSpace, registerErrorHandler } from './errors.ts';

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
