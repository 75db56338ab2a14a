import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import type { DocumentList } from '@trove/contract';
import { albumClient } from '../../test/albums.ts';
import {
  createTestApp,
  signUp,
  timelineOf,
  uploadFile,
  type Session,
  type TestApp,
} from '../../test/harness.ts';

/** Chromium's PDF viewer: the extension that shows a PDF opened in a tab. */
const PDF_VIEWER = 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/';

/** A one-page PDF with a real content stream, so the viewer has something to draw. */
function onePagePdf(): Buffer {
  const stream = 'BT /F1 36 Tf 30 90 Td (HELLO PDF) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${String(stream.length)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = out.length;
    out += `${String(i + 1)} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${String(objects.length + 1)}\n0000000000 65535 f \n`;
  for (const at of offsets) out += `${String(at).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${String(objects.length + 1)} /Root 1 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * The media policy (MEDIA_CSP: a sandbox without scripts) must not break Chromium's PDF viewer
 * (issue #23): a PDF opened with `disposition=inline` shows in the viewer in Debian's Chromium
 * (the e2e browser; missing, the test fails), while HTML named .pdf is saved, never shown.
 */
describe('a document opened in a tab, in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  let user: Session;
  let timeline: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    user = await signUp(t.app);
    timeline = await timelineOf(t.app, user);
  }, 60_000);
  afterAll(async () => {
    await browser.close();
    await t.close();
  });

  async function inlineUrl(name: string, content: Buffer, storedName = name) {
    const r = await uploadFile(t.app, user, timeline, { path: `Docs/${name}`, content });
    const id = r.json<{ uuid: string }>().uuid;
    if (storedName !== name)
      await t.database.db.updateTable('files').set({ name: storedName }).where('id', '=', id).execute();
    const list = await albumClient(t).send(user, 'GET', `/jobs/${timeline}/documents`);
    const file = list.json<DocumentList>().files.find((f) => f.id === id);
    return `${origin}${file?.file_url ?? ''}&disposition=inline`;
  }

  it('shows a PDF in the viewer under the media policy', async () => {
    const page = await browser.newPage();
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.goto(await inlineUrl('hello.pdf', onePagePdf()));
    await expect
      .poll(() => page.frames().some((f) => f.url().startsWith(PDF_VIEWER)), { timeout: 15_000 })
      .toBe(true);
    expect(downloaded).toBe(false);
    await page.close();
  }, 30_000);

  it('saves HTML named .pdf instead of showing it', async () => {
    const page = await browser.newPage();
    const download = page.waitForEvent('download', { timeout: 15_000 });
    const html = Buffer.from('<html><body><script>document.title = "ran"</script>page</body></html>\n');
    await page.goto(await inlineUrl('invoice.pdf.txt', html, 'invoice.pdf')).catch(() => {
      // A navigation that turns into a download is aborted: expected.
    });
    expect((await download).suggestedFilename()).toBe('invoice.pdf');
    expect(page.frames().some((f) => f.url().startsWith(PDF_VIEWER))).toBe(false);
    await page.close();
  }, 30_000);
});
