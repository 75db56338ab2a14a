import type { LightMyRequestResponse } from 'fastify';
import {
  ALBUM_AUTH_HEADER,
  FOREIGN_AUTH_HEADER,
  GUEST_AUTH_HEADER,
  WEB_CLIENT_KEY,
  CLIENT_VERSION,
  albumAuthValue,
} from '@trove/contract';
import type { CreatedShare, JobInfo, ShareInfo } from '@trove/contract';
import { fakeJpeg, uploadFile, type Session, type TestApp } from './harness.ts';

/** A caller of the app host: a signed-in session, or a visitor with at most a grant and a guest token. */
export type Who = Session | { visitor: true; grant?: string; guest?: string };

/** The client query of a visitor's device. */
const VISITOR_QUERY = new URLSearchParams({
  key: WEB_CLIENT_KEY,
  client_v: CLIENT_VERSION,
  device_id: '00000000-0000-4000-8000-000000000001',
}).toString();

/** Album calls of the tests, over inject(): shared by the album, copy and option tests. */
export function albumClient(t: TestApp) {
  const send = (
    who: Who | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    extra: { payload?: object | string; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> => {
    const query = who === undefined ? '' : 'visitor' in who ? VISITOR_QUERY : who.query;
    const headers: Record<string, string> = { ...extra.headers };
    if (who && 'visitor' in who) {
      if (who.grant) headers[FOREIGN_AUTH_HEADER] = who.grant;
      if (who.guest) headers[GUEST_AUTH_HEADER] = who.guest;
    } else if (who) Object.assign(headers, who.headers);
    return t.app.inject({
      method,
      url: `/st/4${path}${path.includes('?') ? '&' : '?'}${query}`,
      headers,
      ...(extra.payload !== undefined && { payload: extra.payload }),
    });
  };
  const json = async <T>(response: Promise<LightMyRequestResponse>): Promise<T> => {
    const r = await response;
    if (r.statusCode !== 200) throw new Error(`${String(r.statusCode)} ${r.body}`);
    return r.json<T>();
  };
  return {
    send,
    create: (s: Session, body: object = {}) => json<JobInfo>(send(s, 'POST', '/jobs', { payload: body })),
    createShared: (s: Session, name = 'Trip', extra: object = {}) =>
      json<JobInfo>(send(s, 'POST', '/jobs', { payload: { name, public: 1, ...extra } })),
    info: (who: Who, id: string) => send(who, 'GET', `/jobs/${id}/info?include_details=1`),
    infoOf: (who: Who, id: string) => json<JobInfo>(send(who, 'GET', `/jobs/${id}/info?include_details=1`)),
    subscribe: (s: Session, id: string, grant?: string) =>
      send(s, 'POST', `/jobs/${id}/subscribe`, grant ? { headers: { [FOREIGN_AUTH_HEADER]: grant } } : {}),
    upload: async (s: Session, id: string, name = 'a.jpg', size = 4000, mtime = 1_700_000_000) => {
      const r = await uploadFile(t.app, s, id, { path: `Camera/${name}`, content: fakeJpeg(size), mtime });
      return r;
    },
    uploaded: async (s: Session, id: string, name = 'a.jpg', size = 4000, mtime = 1_700_000_000) => {
      const r = await uploadFile(t.app, s, id, { path: `Camera/${name}`, content: fakeJpeg(size), mtime });
      if (r.statusCode !== 200) throw new Error(`upload: ${String(r.statusCode)} ${r.body}`);
      return r.json<{ uuid: string }>().uuid;
    },
    files: async (who: Who, id: string, query = '') =>
      (
        await json<{
          files: { id: string; user_uuid: string; file_url: string }[];
          next_cursor: string | null;
        }>(send(who, 'GET', `/jobs/${id}/files${query}`))
      ).files,
    changes: async (who: Who, id: string) =>
      (
        await json<{ changes: { type: number; data: Record<string, unknown> }[] }>(
          send(who, 'GET', `/jobs/${id}/changes?since=0`),
        )
      ).changes,
    /** Sets the album password (as its owner) and answers the album auth value of it. */
    setPassword: async (owner: Session, id: string, password: string) => {
      const value = password === '' ? '' : await albumAuthValue(password, id);
      await json(send(owner, 'POST', `/jobs/${id}/password`, { payload: { password: value } }));
      return value;
    },
    unlock: async (id: string, password: string) =>
      send({ visitor: true }, 'POST', `/jobs/${id}/auth`, {
        headers: { [ALBUM_AUTH_HEADER]: await albumAuthValue(password, id) },
      }),
    account: (s: Session) => json<{ used_space: number; max_space: number }>(send(s, 'GET', '/account_info')),
    /** POST /shares of `files` of `job`; answers the share's id. */
    share: async (s: Session, job: string, files: string[]) =>
      (
        await json<CreatedShare>(
          send(s, 'POST', '/shares', { payload: { source_job: job, file_uuids: files } }),
        )
      ).id,
    /** The share page's data as a visitor opens it, or null when it does not open. */
    openShare: async (id: string) => {
      const r = await send({ visitor: true }, 'GET', `/shares/${id}`);
      return r.statusCode === 200 ? r.json<ShareInfo>() : null;
    },
  };
}

/** The expected shape of a denial that must read like a missing id. */
export function expectStatus(response: LightMyRequestResponse, status: number, code?: string): void {
  if (
    response.statusCode !== status ||
    (code && response.json<{ error: { code: string } }>().error.code !== code)
  )
    throw new Error(
      `expected ${String(status)} ${code ?? ''}, got ${String(response.statusCode)} ${response.body}`,
    );
}
