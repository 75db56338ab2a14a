import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { createInProcessEventBus } from '../apps/server/src/events/event-bus.ts';
import { seedDemo, seedRows } from '../apps/server/src/seed/seed.ts';
import { createFsBlobStore } from '../apps/server/src/storage/fs-blob-store.ts';
import { INJECT_ENV, signIn, type Session } from '../apps/server/src/test/harness.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { makeDataDir, removeDataDir, startServer, type BenchServer } from './lib/server.ts';

/**
 * Issue #23 "read throughput": many clients reading a library side by side, as the timeline
 * does: the month overview, pages of files, and the thumbnails those pages name. The same
 * request mix, at the same concurrency, goes first to `trove serve` and then to a plain
 * static server (node:http streaming files from disk) that holds the very bytes trove
 * answered, so the figure is a ratio that means the same on a slower or busier machine.
 */
export interface ReadsResult {
  /** Requests per second `trove serve` answered (months, pages and thumbnails together). */
  troveRps: number;
  /** The same mix from the plain static server. */
  staticRps: number;
  /** Median latency of trove's answers, ms. */
  troveP50: number;
  staticP50: number;
  /** How many distinct requests the mix cycles through. */
  requests: number;
}

const EMAIL = 'reads@trove.local';
/** Thumbnails per page read, as a screen of tiles asks for them. */
const THUMBS_PER_PAGE = 20;

/** A data folder with `files` file rows made from the demo library, and a session for it. */
async function library(files: number): Promise<{ dataDir: string; session: Session }> {
  const dataDir = await makeDataDir();
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: '/nonexistent', ...INJECT_ENV });
  const database = openDatabase({ databaseUrl: '', sqliteFile: config.SQLITE_FILE });
  try {
    await migrateToLatest(database.db);
    const deps = { config, database, store: createFsBlobStore(dataDir), bus: createInProcessEventBus() };
    const demo = await seedDemo(deps, { email: EMAIL, photos: 6, videos: 0 });
    await seedRows(deps, { email: EMAIL, files });
    const app = await buildApp({ config, database, logger: false });
    const session = await signIn(app, { email: EMAIL, password: demo.password ?? '' });
    await app.close();
    return { dataDir, session };
  } finally {
    await database.close();
  }
}

interface Page {
  files: { thumb_url_small: string | null }[];
}

/**
 * The paths of the mix (each with the client query and token where it needs them): every
 * month's overview, a first page of the busiest months, and the thumbnails each page names.
 * Waits for the worker to make the demo thumbnails the rows share.
 */
async function readMix(server: BenchServer, session: Session): Promise<string[]> {
  const call = async <T>(p: string): Promise<T> => {
    const response = await server.call(p);
    if (!response.ok) throw new Error(`${p}: HTTP ${String(response.status)}`);
    return (await response.json()) as T;
  };
  const job = (await call<{ id: string }>('/st/4/jobs/default')).id;
  const months = await call<{ months: { start: number; end: number; pictures: number }[] }>(
    `/st/4/jobs/${job}/timeline/months`,
  );
  const busiest = [...months.months].sort((a, b) => b.pictures - a.pictures).slice(0, 10);
  const mix: string[] = [];
  for (const month of busiest) {
    const pagePath = `/st/4/jobs/${job}/files?start=${String(month.start)}&end=${String(month.end)}&limit=100`;
    let page = await call<Page>(pagePath);
    for (let tries = 0; page.files.some((file) => file.thumb_url_small === null); tries++) {
      if (tries > 120) throw new Error('the worker made no thumbnails in 60 s');
      await new Promise((resolve) => setTimeout(resolve, 500));
      page = await call<Page>(pagePath);
    }
    mix.push(`/st/4/jobs/${job}/timeline/months?${session.query}`);
    mix.push(`${pagePath}&${session.query}`);
    for (const file of page.files.slice(0, THUMBS_PER_PAGE)) mix.push(file.thumb_url_small ?? '');
  }
  return mix;
}

/** Requests per second and median latency of `paths`, cycled by `connections` clients for `seconds`. */
async function load(
  url: string,
  paths: readonly string[],
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<{ rps: number; p50: number }> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: paths.map((p) => ({ method: 'GET' as const, path: p, headers })),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${String(result.non2xx)} non-2xx answers, ${String(result.errors)} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50 };
}

/**
 * A plain static server: each path of the mix answered from a file holding what trove sent
 * for it, streamed from disk with its content type, as any static file server would.
 */
async function staticServer(
  dir: string,
  files: ReadonlyMap<string, { file: string; type: string }>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const entry = files.get(request.url ?? '');
    if (!entry) {
      response.writeHead(404).end();
      return;
    }
    const file = path.join(dir, entry.file);
    fs.stat(file, (error, stat) => {
      if (error) {
        response.writeHead(500).end();
        return;
      }
      response.writeHead(200, { 'content-type': entry.type, 'content-length': stat.size });
      pipeline(fs.createReadStream(file), response).catch(() => {
        response.destroy();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** Copies what trove answers for each path of the mix into `dir`, for the static server. */
async function snapshot(
  server: BenchServer,
  session: Session,
  mix: readonly string[],
  dir: string,
): Promise<Map<string, { file: string; type: string }>> {
  const files = new Map<string, { file: string; type: string }>();
  for (const [index, p] of [...new Set(mix)].entries()) {
    const response = await fetch(`${server.url}${p}`, { headers: session.headers });
    if (!response.ok) throw new Error(`${p}: HTTP ${String(response.status)}`);
    const file = `${String(index)}.bin`;
    fs.writeFileSync(path.join(dir, file), Buffer.from(await response.arrayBuffer()));
    files.set(p, { file, type: response.headers.get('content-type') ?? 'application/octet-stream' });
  }
  return files;
}

export async function benchReads(files: number, connections: number, seconds: number): Promise<ReadsResult> {
  const lib = await library(files);
  const staticDir = path.join(lib.dataDir, 'static');
  fs.mkdirSync(staticDir);
  try {
    const server = await startServer(lib.dataDir, lib.session);
    try {
      const mix = await readMix(server, lib.session);
      const bytes = await snapshot(server, lib.session, mix, staticDir);
      const plain = await staticServer(staticDir, bytes);
      try {
        // A short warm-up of each, so neither pays for its first connections in the figure.
        await load(server.url, mix, lib.session.headers, connections, 2);
        await load(plain.url, mix, {}, connections, 2);
        const trove = await load(server.url, mix, lib.session.headers, connections, seconds);
        const baseline = await load(plain.url, mix, {}, connections, seconds);
        return {
          troveRps: trove.rps,
          staticRps: baseline.rps,
          troveP50: trove.p50,
          staticP50: baseline.p50,
          requests: mix.length,
        };
      } finally {
        await plain.close();
      }
    } finally {
      await server.stop();
    }
  } finally {
    removeDataDir(lib.dataDir);
  }
}
