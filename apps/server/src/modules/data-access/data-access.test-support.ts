import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { unzipInto, unzipTest } from '../archives/zip/zip.test-support.ts';

/** manifest.json of a data export (export-manifest.ts). */
export interface Manifest {
  format: string;
  version: number;
  account: string;
  requested: string;
  zip: string;
  entries: { path: string; size: number; sha256: string }[];
  omitted: { path: string; reason: string }[];
  count: number;
  bytes: number;
}

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Checks a downloaded export with Info-ZIP (`unzip -t`, then extracting it) and every
 * extracted file against manifest.json: the same files, sizes and SHA-256, nothing more or
 * less. Answers the manifest and the export's folder on disk.
 */
export function checkExport(zipFile: string, into: string): { manifest: Manifest; root: string } {
  unzipTest(zipFile);
  const files = unzipInto(zipFile, into);
  const top = new Set(files.map((file) => file.split(path.sep)[0]));
  expect(top.size, 'one top folder').toBe(1);
  const [folder = ''] = [...top];
  const root = path.join(into, folder);
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'manifest.json'), 'utf8')) as Manifest;
  expect(manifest.format).toBe('trove-data-export');
  const listed = manifest.entries.map((entry) => entry.path).sort();
  const found = files
    .map((file) =>
      file
        .slice(folder.length + 1)
        .split(path.sep)
        .join('/'),
    )
    .filter((file) => file !== 'manifest.json')
    .sort();
  expect(found).toEqual(listed);
  let bytes = 0;
  for (const entry of manifest.entries) {
    const content = fs.readFileSync(path.join(root, entry.path));
    expect(content.length, entry.path).toBe(entry.size);
    expect(sha256Of(content), entry.path).toBe(entry.sha256);
    bytes += entry.size;
  }
  expect(manifest.count).toBe(manifest.entries.length);
  expect(manifest.bytes).toBe(bytes);
  return { manifest, root };
}

/** A JSON document of an extracted export. */
export function readJson(root: string, file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
}
