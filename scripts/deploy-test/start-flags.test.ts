import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serveCommand } from '../bench/server-process';
import { readServiceUnit } from './systemd-unit';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The environment and the Node flags (not the .env file's) an npm script starts its process with. */
function startOf(scriptName: string): { env: Record<string, string>; nodeFlags: string[] } {
  const { env, nodeFlags } = serveCommand(scriptName);
  return { env, nodeFlags: nodeFlags.filter((flag) => !flag.startsWith('--env-file')) };
}

function unitStart(file: string): { env: Record<string, string>; nodeFlags: string[] } {
  const unit = readServiceUnit(path.join(repoRoot, 'deploy', file), {}, '3001');
  return {
    env: unit.environment,
    nodeFlags: unit.command.slice(1, unit.command.indexOf('scripts/start.mjs')),
  };
}

describe('how the production processes start (decisions 0083, 0442, 0459)', () => {
  it('keeps --optimize-for-size on the embedded database and in the worker, and drops it on PostgreSQL', () => {
    expect(startOf('serve').nodeFlags).toContain('--optimize-for-size');
    expect(startOf('worker').nodeFlags).toContain('--optimize-for-size');
    expect(startOf('serve:postgres').nodeFlags).not.toContain('--optimize-for-size');
    for (const name of ['serve', 'serve:postgres', 'worker']) {
      expect(startOf(name).nodeFlags, name).toContain('--heap-growing-percent=25');
    }
  });

  it('refuses `npm run serve:postgres` without DATABASE_URL, before the server loads', () => {
    const refused = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
      env: { PATH: process.env.PATH ?? '', npm_lifecycle_event: 'serve:postgres' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('`npm run serve:postgres` needs DATABASE_URL');
  });

  it("starts the systemd units (PostgreSQL) as package.json's serve:postgres and worker", () => {
    const server = unitStart('pest-server@.service');
    const worker = unitStart('pest-worker.service');
    expect(server.nodeFlags).toEqual(startOf('serve:postgres').nodeFlags);
    expect(worker.nodeFlags).toEqual(startOf('worker').nodeFlags);
    for (const [name, unit] of [
      ['serve:postgres', server],
      ['worker', worker],
    ] as const) {
      expect(unit.env, name).toMatchObject(startOf(name).env);
    }
  });
});
