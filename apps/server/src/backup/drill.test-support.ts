import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/database.ts';
import type { Dialect } from '../db/database.ts';
import type { Session } from '../test/harness.ts';
import { spawnTrove } from '../test/server-process.ts';

/** One upload the server acknowledged, with its bytes and when the answer arrived. */
export interface Acknowledged {
  id: string;
  bytes: Buffer;
  ackedAt: number;
}

interface Listed {
  id: string;
  size: number;
  file_url: string;
  media_status: string;
  thumb_url_small: string | null;
}

/** The calls of the drill, through a real server's HTTP API as one signed-in user. */
export function apiClient(url: string, session: Session) {
  const call = async (pathAndQuery: string, init: RequestInit = {}) => {
    const response = await fetch(
      `${url}/st/4${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${session.query}`,
      { ...init, headers: { ...session.headers, ...(init.headers as Record<string, string> | undefined) } },
    );
    if (!response.ok) throw new Error(`${pathAndQuery}: ${String(response.status)} ${await response.text()}`);
    return response;
  };
  const json = (method: string, body: unknown) => ({
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    async timeline(): Promise<string> {
      return ((await (await call('/jobs/default')).json()) as { id: string }).id;
    },
    async upload(job: string, name: string, bytes: Buffer): Promise<Acknowledged> {
      const form = new FormData();
      form.set('path', `drill/${name}`);
      form.set('file', new Blob([bytes]), name);
      const answer = (await (await call(`/jobs/${job}/upload`, { method: 'POST', body: form })).json()) as {
        status: string;
        uuid: string;
      };
      if (answer.status !== 'processing') throw new Error(`upload of ${name}: ${answer.status}`);
      return { id: answer.uuid, bytes, ackedAt: Date.now() };
    },
    async trash(job: string, fileId: string): Promise<void> {
      await call(`/jobs/${job}/files_by_id/${fileId}`, { method: 'DELETE' });
    },
    async emptyTrash(fileIds: string[]): Promise<number> {
      return (
        (await (await call('/empty_trash_can', json('POST', { fileid: fileIds }))).json()) as {
          deleted: number;
        }
      ).deleted;
    },
    async trashed(): Promise<string[]> {
      const page = (await (await call('/trash_can?limit=500')).json()) as { files: { id: string }[] };
      return page.files.map((file) => file.id);
    },
    async restoreFromTrash(job: string, fileIds: string[]): Promise<void> {
      await call(`/jobs/${job}/multi_rollback`, json('POST', { file_uuids: fileIds }));
    },
    async files(job: string): Promise<Listed[]> {
      const listed: Listed[] = [];
      let cursor: string | null = null;
      do {
        const page = (await (
          await call(`/jobs/${job}/files?limit=500${cursor ? `&cursor=${cursor}` : ''}`)
        ).json()) as { files: Listed[]; next_cursor: string | null };
        listed.push(...page.files);
        cursor = page.next_cursor;
      } while (cursor);
      return listed;
    },
    async download(file: Listed, which: 'file_url' | 'thumb_url_small' = 'file_url'): Promise<Buffer> {
      const response = await fetch(`${url}${file[which] ?? ''}`);
      if (!response.ok) throw new Error(`download of ${file.id}: ${String(response.status)}`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}

const PG_ADMIN_URL = process.env.TROVE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The database of a drill: '' (SQLite in DATA_DIR) or a new, empty PostgreSQL database that
 * `wipe` drops and creates again, empty, as a lost server would be replaced.
 */
export async function drillDatabase(dialect: Dialect) {
  if (dialect === 'sqlite') return { url: '', wipe: () => Promise.resolve(), drop: () => Promise.resolve() };
  const name = `trove_drill_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    wipe: async () => {
      await admin(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin(`CREATE DATABASE ${name}`);
    },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Every file id with its stored key, for choosing which files the drill deletes. */
export async function keysOfFiles(dataDir: string, databaseUrl: string, fileIds: string[]) {
  const database = openDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'trove.db') });
  try {
    return await database.db
      .selectFrom('files')
      .innerJoin('blobs', 'blobs.id', 'files.blob_id')
      .select(['files.id', 'blobs.store_key as key'])
      .where('files.id', 'in', fileIds)
      .execute();
  } finally {
    await database.close();
  }
}

/** Runs `trove ...args` to its end; its exit code and everything it wrote. */
export async function runTrove(args: string[], dataDir: string, env: Record<string, string>) {
  const run = spawnTrove(args, dataDir, env);
  const code = await run.exited;
  return { code, output: run.output() };
}
