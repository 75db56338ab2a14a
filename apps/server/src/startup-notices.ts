import { execFile } from 'node:child_process';
import type { Config } from './config.ts';
import { describeMailTarget } from './mail/index.ts';

/** One line for the operator at start, and how loud it is. */
export interface Notice {
  level: 'info' | 'warn';
  text: string;
}

/**
 * Where mail goes (issue #23, mail honesty): with SMTP_URL unset nothing is sent, and the
 * operator must hear it at start, not from a user whose invitations never arrived.
 */
export function mailNotice(config: Pick<Config, 'DATA_DIR' | 'SMTP_URL'>): Notice {
  const target = describeMailTarget(config);
  if (config.SMTP_URL !== '') return { level: 'info', text: `mail goes to ${target}` };
  return {
    level: 'warn',
    text:
      `mail is not configured (SMTP_URL is unset): shares and invitations by e-mail are only written ` +
      `as .eml files to the ${target}, and nobody receives them; set SMTP_URL to send them`,
  };
}

/**
 * Whether the video tools run (issue #23): without them videos are still stored and
 * downloadable, but get no thumbnails, previews or web transcodes.
 */
export function videoToolsNotice(ffmpegPath: string, found: boolean): Notice {
  if (found)
    return { level: 'info', text: `ffmpeg found (${ffmpegPath}): videos get thumbnails and previews` };
  return {
    level: 'warn',
    text:
      `ffmpeg not found (FFMPEG_PATH=${ffmpegPath}): videos are stored and can be downloaded, but get ` +
      `no thumbnails, previews or transcodes; install ffmpeg (Debian: apt install ffmpeg) or set FFMPEG_PATH`,
  };
}

/** Does `bin -version` run and exit 0 within five seconds? */
export function toolRuns(bin: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(bin, ['-version'], { timeout: 5000 }, (error) => {
      resolve(error === null);
    });
  });
}
