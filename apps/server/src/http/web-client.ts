import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@trove/contract';

/** Paths that belong to the server's API; unknown ones answer a JSON 404, never the page. */
const API_PREFIXES = ['/st/', '/th/', '/idp/', '/poll/', '/dl/', '/service_directory', '/brands', '/healthz'];

const notFound: ErrorBody = { error: { code: 'not_found', message: 'Not found' } };

/**
 * Serves the built web client on the same port as the API, with the SPA fallback: any
 * other GET that wants HTML gets index.html, and the client's router takes it from there.
 */
export async function registerWebClient(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) {
    // serve: false: files are sent from the not-found handler below, so that no route exists
    // that lacks an auth declaration and the SPA fallback decides in one place.
    await app.register(fastifyStatic, { root: webDist, serve: false, cacheControl: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));
    const wantsPage =
      request.method === 'GET' && !isApi && (request.headers.accept ?? '').includes('text/html');
    if (hasClient && request.method === 'GET' && !isApi && isClientFile(webDist, url)) {
      // Hashed asset names never change content, so browsers may keep them for a year.
      const immutable = url.startsWith('/assets/');
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.sendFile(decodeURIComponent(url.slice(1)));
    }
    if (hasClient && wantsPage) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(notFound);
  });
}

/** True when the URL path names a file of the built client (never outside its folder). */
function isClientFile(webDist: string, urlPath: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return false;
  }
  if (decoded.includes('\0') || decoded === '/' || decoded === '/index.html') return false;
  const full = path.resolve(webDist, `.${decoded}`);
  if (!full.startsWith(webDist + path.sep)) return false;
  return fs.statSync(full, { throwIfNoEntry: false })?.isFile() === true;
}
