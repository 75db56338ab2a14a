import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  sha1,
  signUp,
  timelineOf,
  uploadFile,
  type Session,
  type TestApp,
} from '../test/harness.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');
/** Bytes that sniff as an MP4, so the video check has a video to answer about. */
const fakeMp4 = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(2048, 7)]);

/**
 * [Note: Access] across every route that takes a job id and a file (or upload) id: another
 * user's ids under the caller's own job answer exactly like ids that do not exist, and change
 * nothing. The per-module tests cover the owner's job id; these cover
 * the ids mixed, which a per-job check alone would let through. Who may reach which job is
 * the access matrix's (access.routes.test.ts).
 */
describe.each(DIALECTS)('access on job routes with mixed ids (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (
    s: Session | undefined,
    method: 'GET' | 'POST' | 'DELETE' | 'HEAD' | 'PATCH',
    url: string,
    extra: { headers?: Record<string, string>; payload?: object | Buffer } = {},
  ) =>
    t.app.inject({
      method,
      url: s ? `${url}${url.includes('?') ? '&' : '?'}${s.query}` : url,
      headers: { ...s?.headers, ...extra.headers },
      ...(extra.payload !== undefined && { payload: extra.payload }),
    });
  const createAlbum = async (s: Session, title: string) =>
    (await send(s, 'POST', '/st/4/jobs', { payload: { name: title } })).json<{ id: string }>().id;
  const put = async (s: Session, job: string, name: string, content: Buffer) => {
    const response = await uploadFile(t.app, s, job, { path: `Camera/${name}`, content });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ uuid: string }>().uuid;
  };
  const tusCreate = (s: Session, job: string, length: number) =>
    send(s, 'POST', `/st/4/jobs/${job}/uploads`, {
      headers: {
        ...TUS,
        'upload-length': String(length),
        'upload-metadata': `path ${b64('Camera/big.jpg')},mtime ${b64('1700000000')}`,
      },
    });
  /** A tus `Location` carries its creator's client query; each caller here sends its own. */
  const pathOfLocation = (location: unknown) => String(location).split('?')[0] ?? '';
  const tusPatch = (s: Session, location: string, bytes: Buffer) =>
    send(s, 'PATCH', location, {
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: bytes,
    });
  const listed = async (s: Session, job: string) =>
    (await send(s, 'GET', `/st/4/jobs/${job}/files`)).json<{
      files: { id: string; file_url: string }[];
    }>().files;
  /** The answer to an id that exists nowhere: what every denial must look like. */
  const notFound = async (s: Session) => (await send(s, 'GET', '/st/4/jobs/no-such-job')).body;
  const expectNotFound = (response: LightMyRequestResponse, missing: string, what: string) => {
    expect(response.statusCode, what).toBe(404);
    if (response.body !== '') expect(response.body, what).toBe(missing);
  };

  it("answers the caller's own job id with another user's file or upload id as not found, changing nothing", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const ownerTimeline = await timelineOf(t.app, owner);
    const ownerAlbum = await createAlbum(owner, 'Mine');
    const intruderTimeline = await timelineOf(t.app, intruder);
    const intruderAlbum = await createAlbum(intruder, 'Theirs');
    const photoContent = fakeJpeg(5000);
    const photo = await put(owner, ownerTimeline, 'a.jpg', photoContent);
    const video = await put(owner, ownerTimeline, 'clip.mp4', fakeMp4());
    const trashed = await put(owner, ownerTimeline, 'b.jpg', fakeJpeg(5001));
    await send(owner, 'DELETE', `/st/4/jobs/${ownerTimeline}/files_by_id/${trashed}`);
    const albumFile = await put(owner, ownerAlbum, 'c.jpg', fakeJpeg(5002));
    const location = pathOfLocation((await tusCreate(owner, ownerTimeline, 1000)).headers.location);
    const uploadId = location.split('/').at(-1) ?? '';
    const missing = await notFound(intruder);

    // The owner is allowed each of these: the denials below are about whose ids they are.
    expect((await send(owner, 'GET', `/st/4/jobs/${ownerTimeline}/metadata/${photo}`)).statusCode).toBe(200);
    expect(
      (await send(owner, 'GET', `/st/4/jobs/${ownerTimeline}/files_by_id/${video}/v_check`)).statusCode,
    ).toBe(200);
    expect((await send(owner, 'HEAD', location, { headers: TUS })).statusCode).toBe(200);

    for (const job of [intruderTimeline, intruderAlbum]) {
      for (const [method, url] of [
        ['GET', `/st/4/jobs/${job}/metadata/${photo}`],
        ['GET', `/st/4/jobs/${job}/files_by_id/${video}/v_check`],
        ['DELETE', `/st/4/jobs/${job}/files_by_id/${photo}`],
      ] as const) {
        expectNotFound(await send(intruder, method, url), missing, `${method} ${url}`);
      }
      // Signed media: the owner's signature under the intruder's job id opens nothing.
      const [ownerFile] = (await listed(owner, ownerTimeline)).filter((f) => f.id === photo);
      const foreignJobUrl = String(ownerFile?.file_url).replace(ownerTimeline, job);
      expect((await t.app.inject({ url: foreignJobUrl })).statusCode, foreignJobUrl).toBe(404);

      const rollback = await send(intruder, 'POST', `/st/4/jobs/${job}/multi_rollback`, {
        payload: { file_uuids: [trashed] },
      });
      expect(rollback.json()).toMatchObject({
        results: [{ file_uuid: trashed, status: 'error', error_reason: 'file_not_found' }],
      });
      // The owner's file is only ever reached through the owner's job: a checksum is no key.
      const dedup = await send(intruder, 'POST', `/st/4/jobs/${job}/files_dedup`, {
        payload: { path: 'a.jpg', checksum: sha1(photoContent) },
      });
      expect(dedup.json()).toEqual({ status: 'not_found', uuid: null });

      const upload = `/st/4/jobs/${job}/uploads/${uploadId}`;
      expectNotFound(await send(intruder, 'HEAD', upload, { headers: TUS }), '', `HEAD ${upload}`);
      expectNotFound(await tusPatch(intruder, upload, fakeJpeg(1000)), missing, `PATCH ${upload}`);
      expectNotFound(await send(intruder, 'DELETE', upload, { headers: TUS }), missing, `DELETE ${upload}`);
    }
    // The owner's upload id under the owner's job, but by the intruder: not found either.
    expectNotFound(await send(intruder, 'DELETE', location, { headers: TUS }), missing, 'DELETE own job');

    const copied = await send(intruder, 'POST', `/st/4/jobs/${intruderAlbum}/copy_to_timeline`, {
      payload: { file_uuids: [albumFile, photo] },
    });
    expect(copied.json()).toMatchObject({
      results: [
        { file_uuid: albumFile, status: 'error', error_reason: 'file_not_found' },
        { file_uuid: photo, status: 'error', error_reason: 'file_not_found' },
      ],
    });

    // Nothing moved: the owner still has every file and the upload; the intruder has none.
    expect((await listed(owner, ownerTimeline)).map((f) => f.id).sort()).toEqual([photo, video].sort());
    expect((await listed(owner, ownerAlbum)).map((f) => f.id)).toEqual([albumFile]);
    expect(await listed(intruder, intruderTimeline)).toEqual([]);
    expect(await listed(intruder, intruderAlbum)).toEqual([]);
    const head = await send(owner, 'HEAD', location, { headers: TUS });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('0');
  });

  it('DELETE /jobs/{id}/uploads/{uploadId} gives up only the caller’s own upload', async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const job = await timelineOf(t.app, owner);
    const location = pathOfLocation((await tusCreate(owner, job, 1000)).headers.location);
    const missing = await notFound(intruder);
    expectNotFound(await send(intruder, 'DELETE', location, { headers: TUS }), missing, 'intruder');
    const anonymous = `${location}?${owner.query}`;
    expect((await send(undefined, 'DELETE', anonymous, { headers: TUS })).statusCode).toBe(401);
    expect((await send(owner, 'HEAD', location, { headers: TUS })).statusCode).toBe(200);
    expect((await send(owner, 'DELETE', location, { headers: TUS })).statusCode).toBe(204);
    expect((await send(owner, 'HEAD', location, { headers: TUS })).statusCode).toBe(404);
  });
});
