import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  createTestApp,
  fakeJpeg,
  signUp,
  timelineOf,
  uploadFile,
  type Session,
  type TestApp,
} from '../../test/harness.ts';

interface Listed {
  id: string;
  file_url: string;
  thumb_url_small: string | null;
  video_url: string | null;
}

describe.each(DIALECTS)('media urls and serving (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const listed = async (s: Session, job: string) =>
    (await t.app.inject({ url: `/st/4/jobs/${job}/files?${s.query}`, headers: s.headers })).json<{
      files: Listed[];
    }>().files;

  async function uploaded(name = 'Camera/IMG_1.jpg', content = fakeJpeg(50_000)) {
    const user = await signUp(t.app);
    const job = await timelineOf(t.app, user);
    expect((await uploadFile(t.app, user, job, { path: name, content })).statusCode).toBe(200);
    const [file] = await listed(user, job);
    if (!file) throw new Error('the upload is not listed');
    return { user, job, file, content };
  }

  it('hands out signed urls without the token, and serves the original with ranges', async () => {
    const { user, file, content } = await uploaded();
    expect(file.file_url).not.toContain(user.token);
    expect(file.file_url).toMatch(/^\/st\/4\/jobs\/[^/]+\/files_by_id\/[^?]+\?exp=\d+&sid=[^&]+&sig=/);
    // Thumbnails and video exist only once the media worker made them.
    expect(file.thumb_url_small).toBeNull();
    expect(file.video_url).toBeNull();

    // No Authorization header: the signature is the credential (an <img> or <video> asks so).
    const whole = await t.app.inject({ url: file.file_url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(content)).toBe(true);
    expect(whole.headers['content-type']).toBe('image/jpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-security-policy']).toContain('sandbox');
    expect(whole.headers['content-disposition']).toMatch(/^inline; filename="IMG_1.jpg"/);
    const etag = whole.headers.etag;
    expect(etag).toMatch(/^"[^"]+"$/);

    const part = await t.app.inject({ url: file.file_url, headers: { range: 'bytes=0-4999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-4999/${String(content.length)}`);
    expect(part.rawPayload.equals(content.subarray(0, 5000))).toBe(true);
    const tail = await t.app.inject({ url: file.file_url, headers: { range: 'bytes=49990-' } });
    expect(tail.rawPayload.equals(content.subarray(49_990))).toBe(true);
    const beyond = await t.app.inject({ url: file.file_url, headers: { range: 'bytes=60000-' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${String(content.length)}`);

    const cached = await t.app.inject({ url: file.file_url, headers: { 'if-none-match': String(etag) } });
    expect(cached.statusCode).toBe(304);
    const download = await t.app.inject({ url: `${file.file_url}&download=1` });
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses a tampered, foreign, expired or trashed url as not found', async () => {
    const { user, job, file } = await uploaded();
    const other = await uploaded();
    const url = new URL(file.file_url, 'http://x');
    const sig = url.searchParams.get('sig') ?? '';
    const tampered = file.file_url.replace(sig, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(404);
    // A signature is for one file: it opens no other file, nor the same file under another job.
    const swapped = other.file.file_url.replace(/sig=[^&]+/, `sig=${encodeURIComponent(sig)}`);
    expect((await t.app.inject({ url: swapped })).statusCode).toBe(404);
    const otherJob = file.file_url.replace(job, other.job);
    expect((await t.app.inject({ url: otherJob })).statusCode).toBe(404);
    // The preview variant needs its own signature.
    expect((await t.app.inject({ url: `${file.file_url}&sub=1` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/th/3/${file.id}?area=256&exp=1&sig=x` })).statusCode).toBe(404);

    await t.app.inject({
      method: 'DELETE',
      url: `/st/4/jobs/${job}/files_by_id/${file.id}?${user.query}`,
      headers: user.headers,
    });
    expect((await t.app.inject({ url: file.file_url })).statusCode).toBe(404);

    t.clock.advance(8 * 3_600_000);
    expect((await t.app.inject({ url: other.file.file_url })).statusCode).toBe(404);
  });

  it('answers the video check with queued until the worker made the preview', async () => {
    const clip = fs.readFileSync(path.join(import.meta.dirname, '../../media/fixtures/clip.mp4'));
    const { user, job, file } = await uploaded('Camera/VID_1.mp4', clip);
    const check = await t.app.inject({
      url: `/st/4/jobs/${job}/files_by_id/${file.id}/v_check?${user.query}`,
      headers: user.headers,
    });
    expect(check.json()).toEqual({ result: 'queued' });
    expect(file.video_url).toBeNull();
  });

  it('neutralises a right-to-left override in the name of a download', async () => {
    // Shown raw, "IMG\u202Egpj.exe" would read "IMGexe.jpg"; this one would read "IMGgpj.jpg".
    const { file } = await uploaded('Camera/IMG\u202Egpj.jpg');
    const download = await t.app.inject({ url: `${file.file_url}&download=1` });
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="IMG_gpj.jpg"; filename*=UTF-8''IMG_gpj.jpg`,
    );
  });

  it('sends documents and unknown types as attachments, never inline', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20)]);
    const { file } = await uploaded('Docs/Report "Q3".pdf', pdf);
    const response = await t.app.inject({ url: file.file_url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Report _Q3_.pdf"; filename*=UTF-8''Report%20%22Q3%22.pdf`,
    );
  });
});
