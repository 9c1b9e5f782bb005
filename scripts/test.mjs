#!/usr/bin/env node
// The whole test run (`npm test`, used by CI through .ci/run). Stages, stopping at the first
// failure with its exit code:
//   1. system packages: Debian's Chromium and CJK fonts for the end-to-end tests and PostgreSQL 15
//      (installed with apt-get when missing)
//   2. unit, component and integration tests on the embedded database (vitest, all projects)
//   3. the server's integration tests again on a throwaway PostgreSQL 15 server
//   4. production build of the web app, then the Playwright end-to-end tests
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = '/usr/bin/chromium';
const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const env = {
  ...process.env,
  PATH: `${path.join(repoRoot, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
  CI: process.env.CI ?? '1',
};
const startedAt = Date.now();

function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

function heading(text) {
  const line = '='.repeat(Math.max(60, text.length + 8));
  console.log(`\n${line}\n=== ${text}\n${line}`);
}

let current = null;
let interrupted = false;
// Each stage runs in its own process group. A signal goes to the whole group, so the stage
// cleans up after itself (with-postgres removes its cluster, Playwright stops the server);
// whatever is left of the group once the stage has exited is then killed.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupted = true;
    if (current && current.exitCode === null && current.signalCode === null) signalGroup(current, signal);
    else process.exit(128 + (os.constants.signals[signal] ?? 1));
  });
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
}

/** Runs one command with inherited output; on failure ends the whole run with its exit code. */
async function run(stage, file, args, options = {}) {
  const began = Date.now();
  console.log(`$ ${[file, ...args].join(' ')}`);
  const { code, signal, error } = await new Promise((resolve) => {
    current = spawn(file, args, { cwd: repoRoot, stdio: 'inherit', env, detached: true, ...options });
    current.once('error', (spawnError) => resolve({ code: null, signal: null, error: spawnError }));
    current.once('exit', (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal, error: null }));
  });
  if (interrupted) signalGroup(current, 'SIGKILL');
  current = null;
  if (error) {
    console.error(`\n✗ ${stage}: could not run ${file}: ${error.message}`);
    process.exit(1);
  }
  if (interrupted) {
    console.error(`\n✗ interrupted during ${stage} after ${seconds(began)}`);
    process.exit(code ?? 128 + (os.constants.signals[signal] ?? 1));
  }
  if (code !== 0) {
    const exitCode = code ?? 128 + (os.constants.signals[signal] ?? 1);
    console.error(`\n✗ ${stage} failed (exit code ${exitCode}${signal ? `, ${signal}` : ''}) after ${seconds(began)}`);
    console.error(`  total time ${seconds(startedAt)}`);
    process.exit(exitCode);
  }
  console.log(`✓ ${stage} passed in ${seconds(began)}`);
}

heading('1/4 System packages: Chromium and CJK fonts, PostgreSQL 15');
const missing = [
  fs.existsSync(chromium) ? [] : ['chromium', 'fonts-noto-cjk'],
  fs.existsSync(path.join(pgBin, 'initdb')) ? [] : ['postgresql-15'],
].flat();
if (missing.length === 0) {
  console.log(`${chromium} and ${pgBin} are installed`);
} else {
  // Non-interactive; through sudo only when not already root.
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '--preserve-env=DEBIAN_FRONTEND'];
  const aptOptions = { env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } };
  const [updateFile, ...updateArgs] = [...sudo, 'apt-get', 'update'];
  await run('apt-get update', updateFile, updateArgs, aptOptions);
  const [installFile, ...installArgs] = [...sudo, 'apt-get', 'install', '-y', ...missing];
  await run(`install ${missing.join(', ')}`, installFile, installArgs, aptOptions);
}

heading('2/4 Unit, component and integration tests (vitest, embedded PGlite)');
await run('vitest', 'vitest', ['run']);

heading('3/4 Server integration tests on PostgreSQL 15');
await run('vitest on PostgreSQL', process.execPath, [
  'scripts/with-postgres.mjs',
  'vitest',
  'run',
  '--project',
  'server',
]);

heading('4/4 Production build and end-to-end tests (Playwright, Chromium)');
await run('web build', 'npm', ['run', 'build']);
await run('end-to-end tests', 'npm', ['run', 'test', '--workspace', 'e2e']);

heading(`All tests passed in ${seconds(startedAt)}`);
