import fs from 'node:fs';

/** The version of this Trove (apps/server/package.json), written into every backup. */
export function troveVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version?: unknown;
  };
  return typeof pkg.version === 'string' ? pkg.version : 'unknown';
}
