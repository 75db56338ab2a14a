import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/*
 * Test support (imported by vitest tests and by Playwright e2e tests, so it imports neither):
 * a real SMTP server on 127.0.0.1 that keeps every message it receives, and a small MIME
 * reader for assertions on what arrived.
 *
 *   const smtp = await startTestSmtpServer({ tls: 'starttls', auth: { user: 'u', pass: 'p' } });
 *   // run the server with SMTP_URL=smtp.url, SMTP_TLS_CA_FILE=smtp.caFile
 *   const mail = await smtp.waitForMessage((m) => m.to.includes('bo@example.com'));
 *   expect(mail.parsed.header('subject')).toBe('Holiday');
 *   await smtp.close();
 */

export interface TestSmtpServerOptions {
  /**
   * `'starttls'`: plain connection upgraded with STARTTLS; `'implicit'`: TLS from the first
   * byte (smtps://). Both use a self-signed certificate for 127.0.0.1 and localhost, made for
   * this server (its PEM is `ca`, its file `caFile`). Default: no TLS at all (STARTTLS is
   * not offered).
   */
  tls?: 'starttls' | 'implicit';
  /** When set, the server requires AUTH with exactly these credentials; they go into `url`. */
  auth?: { user: string; pass: string };
  /** A fixed port (the e2e sink's, which the app server is pointed at); default: the OS picks. */
  port?: number;
}

/** One message as the server received it. */
export interface CapturedMessage {
  /** The envelope: MAIL FROM and every RCPT TO (Bcc recipients are only here). */
  from: string;
  to: string[];
  /** The user that authenticated, if any. */
  user?: string;
  /** Whether the session was encrypted (STARTTLS or implicit TLS). */
  secure: boolean;
  /** The DATA exactly as received (CRLF line ends, dot-stuffing removed). */
  raw: Buffer;
  parsed: ParsedMessage;
}

export interface TestSmtpServer {
  /** `smtp://[user:pass@]127.0.0.1:<port>` (`smtps://` with implicit TLS): a ready SMTP_URL. */
  readonly url: string;
  readonly port: number;
  /** PEM of the self-signed certificate (TLS modes only): the CA a client must trust. */
  readonly ca?: string;
  /** A file holding `ca` (TLS modes only): a ready SMTP_TLS_CA_FILE. */
  readonly caFile?: string;
  /** Every message received so far, oldest first. */
  readonly messages: CapturedMessage[];
  /**
   * The first message (received before or after the call) that matches `predicate` (any
   * message without one); rejects after `timeoutMs` (default 10 s).
   */
  waitForMessage(
    predicate?: (message: CapturedMessage) => boolean,
    timeoutMs?: number,
  ): Promise<CapturedMessage>;
  /** Stops the server and removes its certificate files. */
  close(): Promise<void>;
}

