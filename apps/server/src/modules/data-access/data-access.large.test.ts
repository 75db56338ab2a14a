import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataAccessAvailability, JobInfo, PreparedDataExport } from '@trove/contract';
import {
  DIALECTS,
  openTestDatabase,
  signUpInDataDir,
  type Session,
  type TestDatabase,
} from '../../test/harness.ts';
import {
  PROCESS_TEST_TIMEOUT_MS,
  startServerProcess,
  type ServerProcess,
} from '../../test/server-process.ts';
import { checkExport, readJson } from './data-access.test-support.ts';

const MiB = 1024 * 1024;
/** 50 files of 6 MiB: an account of 300 MiB (issue #24 "Done when"). */
const FILES = 50;
const FILE_BYTES = 6 * MiB;
/** Of them, this many go into an album, where some get comments. */
const IN_ALBUM = 12;

/** Bytes that sniff as a JPEG, random after the header so no two files share content. */
function photoBytes(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]);
  return bytes;
}

/**
 * The export of a 300 MiB account through a real `trove serve` process (issue #24): the
 * download drops part way, resumes with Range and If-Range, and the joined file is checked
 * with Info-ZIP's unzip, every entry against manifest.json.
 */
describe.each(DIALECTS)('a large data export, dropped and resumed (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  let dataDir: string;
  let work: string;
  let server: ServerProcess;
  let user: Session;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-export-large-'));
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-export-out-'));
    database = dialect === 'postgres' ? await openTestDatabase('postgres') : undefined;
    // The database of a PostgreSQL run is the server process's; this handle only made it.
    await database?.handle.close();
    const url = database?.url ?? '';
    user = await signUpInDataDir(dataDir, url);
    // No media worker: the fake photos are not the subject; their digests are computed by the export.
    server = await startServerProcess(dataDir, { DATABASE_URL: url, EMBEDDED_WORKER: 'false' });
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
    await database?.cleanup().catch(() => undefined);
  });

  const call = async (
    method: string,
    pathAndQuery: string,
    body?: string | FormData,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(
      `${server.url}/st/4${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${user.query}`,
      {
        method,
        headers: { ...user.headers, ...headers },
        ...(body !== undefined && { body }),
      },
    );
    if (!response.ok)
      throw new Error(`${method} ${pathAndQuery}: ${String(response.status)} ${await response.text()}`);
    return response;
  };
  const upload = async (job: string, name: string) => {
    const form = new FormData();
    form.set('path', `Camera/${name}`);
    form.set('mtime', '1700000000');
    form.set('file', new Blob([photoBytes(FILE_BYTES)]), name);
    return ((await (await call('POST', `/jobs/${job}/upload`, form)).json()) as { uuid: string }).uuid;
  };

  /**
   * GETs `url` into `file` from `from` on (appending), with If-Range; stops after `stopAfter`
   * bytes by dropping the connection, as a network would. Answers the status and bytes read.
   */
  const fetchInto = (url: string, file: string, from: number, etag: string | null, stopAfter = Infinity) =>
    new Promise<{ status: number; bytes: number; etag: string | null }>((resolve, reject) => {
      const headers: Record<string, string> = from > 0 ? { range: `bytes=${String(from)}-` } : {};
      if (etag !== null && from > 0) headers['if-range'] = etag;
      const out = fs.createWriteStream(file, { flags: from > 0 ? 'a' : 'w' });
      let bytes = 0;
      const request = http.get(`${server.url}${url}`, { headers }, (response) => {
        const status = response.statusCode ?? 0;
        const tag = typeof response.headers.etag === 'string' ? response.headers.etag : null;
        const finish = () => {
          out.end(() => {
            resolve({ status, bytes, etag: tag });
          });
        };
        response.on('data', (chunk: Buffer) => {
          const room = stopAfter - bytes;
          out.write(room < chunk.length ? chunk.subarray(0, room) : chunk);
          bytes += Math.min(room, chunk.length);
          if (bytes >= stopAfter) {
            request.destroy();
            finish();
          }
        });
        response.on('end', finish);
        response.on('error', () => {
          if (bytes >= stopAfter) return;
          reject(new Error('the download failed'));
        });
      });
      request.on('error', (error) => {
        if (bytes < stopAfter) reject(error);
      });
    });

  it(
    'downloads 300 MiB with albums and comments, drops, resumes by Range, and every entry matches manifest.json',
    async () => {
      const timeline = ((await (await call('GET', '/jobs/default')).json()) as JobInfo).id;
      const album = (await (
        await call('POST', '/jobs', JSON.stringify({ name: 'Summer' }), {
          'content-type': 'application/json',
        })
      ).json()) as JobInfo;
      for (let i = 0; i < FILES - IN_ALBUM; i++) await upload(timeline, `t${String(i).padStart(3, '0')}.jpg`);
      const inAlbum: string[] = [];
      for (let i = 0; i < IN_ALBUM; i++)
        inAlbum.push(await upload(album.id, `a${String(i).padStart(3, '0')}.jpg`));
      for (const file of inAlbum.slice(0, 4))
        await call(
          'POST',
          `/jobs/${album.id}/files_by_id/${file}/comments`,
          JSON.stringify({ comment: `About ${file}` }),
          {
            'content-type': 'application/json',
          },
        );

      const prepared = (await (
        await call('POST', '/data_protection/request_data_access')
      ).json()) as PreparedDataExport;
      expect(prepared.size).toBeGreaterThan(FILES * FILE_BYTES);
      const zip = path.join(work, prepared.file_name);

      // A drop at 40 %, then the rest from where it stopped.
      const cut = Math.floor(prepared.size * 0.4);
      const first = await fetchInto(prepared.url, zip, 0, null, cut);
      expect(first).toMatchObject({ status: 200, bytes: cut });
      expect(fs.statSync(zip).size).toBe(cut);
      // The cooldown is spent once: asking again gives the same export.
      const availability = (await (
        await call('GET', '/data_protection/request_data_access_availability')
      ).json()) as DataAccessAvailability;
      expect(availability).toMatchObject({ available: false, current: { size: prepared.size } });
      const rest = await fetchInto(prepared.url, zip, cut, first.etag);
      expect(rest).toMatchObject({ status: 206, bytes: prepared.size - cut });
      expect(fs.statSync(zip).size).toBe(prepared.size);

      const { manifest, root } = checkExport(zip, path.join(work, 'out'));
      const files = manifest.entries.filter((entry) => entry.path.endsWith('.jpg'));
      expect(files).toHaveLength(FILES);
      expect(files.filter((entry) => entry.path.startsWith('albums/Summer/'))).toHaveLength(IN_ALBUM);
      expect(files.filter((entry) => entry.path.startsWith('media/2023/11/'))).toHaveLength(FILES - IN_ALBUM);
      expect(manifest.entries.filter((entry) => entry.path.endsWith('.jpg.json'))).toHaveLength(FILES);
      expect(readJson(root, 'comments.json')).toMatchObject({
        comments: inAlbum
          .slice(0, 4)
          .map((file) => ({ file_id: file, text: `About ${file}`, album_title: 'Summer' })),
      });
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
