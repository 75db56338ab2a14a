import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentList } from '@trove/contract';
import { albumClient } from '../../test/albums.ts';
import {
  DIALECTS,
  createTestApp,
  signUp,
  timelineOf,
  uploadFile,
  type Session,
  type TestApp,
} from '../../test/harness.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const HTML = Buffer.from(
  '<!doctype html><html><body><script>alert(document.domain)</script></body></html>\n',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n');

/**
 * Documents open in a tab (issue #23): `disposition=inline` shows a PDF or a raster picture,
 * named and sniffed as one, sandboxed, typed, never sniffed by the browser; everything else
 * (SVG, HTML, whatever a name claims) is saved as an octet-stream attachment.
 */
describe.each(DIALECTS)('opening documents (%s)', (dialect) => {
  let t: TestApp;
  let c: ReturnType<typeof albumClient>;
  let user: Session;
  let timeline: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = albumClient(t);
    user = await signUp(t.app);
    timeline = await timelineOf(t.app, user);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Uploads `content` as `name`, then renames it to `storedName` (a name stored before checks). */
  async function stored(name: string, content: Buffer, storedName = name) {
    const r = await uploadFile(t.app, user, timeline, { path: `Docs/${name}`, content });
    expect(r.statusCode).toBe(200);
    const id = r.json<{ uuid: string }>().uuid;
    if (storedName !== name)
      await t.database.db.updateTable('files').set({ name: storedName }).where('id', '=', id).execute();
    const files = await c.files(user, timeline, '?filter=all');
    const documents = (await c.send(user, 'GET', `/jobs/${timeline}/documents`)).json<DocumentList>().files;
    const file = [...files, ...documents].find((f) => f.id === id);
    if (!file) throw new Error(`${name} is not listed`);
    return file.file_url;
  }
  const open = (url: string) => t.app.inject({ url: `${url}&disposition=inline` });

  function expectSafe(r: Awaited<ReturnType<typeof open>>) {
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(r.headers['content-security-policy']);
    expect(csp.split(';').map((d) => d.trim())).toEqual(
      expect.arrayContaining(['sandbox', "default-src 'none'"]),
    );
    expect(r.headers['content-type']).not.toMatch(/html|svg|xml/);
  }

  it('opens a PDF inline as application/pdf, and still saves it without the parameter', async () => {
    const url = await stored('receipt.pdf', PDF);
    const r = await open(url);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toMatch(/^inline; filename="receipt.pdf"/);
    expectSafe(r);
    expect(r.rawPayload.equals(PDF)).toBe(true);
    const saved = await t.app.inject({ url });
    expect(saved.headers['content-disposition']).toMatch(/^attachment; filename="receipt.pdf"/);
    expect(saved.headers['content-type']).toBe('application/octet-stream');
    // Asked to download, it downloads.
    expect(
      (await t.app.inject({ url: `${url}&disposition=attachment` })).headers['content-disposition'],
    ).toMatch(/^attachment/);
  });

  it('opens a PNG inline as image/png', async () => {
    const png = await fs.readFile(path.join(import.meta.dirname, '../../media/fixtures/alpha.png'));
    const r = await open(await stored('chart.png', png));
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.headers['content-disposition']).toMatch(/^inline; filename="chart.png"/);
    expectSafe(r);
  });

  it('saves HTML named .pdf, SVG and a PNG named .svg as octet-stream attachments', async () => {
    for (const [content, name] of [
      [HTML, 'invoice.pdf'],
      [SVG, 'logo.svg'],
      [HTML, 'page.html'],
    ] as const) {
      const r = await open(await stored(`${name}.txt`, content, name));
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('application/octet-stream');
      expect(r.headers['content-disposition']).toMatch(/^attachment; /);
      expectSafe(r);
    }
    const png = await fs.readFile(path.join(import.meta.dirname, '../../media/fixtures/alpha.png'));
    const svgNamed = await open(await stored('other.png', png, 'other.svg'));
    expect(svgNamed.headers['content-type']).toBe('application/octet-stream');
    expect(svgNamed.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('answers 404 to an inline URL with a bad signature, like a missing file', async () => {
    const url = await stored('secret.pdf', Buffer.concat([PDF, Buffer.from('% secret\n')]));
    const forged = url.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await open(forged)).statusCode).toBe(404);
  });
});
