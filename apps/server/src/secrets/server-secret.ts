import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Notice } from '../startup-notices.ts';
import {
  createServerSecretsRepository,
  MIN_SECRET_BYTES,
  type StoredSecret,
} from './server-secrets.repository.ts';

/*
 * [Note: Server secret]
 *
 * One key signs media URLs ([Note: Media URLs]) and keys the device cookies, visitor grants,
 * guest tokens and unsubscribe identifiers ([Note: Email consent identifiers]). A link one
 * node signs must open on every other, so every process (serve, worker, the admin CLI, on
 * every node) must hold the same key, and each finds it at start the same way:
 *
 * 1. MEDIA_URL_SECRET, when configured. Should the database also keep one and it differs,
 *    the configured one wins; the process says so once, at info, naming no secret.
 * 2. Else the one the database keeps (server_secrets, name `media_url`). On the very first
 *    start there is none: the process inserts its candidate unless a row exists, then reads
 *    the row back, so nodes that start together all take the one that won.
 *
 * The candidate is the node's key file of before (DATA_DIR/secrets/media-url.key, when one
 * DATA_DIR kept the key): adopted, so the URLs and unsubscribe links already mailed keep
 * working. Without one it is 32 random bytes. Two nodes with different key files (each made
 * its own before the database kept it): the first to insert wins, and the links the other
 * signed with its own file no longer open (that node warns at start). The file is left as
 * it was and never written again; the database is the one place of the key, and its
 * backups hold it as they hold the sessions.
 */

/** The row of the signing key in server_secrets. */
export const SERVER_SECRET_NAME = 'media_url';

/** Where a node kept its key before the database did, inside DATA_DIR. */
export const KEY_FILE = path.join('secrets', 'media-url.key');

/** Bytes of a generated key (HMAC-SHA256's block is 64, its output 32: 32 is the usual choice). */
const GENERATED_BYTES = 32;

export interface ServerSecretDeps {
  config: Pick<Config, 'MEDIA_URL_SECRET' | 'DATA_DIR'>;
  db: Kysely<Database>;
  now?: () => number;
}

/** The key this process signs with, and what to tell the operator about it (no secret in them). */
export interface ResolvedSecret {
  secret: Buffer;
  notices: Notice[];
}

/** Finds the signing key as [Note: Server secret] says, keeping one in the database if needed. */
export async function resolveServerSecret(deps: ServerSecretDeps): Promise<ResolvedSecret> {
  const { config, db } = deps;
  const secrets = createServerSecretsRepository(db);
  const stored = await secrets.find(SERVER_SECRET_NAME);
  if (config.MEDIA_URL_SECRET !== '') {
    const secret = Buffer.from(config.MEDIA_URL_SECRET, 'utf8');
    const notices: Notice[] =
      stored && !stored.value.equals(secret)
        ? [
            {
              level: 'info',
              text:
                'MEDIA_URL_SECRET is set and differs from the signing secret the database keeps: the ' +
                'configured one is used, so links signed by a node without MEDIA_URL_SECRET do not open here',
            },
          ]
        : [];
    return { secret, notices };
  }
  const file = path.join(config.DATA_DIR, KEY_FILE);
  const fromFile = readKeyFile(config.DATA_DIR);
  if (stored) return { secret: stored.value, notices: fileNotices(file, fromFile, stored) };
  const now = (deps.now ?? Date.now)();
  const candidate: StoredSecret = fromFile
    ? { value: fromFile, source: 'data_dir', createdAt: now }
    : { value: randomBytes(GENERATED_BYTES), source: 'generated', createdAt: now };
  const kept = await secrets.keepFirst(SERVER_SECRET_NAME, candidate);
  if (kept.value.equals(candidate.value)) {
    const text =
      candidate.source === 'data_dir'
        ? `the signing secret of ${file} is now kept in the database: every node signs with it`
        : 'made a signing secret and kept it in the database: every node signs with it';
    return { secret: kept.value, notices: [{ level: 'info', text }] };
  }
  // Another node kept its own a moment earlier.
  return { secret: kept.value, notices: fileNotices(file, fromFile, kept) };
}

/** A warning when this node's old key file lost to another's: its links signed before fail. */
function fileNotices(file: string, fromFile: Buffer | undefined, stored: StoredSecret): Notice[] {
  if (!fromFile || fromFile.equals(stored.value)) return [];
  return [
    {
      level: 'warn',
      text:
        `${file} differs from the signing secret the database keeps (another node's was kept first): ` +
        "the database's is used, so media URLs and unsubscribe links this node signed with its file no " +
        'longer open; the file is no longer read and may be removed',
    },
  ];
}

/** What `trove doctor` reports: where the key comes from, never the key. */
export interface SecretState {
  configured: boolean;
  /** The database's key: none yet, or where it came from and whether MEDIA_URL_SECRET equals it. */
  stored?: { source: StoredSecret['source']; createdAt: number; equalsConfigured: boolean };
  /** This node's old key file: none, the database's key, another key, or waiting to be adopted. */
  keyFile: 'none' | 'kept' | 'differs' | 'pending';
}

/** Reads, never writes: the state of the signing key as this node would resolve it. */
export async function inspectServerSecret(deps: ServerSecretDeps): Promise<SecretState> {
  const { config } = deps;
  const stored = await createServerSecretsRepository(deps.db).find(SERVER_SECRET_NAME);
  const configured = config.MEDIA_URL_SECRET !== '';
  const fromFile = readKeyFile(config.DATA_DIR);
  return {
    configured,
    ...(stored && {
      stored: {
        source: stored.source,
        createdAt: stored.createdAt,
        equalsConfigured: configured && stored.value.equals(Buffer.from(config.MEDIA_URL_SECRET, 'utf8')),
      },
    }),
    keyFile: !fromFile ? 'none' : !stored ? 'pending' : stored.value.equals(fromFile) ? 'kept' : 'differs',
  };
}

/**
 * The node's key file of before; undefined when there is none, or too short to be one a node
 * made (empty: a start that crashed while writing it).
 */
export function readKeyFile(dataDir: string): Buffer | undefined {
  try {
    const key = fs.readFileSync(path.join(dataDir, KEY_FILE));
    return key.length >= MIN_SECRET_BYTES ? key : undefined;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
    throw error;
  }
}
