import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wrapper = path.join(repoRoot, 'scripts', 'with-demo-public-url.mjs');
const printUrl = [process.execPath, '-e', 'console.log("got " + process.env.PUBLIC_URL); process.exit(3)'];

/** The environment of a fresh machine: nothing of the project's set. */
function freshEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, ...extra };
}

describe('npm start on a fresh machine', () => {
  it('gives the demo a local PUBLIC_URL when none is set, saying so in one line', () => {
    const run = spawnSync(process.execPath, [wrapper, ...printUrl], {
      env: freshEnv({ PORT: '4321' }),
      encoding: 'utf8',
    });
    expect(run.stdout).toBe(
      'PUBLIC_URL is not set: using http://localhost:4321 for this local demo (set PUBLIC_URL when deploying).\n' +
        'got http://localhost:4321\n',
    );
    expect(run.status).toBe(3);
    const defaults = spawnSync(process.execPath, [wrapper, ...printUrl], { env: freshEnv(), encoding: 'utf8' });
    expect(defaults.stdout).toContain('got http://localhost:3000\n');
  });

  it('leaves a PUBLIC_URL that is set alone', () => {
    const env = freshEnv({ PUBLIC_URL: 'https://pest.example.org' });
    const run = spawnSync(process.execPath, [wrapper, ...printUrl], { env, encoding: 'utf8' });
    expect(run.stdout).toBe('got https://pest.example.org\n');
  });

  it('the production server refuses to start without PUBLIC_URL, with one clear line', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: freshEnv({ NODE_ENV: 'production', DATA_DIR: '/nonexistent/never-created' }),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'Invalid environment variable PUBLIC_URL: required in production, the public address of the site (e.g. https://pest.example.org)',
    ]);
  });
});
