import fs from 'node:fs';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { loadPlanCatalogue } from '../modules/billing/catalogue.ts';
import { fail, ok, warn, type CheckResult } from './check.ts';

/**
 * The settings as `serve` would read them: the config, or a FAIL listing every problem.
 * `env`: tests pass their own; by default config.ts reads the process's.
 */
export function checkConfig(env?: Record<string, string | undefined>): {
  config?: Config;
  result: CheckResult;
} {
  try {
    const config = loadConfig(env);
    return { config, result: ok('config', 'every setting is valid') };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const problems = error.message.replace(/^Invalid configuration:\n/, '').replace(/\n\s*/g, '; ');
    return { result: fail('config', `${problems.trim()}; fix these settings (README, Configuration)`) };
  }
}

/** DATA_DIR: present, a folder, this user's to write, and closed to other users. */
export function checkDataDir(config: Pick<Config, 'DATA_DIR'>): CheckResult {
  const dir = config.DATA_DIR;
  const stat = fs.statSync(dir, { throwIfNoEntry: false });
  if (!stat) return warn('data_dir', `${dir} does not exist yet: serve creates it (mode 700)`);
  if (!stat.isDirectory()) return fail('data_dir', `${dir} is not a folder: point DATA_DIR at a folder`);
  try {
    fs.accessSync(dir, fs.constants.W_OK | fs.constants.X_OK);
  } catch {
    return fail(
      'data_dir',
      `${dir} is not writable by this user: run trove as the folder's owner, or chown it`,
    );
  }
  if ((stat.mode & 0o077) !== 0)
    return warn(
      'data_dir',
      `${dir} is readable by other users (mode ${(stat.mode & 0o777).toString(8)}); it holds every account's data: run chmod 700 ${dir}`,
    );
  return ok('data_dir', `${dir} is a folder only its owner reads`);
}

/**
 * The combination of settings: what several nodes need and what a public server must not
 * run with. A setting alone is valid (checkConfig); these are the pairs that surprise.
 */
export function checkNodes(config: Config): CheckResult[] {
  const postgres = config.DATABASE_URL !== '';
  const redis = config.REDIS_URL !== '';
  const s3 = config.S3_BUCKET !== '';
  const results: CheckResult[] = [];
  if (redis && !postgres) {
    results.push(
      warn(
        'nodes',
        'REDIS_URL is set, as for several nodes, but the database is SQLite in DATA_DIR, which only ' +
          'processes on this machine can share: set DATABASE_URL (PostgreSQL) for several nodes',
      ),
    );
  } else if (redis && !s3) {
    results.push(
      warn(
        'nodes',
        `DATABASE_URL and REDIS_URL are set for several nodes, but files are kept in ${config.DATA_DIR} ` +
          '(S3_BUCKET is unset): every node must mount the same DATA_DIR (a shared file system), or set ' +
          'S3_BUCKET; otherwise a file uploaded through one node is missing on the others',
      ),
    );
  } else if (redis) {
    results.push(ok('nodes', 'set for several nodes: a shared database, bucket and Redis'));
  } else if (postgres) {
    results.push(
      ok(
        'nodes',
        'one node (no REDIS_URL): fine alone; with several nodes set REDIS_URL, so long polls wake ' +
          'and ended sessions end on every node at once',
      ),
    );
  } else {
    results.push(ok('nodes', `one node: SQLite and ${s3 ? 'the S3 bucket' : 'files'} in DATA_DIR`));
  }
  if (!config.EMBEDDED_WORKER)
    results.push(
      ok('nodes', 'serve runs no worker (EMBEDDED_WORKER=false): run trove worker on at least one node'),
    );
  if (config.TEST_ROUTES)
    results.push(
      warn('nodes', 'TEST_ROUTES is on: test-only calls are served; turn it off on any public server'),
    );
  if (config.SERVE_SOURCE_MAPS)
    results.push(
      warn(
        'nodes',
        "SERVE_SOURCE_MAPS is on: the web client's whole source is served; turn it off when done",
      ),
    );
  return results;
}

/** The plan catalogue serve would load (BILLING other than off). */
export function checkPlans(config: Pick<Config, 'BILLING' | 'PLANS_FILE'>): CheckResult | undefined {
  if (config.BILLING === 'off') return undefined;
  try {
    loadPlanCatalogue(config.PLANS_FILE);
    return ok('plans', `${config.PLANS_FILE} is a valid plan catalogue`);
  } catch (error) {
    return fail(
      'plans',
      `${error instanceof Error ? error.message : String(error)}: fix the file or PLANS_FILE`,
    );
  }
}
