import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod/mini';
import { fsyncDir } from './files.ts';

/** The file that makes a backup folder a complete backup: written last, atomically. */
export const MANIFEST_FILE = 'manifest.json';

/** A name the backup itself made: no folder, no `..`, nothing an edited manifest could aim elsewhere. */
const OwnName = z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/));
/** A path below `data-…/`: relative, without `..`. */
const DataPath = z
  .string()
  .check(
    z.refine((p) => p !== '' && !path.isAbsolute(p) && !p.split(/[\\/]/).includes('..'), 'a relative path'),
  );

/**
 * What `trove backup` wrote, and what `trove restore` needs to trust it. One backup folder
 * holds one backup (the latest); its blobs are kept between runs, so a new backup copies only
 * the blobs it does not have yet.
 */
export const BackupManifest = z.object({
  format: z.literal(1),
  /** The Trove version that wrote it. */
  trove: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  /** Milliseconds: every upload acknowledged before this is in the backup. */
  snapshotStartedAt: z.number(),
  database: z.object({
    dialect: z.enum(['sqlite', 'postgres']),
    file: OwnName,
    bytes: z.number(),
    /** The last migration applied to the snapshot. */
    schema: z.string(),
  }),
  blobs: z.object({
    store: z.enum(['fs', 's3']),
    /** The blobs in the backup, a `<key> <size>` line each. */
    list: OwnName,
    count: z.number(),
    bytes: z.number(),
    /** Blobs copied by this run (the others were in the folder already). */
    copied: z.number(),
    /** Keys the snapshot names that the store did not have at the time of the backup. */
    missing: z.array(z.string()),
  }),
  /** The folder holding copies of DATA_DIR's other files (secrets, outbox), and their paths. */
  data: z.object({ folder: OwnName, files: z.array(DataPath) }),
});
export type BackupManifest = z.infer<typeof BackupManifest>;

/** Writes the manifest atomically: a reader sees the old one or the new one, whole. */
export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  const tmp = path.join(dir, `${MANIFEST_FILE}.tmp`);
  const handle = await fs.promises.open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(manifest, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(tmp, path.join(dir, MANIFEST_FILE));
  await fsyncDir(dir);
}

/** The manifest of the backup in `dir`; throws naming what is wrong when there is none or it is damaged. */
export async function readManifest(dir: string): Promise<BackupManifest> {
  const file = path.join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch {
    throw new Error(`${file} does not exist: not a complete backup (a backup writes it last)`);
  }
  const parsed = BackupManifest.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not a backup manifest Trove can read`);
  return parsed.data;
}

/** Reads a blob list of `<key> <size>` lines. */
export async function readBlobList(file: string): Promise<Map<string, number>> {
  const list = new Map<string, number>();
  for (const line of (await fs.promises.readFile(file, 'utf8')).split('\n')) {
    if (line === '') continue;
    const [key = '', size = ''] = line.split(' ');
    if (!/^[0-9a-f]{32}$/.test(key) || !/^\d+$/.test(size)) throw new Error(`${file}: bad line ${line}`);
    list.set(key, Number(size));
  }
  return list;
}
