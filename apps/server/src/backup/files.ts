import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A file's bytes are durable only once it is synced. */
export async function fsyncFile(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A new name (a create, a rename) is durable only once its directory is synced. */
export async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes `source` to `target` durably and atomically: into `tmp` first, synced, then renamed
 * (its folder synced too). Answers the bytes written. Nothing is left at `tmp` on failure.
 */
export async function writeDurably(source: Readable, tmp: string, target: string): Promise<number> {
  try {
    const output = await fs.promises.open(tmp, 'w', 0o600);
    await pipeline(source, output.createWriteStream({ flush: true }));
  } catch (error) {
    await fs.promises.rm(tmp, { force: true });
    throw error;
  }
  await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  await fs.promises.rename(tmp, target);
  await fsyncDir(path.dirname(target));
  return (await fs.promises.stat(target)).size;
}

/** Copies the files under `from` to `to` (folders made as needed), each durably; answers their paths. */
export async function copyTree(from: string, to: string, tmp: string): Promise<string[]> {
  const copied: string[] = [];
  const walk = async (relative: string) => {
    const entries = await fs.promises
      .readdir(path.join(from, relative), { withFileTypes: true })
      .catch(() => []);
    for (const entry of entries) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile()) {
        await writeDurably(
          fs.createReadStream(path.join(from, name)),
          path.join(tmp, `copy-${String(copied.length)}`),
          path.join(to, name),
        );
        copied.push(name);
      }
    }
  };
  await walk('');
  return copied;
}
