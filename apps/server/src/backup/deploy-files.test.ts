import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const deploy = (name: string) => path.join(repo, 'deploy', name);
/** Whether a tool is installed: it answers its version flag. */
const has = (tool: string) => spawnSync(tool, ['--version']).status === 0;

/** deploy/ is what docs/OPERATIONS.md tells operators to install: it must be what the page shows, and valid. */
describe('the deploy files of docs/OPERATIONS.md', () => {
  const operations = fs.readFileSync(path.join(repo, 'docs/OPERATIONS.md'), 'utf8');

  it('shows deploy/haproxy.cfg as it is', () => {
    const cfg = fs.readFileSync(deploy('haproxy.cfg'), 'utf8');
    expect(operations).toContain(`\`\`\`haproxy\n${cfg}\`\`\``);
  });

  // HAProxy is one of the test machine's packages (scripts/ensure-debian-packages.sh).
  it('has a haproxy.cfg that HAProxy accepts', () => {
    const check = spawnSync('haproxy', ['-c', '-f', deploy('haproxy.cfg')], {
      env: {
        ...process.env,
        TROVE_LB_BIND: '127.0.0.1:8080',
        TROVE_NODE_A: '127.0.0.1:8081',
        TROVE_NODE_B: '127.0.0.1:8082',
      },
      encoding: 'utf8',
    });
    expect(check.stdout + check.stderr).not.toMatch(/WARNING|ALERT/);
    expect(check.status, check.stderr).toBe(0);
  });

  it.skipIf(!has('systemd-analyze'))('has systemd units that systemd-analyze verify accepts', () => {
    // Node is wherever this machine has it; the units say /usr/bin/node.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-units-'));
    try {
      const units = ['trove.service', 'trove-worker.service', 'trove-backup.service', 'trove-backup.timer'];
      for (const unit of units) {
        const text = fs.readFileSync(deploy(unit), 'utf8').replaceAll('/usr/bin/node', process.execPath);
        fs.writeFileSync(path.join(dir, unit), text);
      }
      const output = execFileSync('systemd-analyze', ['verify', ...units.map((u) => path.join(dir, u))], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(output).toBe('');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs commands the trove CLI has', () => {
    for (const unit of ['trove.service', 'trove-worker.service', 'trove-backup.service']) {
      const commands = [...fs.readFileSync(deploy(unit), 'utf8').matchAll(/main\.ts (\w+)/g)].map(
        (m) => m[1],
      );
      expect(commands.length, unit).toBeGreaterThan(0);
      for (const command of commands) expect(['serve', 'worker', 'backup', 'fsck']).toContain(command);
    }
  });
});
