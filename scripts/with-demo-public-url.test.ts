import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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

describe('.env', () => {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const readsEnvFile = /--env-file(-if-exists)?=|loadEnvFile|dotenv/;

  it('npm start, serve, serve:postgres, worker, dev and the CLI commands read .env from the repository, the environment winning', () => {
    for (const name of ['start', 'serve', 'serve:postgres', 'worker', 'dev', 'admin:create', 'import:pesticides']) {
      expect(scripts[name], name).toMatch(/\bnode --env-file-if-exists=\.env /);
    }
    // npm runs a script in the repository's root, so `.env` is the file there.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'env-file-'));
    try {
      fs.writeFileSync(path.join(folder, '.env'), 'PUBLIC_URL=https://from-dotenv.example\n');
      const run = (env: Record<string, string> = {}) =>
        spawnSync(process.execPath, ['--env-file-if-exists=.env', wrapper, ...printUrl], {
          cwd: folder,
          env: freshEnv(env),
          encoding: 'utf8',
        }).stdout;
      expect(run()).toBe('got https://from-dotenv.example\n');
      expect(run({ PUBLIC_URL: 'https://from-shell.example' })).toBe('got https://from-shell.example\n');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("the test command never reads a developer's .env (its DATABASE_URL must not move the tests)", () => {
    // npm test's stages (scripts/test.mjs): vitest, vitest on a throwaway PostgreSQL, the build and
    // Playwright, whose servers start with `node scripts/start.mjs` and the e2e helpers, never an
    // npm script that reads .env.
    for (const name of ['test', 'test:unit', 'test:pg', 'test:e2e', 'build', 'build:server']) {
      expect(scripts[name], name).not.toMatch(readsEnvFile);
    }
    const e2eSupport = fs.readdirSync(path.join(repoRoot, 'e2e', 'support')).map((file) => `e2e/support/${file}`);
    for (const file of [
      'scripts/test.mjs',
      'scripts/with-postgres.mjs',
      'scripts/start.mjs',
      'vitest.config.ts',
      'e2e/playwright.config.ts',
      'apps/server/src/test/global-setup.ts',
      'apps/server/src/test/make-pglite-templates.ts',
      ...e2eSupport,
    ]) {
      const source = fs.readFileSync(path.join(repoRoot, file), 'utf8');
      expect(source, file).not.toMatch(readsEnvFile);
      // The server itself names the npm scripts that start it in its messages.
      if (file === 'scripts/start.mjs') continue;
      const code = source
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
        .join('\n');
      expect(code, file).not.toMatch(/npm run (serve|start|worker|dev|admin:create|import:pesticides)\b/);
    }
  });
});
