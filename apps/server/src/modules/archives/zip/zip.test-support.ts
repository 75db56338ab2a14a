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

/**
 * What Python's zipfile lists (name, size) without reading the entries, and the bytes of the
 * entries named in `read` (their CRC checked as they are read): for archives too large to read whole.
 */
export function pythonListing(
  zipFile: string,
  read: readonly string[],
): { name: string; size: number; text?: string }[] {
  const script = `
import json, sys, zipfile
wanted = set(json.loads(sys.argv[2]))
with zipfile.ZipFile(sys.argv[1]) as z:
    out = []
    for info in z.infolist():
        one = {"name": info.filename, "size": info.file_size}
        if info.filename in wanted:
            one["text"] = z.read(info).decode("utf-8")
        out.append(one)
    print(json.dumps(out))
`;
  const output = execFileSync('python3', ['-c', script, zipFile, JSON.stringify(read)], { encoding: 'utf8' });
  return JSON.parse(output) as ReturnType<typeof pythonListing>;
}

/** `unzip -l`: the listing Info-ZIP reads from the central directory (ZIP64 records included). */
export function unzipList(zipFile: string): string {
  return execFileSync('unzip', ['-l', zipFile], { encoding: 'utf8' });
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
