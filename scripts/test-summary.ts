/**
 * Prints one closing line for the whole `npm test` run, "tests: N passed, N failed", from
 * the JSON reports of vitest (.tmp/vitest.json) and Playwright (.tmp/playwright.json).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const tmp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp');

function readJson(name: string): unknown {
  const file = path.join(tmp, name);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as unknown) : undefined;
}

const vitest = readJson('vitest.json') as { numPassedTests?: number; numFailedTests?: number } | undefined;
const playwright = readJson('playwright.json') as
  { stats?: { expected?: number; unexpected?: number } } | undefined;

const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
console.log(
  `unit/integration: ${vitest?.numPassedTests ?? 0} passed; end-to-end: ${playwright?.stats?.expected ?? 0} passed`,
);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