/** Starts a real SMTP server (the `smtp-server` package) on 127.0.0.1 and a free port. */
export async function startTestSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const messages: CapturedMessage[] = [];
  const waiters = new Set<() => void>();
  const cert = options.tls ? makeSelfSignedCertificate() : undefined;
  const { auth } = options;
  const server = new SMTPServer({
    secure: options.tls === 'implicit',
    ...(cert ? { key: cert.key, cert: cert.cert } : {}),
    // Without TLS, STARTTLS is not offered: smtp-server would offer it with a built-in
    // certificate that no client trusts.
    disabledCommands: options.tls ? [] : ['STARTTLS'],
    authOptional: !auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(authentication, _session, callback) {
      if (auth && authentication.username === auth.user && authentication.password === auth.pass) {
        callback(null, { user: authentication.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const mailFrom = session.envelope.mailFrom;
        messages.push({
          from: mailFrom === false ? '' : mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          ...(typeof session.user === 'string' ? { user: session.user } : {}),
          secure: session.secure,
          raw,
          parsed: parseRawMessage(raw),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A client that gives up mid-handshake (one that distrusts the certificate, as tests make
  // it do) is reported as a server `error`; unheard, that event would crash the test run.
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;
  const credentials = auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@` : '';
  const scheme = options.tls === 'implicit' ? 'smtps' : 'smtp';
  return {
    url: `${scheme}://${credentials}127.0.0.1:${port}`,
    port,
    ...(cert ? { ca: cert.cert, caFile: cert.certFile } : {}),
    messages,
    waitForMessage(predicate = () => true, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = messages.find(predicate);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = (): void => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no matching message within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
      if (cert) fs.rmSync(cert.dir, { recursive: true, force: true });
    },
  };
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost (P-256, valid one day), made by the
 * openssl command into a temp folder: `cert` is both the server's certificate and its CA.
 */
export function makeSelfSignedCertificate(): { key: string; cert: string; certFile: string; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-smtp-cert-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8'), certFile, dir };
}

/** What `parseRawMessage` reads of a message. */
export interface ParsedMessage {
  /** Every header in order, unfolded, RFC 2047 encoded-words decoded; names as written. */
  headers: { name: string; value: string }[];
  /** The first header of that name (case-insensitive), decoded; undefined when absent. */
  header(name: string): string | undefined;
  /** The decoded text/plain part (or body), if any; line ends as \n. */
  text?: string;
  /** The decoded text/html part, if any; line ends as \n. */
  html?: string;
}

/**
 * Reads enough of a MIME message for tests: headers (unfolded, encoded-words decoded) and the
 * first text/plain and text/html parts, through multipart nesting, decoded from
 * quoted-printable or base64 in their charset. Not a general parser: no attachments, no
 * RFC 2231 parameters.
 */
export function parseRawMessage(raw: Buffer | string): ParsedMessage {
  const result: ParsedMessage = { headers: [], header: () => undefined };
  const entity = parseEntity(
    Buffer.isBuffer(raw) ? raw.toString('latin1') : Buffer.from(raw).toString('latin1'),
  );
  result.headers = entity.headers.map(({ name, value }) => ({ name, value: decodeWords(value) }));
  result.header = (name) => result.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
  collectTextParts(entity, result);
  return result;
}

/** A MIME entity with its body still in transfer encoding; strings are latin1 (one char per byte). */
interface Entity {
  headers: { name: string; value: string }[];
  body: string;
}

function parseEntity(source: string): Entity {
  const match = /\r?\n\r?\n/.exec(source);
  const head = match ? source.slice(0, match.index) : source;
  const body = match ? source.slice(match.index + match[0].length) : '';
  const headers = head
    .replace(/\r?\n(?=[ \t])/g, '')
    .split(/\r?\n/)
    .filter((line) => line.includes(':'))
    .map((line) => {
      const colon = line.indexOf(':');
      return { name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
    });
  return { headers, body };
}

function headerOf(entity: Entity, name: string): string {
  return entity.headers.find((h) => h.name.toLowerCase() === name)?.value ?? '';
}

function parameter(value: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

function collectTextParts(entity: Entity, into: ParsedMessage): void {
  const contentType = headerOf(entity, 'content-type') || 'text/plain';
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType.startsWith('multipart/')) {
    const boundary = parameter(contentType, 'boundary');
    if (boundary === undefined) return;
    const sections = entity.body.split(new RegExp(`(?:^|\\r?\\n)--${escapeRegExp(boundary)}`));
    // The first section is the preamble; the last starts with `--` (the closing delimiter).
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collectTextParts(parseEntity(section.replace(/^[ \t]*\r?\n/, '')), into);
    }
    return;
  }
  const disposition = headerOf(entity, 'content-disposition').toLowerCase();
  if (disposition.startsWith('attachment')) return;
  const charset = parameter(contentType, 'charset') ?? 'us-ascii';
  const bytes = decodeTransfer(entity.body, headerOf(entity, 'content-transfer-encoding'));
  // MIME text has CRLF line ends (RFC 2046 §4.1.1); tests compare with the \n they sent.
  const text = new TextDecoder(charset).decode(bytes).replace(/\r\n/g, '\n');
  if (mediaType === 'text/plain' && into.text === undefined) into.text = text;
  if (mediaType === 'text/html' && into.html === undefined) into.html = text;
}

function decodeTransfer(body: string, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body, 'latin1');
  }
}

/** RFC 2045 §6.7: soft line breaks (`=` at a line end) vanish, `=XX` is one byte. */
export function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/[ \t]+(?=\r?\n)/g, '').replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-Fa-f]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
}

/**
 * RFC 2047: `=?charset?B|Q?text?=` words become their text; white space between two adjacent
 * encoded words goes. Header strings arrive as latin1 (one char per byte); raw UTF-8 (RFC 6532)
 * outside encoded words is decoded as UTF-8.
 */
function decodeWords(value: string): string {
  const utf8 = Buffer.from(value, 'latin1').toString('utf8');
  return utf8
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, charset: string, kind: string, text: string) => {
      const bytes =
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return new TextDecoder(charset.split('*')[0]).decode(bytes);
    });
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
