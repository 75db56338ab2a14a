import type { FastifyInstance } from 'fastify';
import type { Session } from '../../test/harness.ts';

/** The header every tus request carries. */
export const TUS = { 'tus-resumable': '1.0.0' } as const;
const b64 = (value: string) => Buffer.from(value).toString('base64');

/**
 * The tus calls of docs/API.md as `s` makes them on `app`. A Location carries its creator's
 * client query; each call sends `s`'s own, as a client of another user would.
 */
export function tusClient(app: FastifyInstance, s: Session) {
  const at = (location: string) =>
    `${location.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? ''}?${s.query}`;
  return {
    create: (job: string, length: number, path = 'Camera/big.jpg') =>
      app.inject({
        method: 'POST',
        url: `/st/4/jobs/${job}/uploads?${s.query}`,
        headers: {
          ...s.headers,
          ...TUS,
          'upload-length': String(length),
          'upload-metadata': `path ${b64(path)},mtime ${b64('1700000000')},policy ${b64('no_duplicates')}`,
        },
      }),
    head: (location: string) =>
      app.inject({ method: 'HEAD', url: at(location), headers: { ...s.headers, ...TUS } }),
    patch: (location: string, offset: number, bytes: Buffer) =>
      app.inject({
        method: 'PATCH',
        url: at(location),
        headers: {
          ...s.headers,
          ...TUS,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        payload: bytes,
      }),
    cancel: (location: string) =>
      app.inject({ method: 'DELETE', url: at(location), headers: { ...s.headers, ...TUS } }),
  };
}
