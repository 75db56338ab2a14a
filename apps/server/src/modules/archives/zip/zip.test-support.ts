import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/*
 * Readers of other makers, to check our archives with: Info-ZIP's `unzip` and Python's
 * zipfile. Both are required (scripts/ensure-debian-packages.sh installs unzip): a missing
 * one fails the test rather than skipping it.
 */

/** `unzip -t`: every entry's CRC checked; throws with unzip's output when anything is off. */
export function unzipTest(zipFile: string): string {
  return execFileSync('unzip', ['-t', zipFile], { encoding: 'utf8' });
}

/** Python's zipfile: each entry's name, size, date and SHA-1 of its bytes, after testzip(). */
export function pythonEntries(
  zipFile: string,
): { name: string; size: number; sha1: string; date: number[]; mtime: number | null }[] {
  const script = `
import hashlib, json, struct, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    bad = z.testzip()
    if bad is not None:
        raise SystemExit("bad entry: " + bad)
    out = []
    for info in z.infolist():
        mtime = None
        extra = info.extra
        i = 0
        while i + 4 <= len(extra):
            tag, size = struct.unpack('<HH', extra[i:i + 4])
            if tag == 0x5455 and size >= 5:
                mtime = struct.unpack('<i', extra[i + 5:i + 9])[0]
            i += 4 + size
        out.append({"name": info.filename, "size": info.file_size,
                    "sha1": hashlib.sha1(z.read(info)).hexdigest(),
                    "date": list(info.date_time), "mtime": mtime})
    print(json.dumps(out))
`;
  const output = execFileSync('python3', ['-c', script, zipFile], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return JSON.parse(output) as ReturnType<typeof pythonEntries>;
}

/** Extracts with `unzip -o` into a new folder and lists the files it wrote, relative paths. */
export function unzipInto(zipFile: string, dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('unzip', ['-q', '-o', zipFile, '-d', dir]);
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const item of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, item.name);
      if (item.isDirectory()) walk(full);
      else found.push(path.relative(dir, full));
    }
  };
  walk(dir);
  return found.sort();
}
