import type { Config } from '../config.ts';
import { CHECK_TIMEOUT_MS, type CheckResult } from './check.ts';
import { checkConfig, checkDataDir, checkNodes, checkPlans } from './config-checks.ts';
import { checkDatabase, checkMigrations, checkSecret } from './database-checks.ts';
import { redact, secretsOf } from './redact.ts';
import {
  checkBlobStore,
  checkDisk,
  checkMail,
  checkPayments,
  checkRedis,
  checkVideoTools,
} from './service-checks.ts';

export type { CheckResult, CheckStatus } from './check.ts';

/** `trove doctor`'s usage line. */
export const DOCTOR_USAGE = 'doctor [--json]';

export interface DoctorOptions {
  /** The environment to read; by default the process's (config.ts reads it). */
  env?: Record<string, string | undefined>;
  /** How long each component may take to answer. */
  timeoutMs?: number;
  /** The Stripe provider to ask (tests: a loopback fake); by default the configured one. */
  stripe?: () => { checkKey(): Promise<void> };
}

/**
 * Every check of this node, in the order an operator fixes things: the settings, then each
 * component it reaches (each within the timeout), then what it keeps. Reads and probes only:
 * it migrates nothing and makes no secret; the one write is the blob store's probe object,
 * deleted again. Every message is redacted of the configured secrets before it is returned.
 */
export async function runDoctor(options: DoctorOptions = {}): Promise<CheckResult[]> {
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  const { config, result } = checkConfig(options.env);
  if (!config) return [result];
  const results: CheckResult[] = [result, ...checkNodes(config), checkDataDir(config)];
  const plans = checkPlans(config);
  if (plans) results.push(plans);
  const database = await checkDatabase(config, timeoutMs);
  results.push(database.result);
  try {
    if (database.handle) results.push(await checkMigrations(database.handle.db, timeoutMs));
    results.push(await checkSecret(config, database.handle?.db, timeoutMs));
  } finally {
    await database.handle?.close();
  }
  // The components do not depend on one another: asked together, a slow one costs its own timeout only.
  results.push(
    ...(await Promise.all([
      checkBlobStore(config, timeoutMs),
      checkRedis(config, timeoutMs),
      checkMail(config, timeoutMs),
      checkPayments(config, timeoutMs, options.stripe),
      checkVideoTools(config),
      checkDisk(config),
    ])),
  );
  return hideSecrets(results, config);
}

function hideSecrets(results: CheckResult[], config: Config): CheckResult[] {
  const secrets = secretsOf(config);
  // One line per check: a message never spans lines (a catalogue's list of problems does).
  return results.map((r) => ({ ...r, message: redact(r.message, secrets).replace(/\s*\n\s*/g, '; ') }));
}

const LABEL = { ok: 'ok', warn: 'warn', fail: 'FAIL' } as const;

/** One line per check (`FAIL  database  …`), then a summary line. */
export function formatText(results: readonly CheckResult[]): string {
  const width = Math.max(...results.map((r) => r.check.length));
  const lines = results.map((r) => `${LABEL[r.status].padEnd(4)}  ${r.check.padEnd(width)}  ${r.message}`);
  const failures = results.filter((r) => r.status === 'fail').length;
  const warnings = results.filter((r) => r.status === 'warn').length;
  lines.push(
    failures > 0
      ? `doctor: ${String(failures)} failed, ${String(warnings)} to look at`
      : `doctor: nothing failed${warnings > 0 ? `, ${String(warnings)} to look at` : ''}`,
  );
  return lines.join('\n');
}

/** For machines: `{ ok, checks: [{ check, status, message }] }`. */
export function formatJson(results: readonly CheckResult[]): string {
  return JSON.stringify({ ok: results.every((r) => r.status !== 'fail'), checks: results }, null, 2);
}

/** `trove doctor [--json]`: prints the checks; 0 when none failed, 1 otherwise, 2 on bad usage. */
export async function doctorCommand(
  args: readonly string[],
  options: DoctorOptions & { out?: (text: string) => void; err?: (text: string) => void } = {},
): Promise<number> {
  const out =
    options.out ??
    ((text: string) => {
      console.log(text);
    });
  const err =
    options.err ??
    ((text: string) => {
      console.error(text);
    });
  if (args.some((a) => a !== '--json')) {
    err(`usage: trove ${DOCTOR_USAGE}`);
    return 2;
  }
  const results = await runDoctor(options);
  out(args.includes('--json') ? formatJson(results) : formatText(results));
  return results.some((r) => r.status === 'fail') ? 1 : 0;
}
