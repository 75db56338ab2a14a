import { z } from 'zod/mini';
import { once } from 'node:events';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@trove/contract';
import { handleClientError } from './errors.ts';
import { createTestApp, type TestApp } from './test/harness.ts';

/**
 * Requests Node's HTTP parser refuses before any route sees them. inject() skips that
 * parser, so these go over a real socket to a listening app.
 */
describe('requests the HTTP parser refuses', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Sends raw bytes and reads the whole answer, up to the server closing the connection. */
  async function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
    const socket = net.connect(port, '127.0.0.1');
    socket.end(request);
    const chunks: Buffer[] = [];
    for await (const chunk of socket) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const [head = '', body = ''] = text.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body };
  }

  it('answers headers over 16 KiB with 431 in the contract shape', async () => {
    const answer = await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers).toContain('content-type: application/json');
    expect(z.strictObject(ErrorBody.shape).parse(JSON.parse(answer.body))).toEqual({
      error: { code: 'headers_too_large', message: expect.any(String) as string },
    });
  });

  it.each([
    ['a malformed request line', 'NOT HTTP AT ALL\r\n\r\n'],
    ['a header without a colon', 'GET /healthz HTTP/1.1\r\nHost: x\r\nbroken header\r\n\r\n'],
    ['a bad Content-Length', 'POST /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
  ])('answers %s with 400 in the contract shape', async (_name, request) => {
    const answer = await raw(request);
    expect(answer.status).toBe(400);
    expect(z.strictObject(ErrorBody.shape).parse(JSON.parse(answer.body)).error.code).toBe('bad_request');
  });

  it('answers a request too slow to arrive with 408 in the contract shape', async () => {
    // Node's request timeout is minutes long: the handler gets its error directly here.
    const server = net.createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const client = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
    const [accepted] = (await once(server, 'connection')) as [net.Socket];
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    accepted.on('error', () => undefined);
    handleClientError.call(t.app, timeout, accepted);
    const chunks: Buffer[] = [];
    for await (const chunk of client) chunks.push(chunk as Buffer);
    server.close();
    const [head = '', body = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1.1 408 /);
    expect(z.strictObject(ErrorBody.shape).parse(JSON.parse(body)).error.code).toBe('request_timeout');
  });

  it('still answers well-formed requests on the same server', async () => {
    const answer = await raw('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
  });
});
