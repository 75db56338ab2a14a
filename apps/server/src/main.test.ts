import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_QUOTA_BYTES } from '@trove/contract';
import { SERVER_MAIN, serverEnv } from './test/server-process.ts';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `trove ...args` as a real process and waits for it to exit. */
function trove(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SERVER_MAIN, ...args], { env }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      // A process that never ran or was killed says so, for the failure message.
      const why =
        error && typeof error.code !== 'number' ? `\n(${String(error.code)} ${String(error.signal)})` : '';
      resolve({ code, stdout, stderr: stderr + why });
    });
  });
}

const COMMANDS = [
  'serve',
  'worker',
  'migrate',
  'fsck',
  'backup',
  'restore',
  'purge',
  'quota',
  'admin',
  'seed',
  'doctor',
];

describe('the trove command', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-main-'));
  });
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers --help, -h and help with the usage of every command, exit 0', async () => {
    for (const flag of ['--help', '-h', 'help']) {
      const run = await trove([flag], serverEnv(path.join(root, 'unused')));
      expect(run.code, `${flag}: ${run.stderr}`).toBe(0);
      for (const command of COMMANDS) expect(run.stdout).toContain(`  ${command}`);
    }
  });

  // Each command is a process that loads the whole server: run side by side, with room.
  it(
    'answers `<command> --help` with its usage and does nothing else, even with a bad environment',
    { timeout: 90_000 },
    async () => {
      const dataDir = path.join(root, 'never-created');
      const runs = await Promise.all(
        COMMANDS.map(async (command) => ({
          command,
          run: await trove([command, '--help'], serverEnv(dataDir, { PORT: 'not-a-port' })),
        })),
      );
      for (const { command, run } of runs) {
        expect(run.code, `${command}: ${run.stderr}`).toBe(0);
        expect(run.stdout).toContain(`usage: trove ${command}`);
      }
      // `seed --help` made no account: it did not even make the data folder.
      expect(fs.existsSync(dataDir)).toBe(false);
    },
  );

  it('refuses an unknown command with the usage, exit 2', async () => {
    const run = await trove(['sevre'], serverEnv(path.join(root, 'unused')));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('usage: trove');
  });

  it('creates DATA_DIR and the database for their owner alone', async () => {
    const dataDir = path.join(root, 'fresh');
    const run = await trove(['migrate'], serverEnv(dataDir));
    expect(run.code, run.stderr).toBe(0);
    expect((fs.statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
    for (const name of fs.readdirSync(dataDir)) {
      expect((fs.statSync(path.join(dataDir, name)).mode & 0o077).toString(8), name).toBe('0');
    }
    expect(fs.readdirSync(dataDir)).toContain('trove.db');
  });

  it("sets one account's storage quota, and refuses an unknown account or a bad size", async () => {
    const env = serverEnv(path.join(root, 'quota'));
    const seeded = await trove(
      ['seed', '--email', 'Quota@Example.com', '--photos', '1', '--videos', '0'],
      env,
    );
    expect(seeded.code, seeded.stderr).toBe(0);
    const set = await trove(['quota', 'quota@example.com', '1234'], env);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/quota@example\.com may use 1234 bytes \(uses \d+\)/);
    const back = await trove(['quota', 'quota@example.com', 'default'], env);
    expect(back.stdout).toContain(`may use ${String(BASE_QUOTA_BYTES)} bytes`);
    expect((await trove(['quota', 'nobody@example.com', '5'], env)).code).toBe(1);
    expect((await trove(['quota', 'quota@example.com', '-5'], env)).code).toBe(2);
    expect((await trove(['quota', 'quota@example.com'], env)).code).toBe(2);
  });

  it('warns of an existing DATA_DIR that others may read, and leaves its mode alone', async () => {
    const dataDir = path.join(root, 'shared');
    fs.mkdirSync(dataDir);
    fs.chmodSync(dataDir, 0o755);
    const run = await trove(['migrate'], serverEnv(dataDir));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`DATA_DIR ${dataDir} is readable by other users`);
    expect((fs.statSync(dataDir).mode & 0o777).toString(8)).toBe('755');
  });
});
