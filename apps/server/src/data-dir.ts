import fs from 'node:fs';

/**
 * Makes DATA_DIR ready before a command opens anything in it: a missing one is created
 * readable by its owner alone (700), since it holds every account's database, files and
 * keys. An existing one that others may read is reported through `warn`, not changed: it
 * is the operator's folder (perhaps shared with a backup group on purpose, perhaps a mount
 * where chmod fails), and a warning names the fix without deciding for them.
 */
export function prepareDataDir(dir: string, warn: (message: string) => void): void {
  const stat = fs.statSync(dir, { throwIfNoEntry: false });
  if (!stat) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    return;
  }
  if (!stat.isDirectory()) throw new Error(`DATA_DIR ${dir} is not a folder`);
  if ((stat.mode & 0o077) !== 0) {
    const mode = (stat.mode & 0o777).toString(8);
    warn(
      `warning: DATA_DIR ${dir} is readable by other users (mode ${mode}); it holds every ` +
        `account's data: run chmod 700 ${dir}`,
    );
  }
}
