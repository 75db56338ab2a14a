/**
 * Prints one closing line for the whole `npm test` run, "tests: N passed, N failed", from
 * the JSON reports of vitest (.tmp/vitest.json) and Playwright (.tmp/playwright.json), and
 * exits non-zero unless both runners say they succeeded.
 *
 * Failed tests alone undercount: a test file that throws at import, a hook that fails
 * before any test, or a web server that never starts fails no test at all. So the runners'
 * own verdicts count too (vitest's `success` and failed files, Playwright's top-level
 * `errors`), and a missing report is a failure: that runner died before it could write one.
 *
 * `--clear` removes both reports, so that a runner that dies early is never summed from the
 * report of an earlier run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const tmp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp');
const REPORTS = { vitest: 'vitest.json', playwright: 'playwright.json' } as const;

/** The parts of vitest's JSON report (Jest's shape) read here. */
interface VitestReport {
  success?: boolean;
  numPassedTests?: number;
  numFailedTests?: number;
  numFailedTestSuites?: number;
  startTime?: number;
  testResults?: {
    name?: string;
    startTime?: number;
    endTime?: number;
    status?: string;
    message?: string;
    assertionResults?: { status?: string }[];
  }[];
}

/** The parts of Playwright's JSON report read here. */
interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number; duration?: number };
  errors?: { message?: string }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { tests?: { results?: { duration?: number }[] }[] }[];
}

interface Tally {
  name: string;
  passed: number;
  failed: number;
  /** Why the run failed beyond its failed tests, one line each. */
  problems: string[];
  /** The runner's wall time and its slowest files, so a slow suite shows where (in ms). */
  wallMs?: number;
  slowest?: [file: string, ms: number][];
}

/** How many of the slowest files the summary names. */
const SLOWEST = 8;

function slowestOf(durations: Map<string, number>): [string, number][] {
  return [...durations].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST);
}

function readJson(name: string): unknown {
  const file = path.join(tmp, name);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as unknown) : undefined;
}

function tallyVitest(report: VitestReport | undefined): Tally {
  const tally: Tally = { name: 'unit/integration', passed: 0, failed: 0, problems: [] };
  if (!report) {
    tally.problems.push(`no ${REPORTS.vitest}: vitest did not finish`);
    return { ...tally, failed: 1 };
  }
  tally.passed = report.numPassedTests ?? 0;
  tally.failed = report.numFailedTests ?? 0;
  const durations = new Map<string, number>();
  let lastEnd = 0;
  for (const file of report.testResults ?? []) {
    if (file.startTime === undefined || file.endTime === undefined) continue;
    durations.set(path.relative(path.dirname(tmp), file.name ?? '?'), file.endTime - file.startTime);
    lastEnd = Math.max(lastEnd, file.endTime);
  }
  tally.slowest = slowestOf(durations);
  if (report.startTime !== undefined && lastEnd > 0) tally.wallMs = lastEnd - report.startTime;
  // A file that failed with no failed test in it died outside the tests (import, hooks).
  for (const file of report.testResults ?? []) {
    const hasFailedTest = (file.assertionResults ?? []).some((test) => test.status === 'failed');
    if (file.status === 'failed' && !hasFailedTest) {
      tally.failed += 1;
      tally.problems.push(`${file.name ?? '?'}: ${firstLine(file.message)}`);
    }
  }
  if (report.success !== true && tally.failed === 0) {
    tally.failed = 1;
    tally.problems.push(
      `vitest reports no success (${String(report.numFailedTestSuites ?? 0)} failed files)`,
    );
  }
  return tally;
}

function tallyPlaywright(report: PlaywrightReport | undefined): Tally {
  const tally: Tally = { name: 'end-to-end', passed: 0, failed: 0, problems: [] };
  if (!report) {
    tally.problems.push(`no ${REPORTS.playwright}: Playwright did not finish`);
    return { ...tally, failed: 1 };
  }
  tally.passed = (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
  tally.failed = report.stats?.unexpected ?? 0;
  tally.wallMs = report.stats?.duration;
  const durations = new Map<string, number>();
  const visit = (suite: PlaywrightSuite, file: string) => {
    const own = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          durations.set(own, (durations.get(own) ?? 0) + (result.duration ?? 0));
    for (const child of suite.suites ?? []) visit(child, own);
  };
  for (const suite of report.suites ?? []) visit(suite, '?');
  tally.slowest = slowestOf(durations);
  // Errors outside any test: a spec that throws at import, a web server that never came up.
  for (const error of report.errors ?? []) {
    tally.failed += 1;
    tally.problems.push(firstLine(error.message));
  }
  return tally;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(0)} s`;
}

function firstLine(message: string | undefined): string {
  return (message ?? 'failed').trim().split('\n')[0] ?? 'failed';
}

if (process.argv.includes('--clear')) {
  for (const name of Object.values(REPORTS)) fs.rmSync(path.join(tmp, name), { force: true });
  process.exit(0);
}

const tallies = [
  tallyVitest(readJson(REPORTS.vitest) as VitestReport | undefined),
  tallyPlaywright(readJson(REPORTS.playwright) as PlaywrightReport | undefined),
];
for (const tally of tallies) {
  console.log(`${tally.name}: ${String(tally.passed)} passed, ${String(tally.failed)} failed`);
  for (const problem of tally.problems) console.log(`  ${problem}`);
  if (tally.wallMs !== undefined) {
    const files = (tally.slowest ?? []).map(([file, ms]) => `${file} ${seconds(ms)}`).join(', ');
    console.log(`  took ${seconds(tally.wallMs)}; slowest files: ${files}`);
  }
}
const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
const failed = tallies.reduce((sum, t) => sum + t.failed, 0);
console.log(`tests: ${String(passed)} passed, ${String(failed)} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
