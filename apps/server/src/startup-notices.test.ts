import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mailNotice, toolRuns, videoToolsNotice } from './startup-notices.ts';
import { PROCESS_TEST_TIMEOUT_MS, SERVER_MAIN, freePort, serverEnv } from './test/server-process.ts';

/** What `trove serve` tells the operator at start about mail and video tools (issue #23). */
describe('start-up notices', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-notices-'));
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('warns that mail without SMTP_URL only goes to the outbox, and names it', () => {
    const outbox = mailNotice({ DATA_DIR: '/srv/trove', SMTP_URL: '' });
    expect(outbox.level).toBe('warn');
    expect(outbox.text).toContain('mail is not configured');
    expect(outbox.text).toContain('/srv/trove/outbox');
    expect(outbox.text).toContain('nobody receives them');
    const smtp = mailNotice({ DATA_DIR: '/srv/trove', SMTP_URL: 'smtps://ann:s3cret@mail.example:465' });
    expect(smtp).toEqual({ level: 'info', text: 'mail goes to smtp smtps://mail.example:465' });
  });

  it('finds a tool that runs, and says what works without ffmpeg', async () => {
    expect(await toolRuns('/nonexistent/ffmpeg')).toBe(false);
    expect(await toolRuns(process.execPath)).toBe(false);
    expect(await toolRuns('true')).toBe(true);
    expect(videoToolsNotice('ffmpeg', true).level).toBe('info');
    const missing = videoToolsNotice('/opt/ffmpeg', false);
    expect(missing.level).toBe('warn');
    expect(missing.text).toContain('videos are stored and can be downloaded');
    expect(missing.text).toContain('no thumbnails, previews or transcodes');
  });

  it(
    'serve logs both at start',
    async () => {
      const port = await freePort();
      const child = spawn(process.execPath, [SERVER_MAIN, 'serve'], {
        env: serverEnv(path.join(root, 'data'), {
          PORT: String(port),
          LOG_LEVEL: 'info',
          FFMPEG_PATH: '/nonexistent/ffmpeg',
          EMBEDDED_WORKER: 'false',
        }),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      try {
        await new Promise<void>((resolve, reject) => {
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            if (out.includes('ffmpeg not found') && out.includes('mail is not configured')) resolve();
          });
          child.once('exit', () => {
            reject(new Error(`serve exited:\n${out}`));
          });
          // A start takes seconds: a minute without the lines means they are not logged.
          setTimeout(() => {
            reject(new Error(`no notices within 60 s:\n${out}`));
          }, 60_000);
        });
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      expect(out).toContain(path.join(root, 'data', 'outbox'));
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
