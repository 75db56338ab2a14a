import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AREA_NAMES, areaOf } from '../apps/web/src/i18n/areas.ts';

/**
 * Adds or replaces web client strings in all four locale files at once:
 *   node scripts/add-messages.ts strings.json
 * where strings.json is { "<key>": { "en_US": "…", "nb_NO": "…", "sv_SE": "…", "bg_BG": "…" } }.
 * Every key must come with all four texts, so no locale is ever left behind. Each key goes to
 * the catalogue of its area (apps/web/src/i18n/areas.ts, See: [Note: Message areas]): the
 * main files messages/<locale>.json or an area's messages/<area>/<locale>.json; a key found
 * in another catalogue is moved. Several people (or helpers) may run it at once: a lock
 * folder serialises the read-modify-write.
 *
 *   node scripts/add-messages.ts --resplit
 * moves every key already in the catalogues to the one its area says (after a merge brought
 * keys into the main files, or after areas.ts changed). Running it again changes nothing.
 */
const LOCALES = ['en_US', 'nb_NO', 'sv_SE', 'bg_BG'] as const;
const CATALOGUES = ['main', ...AREA_NAMES] as const;
type Catalogue = (typeof CATALOGUES)[number];
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(here, '../apps/web/src/i18n/messages');
const lock = path.join(dir, '.lock');

const source = process.argv[2];
if (!source) {
  console.error('usage: node scripts/add-messages.ts strings.json | --resplit');
  process.exit(2);
}
const resplit = source === '--resplit';
const strings = resplit
  ? {}
  : (JSON.parse(fs.readFileSync(source, 'utf8')) as Record<string, Record<string, string>>);
for (const [key, texts] of Object.entries(strings)) {
  const missing = LOCALES.filter((locale) => !texts[locale]?.trim());
  if (missing.length > 0) {
    console.error(`${key}: missing ${missing.join(', ')}`);
    process.exit(2);
  }
}

const fileOf = (catalogue: Catalogue, locale: string) =>
  catalogue === 'main' ? path.join(dir, `${locale}.json`) : path.join(dir, catalogue, `${locale}.json`);
const read = (file: string) =>
  fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>) : {};
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
};

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
  let moved = 0;
  for (const locale of LOCALES) {
    const files = new Map(CATALOGUES.map((catalogue) => [catalogue, read(fileOf(catalogue, locale))]));
    const target = (key: string): Record<string, string> => files.get(areaOf(key) ?? 'main') ?? {};
    // Keys in the wrong catalogue move to their own; a key in two places keeps the text of
    // the catalogue it belongs to.
    for (const [catalogue, messages] of files) {
      for (const [key, text] of Object.entries(messages)) {
        const home = target(key);
        if (home === messages) continue;
        if (!(key in home)) home[key] = text;
        else if (home[key] !== text)
          console.warn(`${locale} ${key}: kept the text of its area, not ${catalogue}'s`);
        Reflect.deleteProperty(messages, key);
        if (locale === 'en_US') moved += 1;
      }
    }
    for (const [key, texts] of Object.entries(strings)) target(key)[key] = texts[locale] ?? '';
    for (const [catalogue, messages] of files) {
      const file = fileOf(catalogue, locale);
      const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
      const after = `${JSON.stringify(messages, null, 2)}\n`;
      if (before !== after && (before !== undefined || Object.keys(messages).length > 0)) write(file, after);
    }
  }
  if (moved > 0) console.log(`${String(moved)} keys moved to the catalogue of their area`);
  if (!resplit) console.log(`${String(Object.keys(strings).length)} keys written to ${LOCALES.join(', ')}`);
} finally {
  fs.rmdirSync(lock);
}
