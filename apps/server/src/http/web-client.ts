import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@trove/contract';

/**
 * First path segments of the server's own routes (API, media, login host, bootstrap; `dl`
 * is the download host's, spec 000 §7). A path under one of them that no route answers is a
 * JSON 404, never the page; every other GET is a page of the client. A test checks that
 * every registered route starts with one of these.
 */
export const SERVER_SEGMENTS: ReadonlySet<string> = new Set([
  'st',
  'th',
  'idp',
  'poll',
  'dl',
  'service_directory',
  'brands',
  'healthz',
  'readyz',
  // The e-mail consent calls of the unsubscribe page and of mail clients (spec 001 §7).
  'user',
  // BILLING=sandbox: the stand-in for Stripe.js and its endpoints (payments/sandbox/http.ts);
  // a 404 in any other mode, never the page.
  'sandbox',
  // Metrics are served on METRICS_PORT only ([Note: Metrics]); a scraper pointed at this
  // port gets a plain 404, not the page with 200.
  'metrics',
]);

const notFound: ErrorBody = { error: { code: 'not_found', message: 'Not found' } };

/**
 * Serves the built web client on the same port as the API, with the SPA fallback: any
 * other GET gets index.html, whatever its `Accept` (`curl http://localhost:8080/` too), and
 * the client's router takes it from there.
 */
export async function registerWebClient(
  app: FastifyInstance,
  webDist: string,
  options: { sourceMaps: boolean } = { sourceMaps: false },
): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) {
    // serve: false: files are sent from the not-found handler below, so that no route exists
    // that lacks an auth declaration and the SPA fallback decides in one place.
    await app.register(fastifyStatic, { root: webDist, serve: false, cacheControl: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    const segment = url.split('/')[1] ?? '';
    // A missing script or stylesheet (an old page after a deploy) is a 404, not the page.
    const isPage = isGet && !SERVER_SEGMENTS.has(segment) && segment !== 'assets';
    // The build writes source maps (vite `sourcemap: true`) for debugging; they hold the whole
    // client source and are served only when configured (SERVE_SOURCE_MAPS, issue #23).
    if (!options.sourceMaps && /\.map$/i.test(safeDecode(url) ?? url))
      return reply.status(404).send(notFound);
    if (hasClient && isGet && !SERVER_SEGMENTS.has(segment) && isClientFile(webDist, url)) {
      // Hashed asset names never change content, so browsers may keep them for a year.
      const immutable = url.startsWith('/assets/');
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.sendFile(decodeURIComponent(url.slice(1)));
    }
    if (hasClient && isPage) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(notFound);
  });
}

function safeDecode(urlPath: string): string | undefined {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
}

/** True when the URL path names a file of the built client (never outside its folder). */
function isClientFile(webDist: string, urlPath: string): boolean {
  const decoded = safeDecode(urlPath);
  if (decoded === undefined) return false;
  if (decoded.includes('\0') || decoded === '/' || decoded === '/index.html') return false;
  const full = path.resolve(webDist, `.${decoded}`);
  if (!full.startsWith(webDist + path.sep)) return false;
  return fs.statSync(full, { throwIfNoEntry: false })?.isFile() === true;
}
