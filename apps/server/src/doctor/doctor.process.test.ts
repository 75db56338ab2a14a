import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { freePort, spawnTrove } from '../test/server-process.ts';
import type { CheckResult } from './doctor.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** `trove doctor --json` as an operator's script runs it: the exit code and the report. */
async function doctor(extra: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-doctor-cli-'));
  dirs.push(dir);
  const run = spawnTrove(['doctor', '--json'], dir, { BILLING: 'off', ...extra });
  const code = await run.exited;
  const report = JSON.parse(run.output()) as { ok: boolean; checks: CheckResult[] };
  return { code, report, dir };
}

it('exits 0 on a fresh node, making no database there; 1 when the database does not answer', async () => {
  const fresh = await doctor({});
  expect(fresh.code).toBe(0);
  expect(fresh.report.ok).toBe(true);
  expect(fresh.report.checks.find((c) => c.check === 'database')?.status).toBe('warn');
  expect(fs.existsSync(path.join(fresh.dir, 'trove.db'))).toBe(false);

  const closed = await doctor({
    DATABASE_URL: `postgres://trove@127.0.0.1:${String(await freePort())}/trove`,
  });
  expect(closed.code).toBe(1);
  expect(closed.report.ok).toBe(false);
  expect(closed.report.checks.find((c) => c.check === 'database')?.status).toBe('fail');
});
