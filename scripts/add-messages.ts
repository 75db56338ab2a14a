import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Adds or replaces web client strings in all four locale files at once:
 *   node scripts/add-messages.ts strings.json
 * where strings.json is { "<key>": { "en_US": "…", "nb_NO": "…", "sv_SE": "…", "bg_BG": "…" } }.
 * Every key must come with all four texts, so no locale is ever left behind. Several people
 * (or helpers) may run it at once: a lock folder serialises the read-modify-write.
 */
const LOCALES = ['en_US', 'nb_NO', 'sv_SE', 'bg_BG'] as const;
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(here, '../apps/web/src/i18n/messages');
const lock = path.join(dir, '.lock');

const source = process.argv[2];
if (!source) {
  console.error('usage: node scripts/add-messages.ts strings.json');
  process.exit(2);
}
const strings = JSON.parse(fs.readFileSync(source, 'utf8')) as Record<string, Record<string, string>>;
for (const [key, texts] of Object.entries(strings)) {
  const missing = LOCALES.filter((locale) => !texts[locale]?.trim());
  if (missing.length > 0) {
    console.error(`${key}: missing ${missing.join(', ')}`);
    process.exit(2);
  }
}

const deadline = Date.now() + 10_000;
for (;;) {
  try {
    fs.mkdirSync(lock);
    break;
  } catch {
    if (Date.now() > deadline) throw new Error(`could not take ${lock}; remove it if stale`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}
try {
  for (const locale of LOCALES) {
    const file = path.join(dir, `${locale}.json`);
    const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
    for (const [key, texts] of Object.entries(strings)) messages[key] = texts[locale] ?? '';
    const tmp = `${file}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(messages, null, 2)}\n`);
    fs.renameSync(tmp, file);
  }
  console.log(`${String(Object.keys(strings).length)} keys written to ${LOCALES.join(', ')}`);
} finally {
  fs.rmdirSync(lock);
}
