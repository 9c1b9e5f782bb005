#!/usr/bin/env node
// The whole test run (`npm test`, used by CI through .ci/run). Stages:
//   1. system packages: Debian's Chromium and CJK fonts for the end-to-end tests and PostgreSQL 15
//      (installed with apt-get when missing)
//   2. side by side (decisions 0073, 0088), each in a process group of its own:
//      - the PGlite test templates: migrated, and with the demo content (decision 0455), which the
//        vitest run and the end-to-end servers copy
//      - unit, component and integration tests on the embedded database (vitest, all projects;
//        includes the migration-history check and the upgrade test)
//      - the server's integration tests again on a throwaway PostgreSQL 15 server
//      - the production build (web app and server; no vitest test reads it), then, as soon as it
//        is done, the Playwright end-to-end tests against the built server
//      - the deploy test (npm run test:deploy), which waits for that build
//      - once the build has passed, beside the end-to-end tests: npm run check (types, lint, format)
// The first failure stops the other stages and ends the run with its exit code. The
// output of each parallel stage is kept apart and printed whole when the stage ends, so a failure
// reads as it would alone; a line every minute says what is still running.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The browser the end-to-end tests drive (e2e/playwright.config.ts): Debian's Chromium headless
// shell, the same Chromium without the desktop browser around it (decision 0279); the full
// browser (/usr/bin/chromium) serves when the shell cannot be installed.
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
const chromium = '/usr/bin/chromium';
const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const env = {
  ...process.env,
  PATH: `${path.join(repoRoot, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
  CI: process.env.CI ?? '1',
};
const startedAt = Date.now();
// Every temporary folder of the run (test apps' data folders and databases, template copies, the
// PostgreSQL cluster, the end-to-end servers' data) in memory where the system has a tmpfs: on
// a disk each copy and database write also cost the kernel's journal and write-back, a fifth of
// the run's processor time (decision 0279). Removed when the run ends.
const runTempDir = makeRunTempDir();
// Others may pass through, not list: run as root, the PostgreSQL server's account reaches its
// cluster's folder inside (scripts/with-postgres.mjs).
fs.chmodSync(runTempDir, 0o711);
env.TMPDIR = runTempDir;
process.on('exit', () => fs.rmSync(runTempDir, { recursive: true, force: true }));

function makeRunTempDir() {
  const shm = '/dev/shm';
  try {
    // Room for the run's data (about 2 GB at its peak, most of it removed as tests end).
    const { bavail, bsize } = fs.statfsSync(shm);
    if (bavail * bsize >= 4 * 1024 ** 3) return fs.mkdtempSync(path.join(shm, 'pest-test-'));
  } catch {
    // No tmpfs here (macOS, Windows): the system's temporary folder.
  }
  return fs.mkdtempSync(path.join(os.tmpdir(), 'pest-test-'));
}
// Written once the production build has passed: the server tests that serve pages wait for it
// (apps/server/src/test/web-build.ts) instead of each making a web build of its own (decision 0088).
const webBuildReadyFile = path.join(runTempDir, 'web-build-ready');
env.WEB_BUILD_READY_FILE = webBuildReadyFile;
fs.rmSync(webBuildReadyFile, { force: true });
// The folder of the PGlite templates (apps/server/src/test/make-pglite-templates.ts), made by a stage of
// their own: the vitest run finds the folder made and waits for them instead of migrating and seeding
// (apps/server/src/test/global-setup.ts), the end-to-end servers start on a copy (decision 0446).
const pgliteTemplateDir = path.join(runTempDir, 'pglite-template');
fs.rmSync(pgliteTemplateDir, { recursive: true, force: true });
fs.mkdirSync(pgliteTemplateDir);
process.on('exit', () => {
  fs.rmSync(webBuildReadyFile, { force: true });
  fs.rmSync(pgliteTemplateDir, { recursive: true, force: true });
});

function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

function heading(text) {
  const line = '='.repeat(Math.max(60, text.length + 8));
  console.log(`\n${line}\n=== ${text}\n${line}`);
}

const exitCodeOf = (code, signal) => code ?? 128 + (os.constants.signals[signal] ?? 1);

/** Children still running, each the leader of its own process group. */
const running = new Set();
let interruptedBy = null;

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
}

/**
 * Stops every running stage: the signal goes to each whole group, so a stage cleans up after
 * itself (with-postgres removes its cluster, Playwright stops its servers); whatever is left of a
 * group 15 s later is killed.
 */
async function stopAll(signal) {
  const children = [...running];
  for (const child of children) signalGroup(child, signal);
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => {
            signalGroup(child, 'SIGKILL');
            resolve();
          }, 15_000);
          child.once('exit', () => {
            clearTimeout(timer);
            signalGroup(child, 'SIGKILL');
            resolve();
          });
        }),
    ),
  );
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interruptedBy) return;
    interruptedBy = signal;
    console.error(`\n✗ interrupted (${signal}) after ${seconds(startedAt)}: stopping ${running.size} stage(s)`);
    void stopAll(signal).then(() => process.exit(128 + (os.constants.signals[signal] ?? 1)));
  });
}

/** After an interruption: waits while the signal handler stops the stages and exits. */
const halt = () => new Promise(() => {});

/**
 * Runs one stage. With `buffered`, its output (stdout and stderr, in order) is collected and
 * returned instead of shown as it comes. `next` starts the stage that waits for this one (run by
 * `parallel` once this one has passed). Resolves with the exit code; never rejects.
 */
function start(stage, file, args, { buffered = false, next, niceness = 0, ...options } = {}) {
  const began = Date.now();
  const output = [];
  if (niceness > 0) [file, args] = yielding(file, args, niceness);
  [file, args] = timed(file, args);
  const child = spawn(file, args, {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    ...options,
  });
  running.add(child);
  if (buffered) {
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
  }
  const done = new Promise((resolve) => {
    child.once('error', (error) => {
      output.push(Buffer.from(`could not run ${file}: ${error.message}\n`));
      resolve(1);
    });
    // 'close' comes once the output pipes are drained too; a grandchild that keeps them open
    // must not hold the run, so the exit code is taken 5 s after 'exit' at the latest.
    child.once('close', (code, signal) => resolve(exitCodeOf(code, signal)));
    child.once('exit', (code, signal) => setTimeout(() => resolve(exitCodeOf(code, signal)), 5_000).unref());
  }).then((code) => {
    running.delete(child);
    return {
      stage,
      command: [file, ...args].join(' '),
      code,
      output: Buffer.concat(output),
      time: seconds(began),
      next,
    };
  });
  return { stage, done };
}

function report(result, { showOutput }) {
  if (showOutput) {
    heading(`${result.stage}: output`);
    console.log(`$ ${result.command}`);
    process.stdout.write(result.output);
  }
  if (result.code === 0) console.log(`✓ ${result.stage} passed in ${result.time}`);
  else console.error(`\n✗ ${result.stage} failed (exit code ${result.code}) after ${result.time}`);
}

async function failWith(result) {
  // The other stages of this step are stopped; their partial output would only hide the failure.
  await stopAll('SIGTERM');
  console.error(`  total time ${seconds(startedAt)}`);
  process.exit(result.code);
}

/**
 * Runs stages side by side; a stage's `next` starts as soon as it has passed, beside whatever else
 * still runs. The first failure stops the others and ends the run.
 */
async function parallel(stages) {
  const began = Date.now();
  const pending = new Map(stages.map((stage) => [stage.stage, stage.done]));
  const heartbeat = setInterval(() => {
    console.log(`… ${seconds(began)}: still running ${[...pending.keys()].join(', ')}`);
  }, 60_000);
  try {
    while (pending.size > 0) {
      const result = await Promise.race(pending.values());
      pending.delete(result.stage);
      if (interruptedBy) await halt();
      report(result, { showOutput: true });
      if (result.code !== 0) await failWith(result);
      for (const following of result.next ? [result.next()].flat() : []) pending.set(following.stage, following.done);
    }
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * Runs one stage with its output shown as it comes. An `optional` stage's failure is reported and
 * the run goes on.
 */
async function sequential(stage, file, args, { optional = false, ...options } = {}) {
  console.log(`$ ${[file, ...args].join(' ')}`);
  const result = await start(stage, file, args, options).done;
  if (interruptedBy) await halt();
  report(result, { showOutput: false });
  if (result.code !== 0 && optional) console.error(`  (not needed: the run goes on without it)`);
  else if (result.code !== 0) await failWith(result);
}

heading('1/2 System packages: Chromium and CJK fonts, PostgreSQL 15');
const hasBrowser = fs.existsSync(headlessShell) || fs.existsSync(chromium);
const missing = [
  hasBrowser ? [] : ['chromium-headless-shell', 'fonts-noto-cjk'],
  fs.existsSync(path.join(pgBin, 'initdb')) ? [] : ['postgresql-15'],
].flat();
// Only the full browser is here: the shell is worth its install (about a third of the browser
// tests' time) but not a failed run when the package source cannot be reached.
const wanted = hasBrowser && !fs.existsSync(headlessShell) ? ['chromium-headless-shell'] : [];
if (missing.length === 0 && wanted.length === 0) {
  console.log(`${fs.existsSync(headlessShell) ? headlessShell : chromium} and ${pgBin} are installed`);
} else {
  // Non-interactive; through sudo only when not already root.
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '--preserve-env=DEBIAN_FRONTEND'];
  const aptOptions = { env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } };
  const [updateFile, ...updateArgs] = [...sudo, 'apt-get', 'update'];
  await sequential('apt-get update', updateFile, updateArgs, { ...aptOptions, optional: missing.length === 0 });
  for (const [packages, optional] of [
    [missing, false],
    [wanted, true],
  ]) {
    if (packages.length === 0) continue;
    const [installFile, ...installArgs] = [...sudo, 'apt-get', 'install', '-y', ...packages];
    await sequential(`install ${packages.join(', ')}`, installFile, installArgs, { ...aptOptions, optional });
  }
}

/**
 * A command whose processor time is printed when it ends, where GNU time exists: on a machine shared
 * with other work a stage's wall time moves with the load, its processor time much less, and the
 * budget is spent in processor time (two cores for the whole run). Servers started as daemons (the
 * PostgreSQL clusters) are not counted, nor Chromium's processes, which no parent waits for: about
 * half of the browser stage's processor time (docs/performance.md, "Test time, thirteenth round").
 */
function timed(file, args) {
  if (!fs.existsSync('/usr/bin/time')) return [file, args];
  return ['/usr/bin/time', ['-f', '⏱ processor time: %U s user, %S s system (wall %e s)', file, ...args]];
}

/** A command run at a lower scheduling priority where `nice` exists (every Linux and macOS). */
function yielding(file, args, niceness) {
  return fs.existsSync('/usr/bin/nice') ? ['/usr/bin/nice', ['-n', String(niceness), file, ...args]] : [file, args];
}

heading('2/2 Side by side: vitest on PGlite, vitest on PostgreSQL 15, build then end-to-end tests and the check');
// Two test files at a time in each vitest run (vitest's own default on two cores is one): a test
// file waits on timers, sockets and child processes much of its time, which the other fills.
const vitestWorkers = ['--maxWorkers', process.env.TEST_VITEST_WORKERS ?? '2'];
/**
 * Types, lint and formatting (one oxlint pass and oxfmt, decision 0445), at the lowest priority: nothing
 * in it waits on a clock, so it takes what the tests leave. Started by the second of the build and the
 * templates to pass (an empty list from the first): beside the templates it took a third of the
 * processor from them (decision 0455).
 */
let checkPrerequisites = 2;
function checkOnceBuiltAndTemplated() {
  checkPrerequisites -= 1;
  if (checkPrerequisites > 0) return [];
  return [start('npm run check (types, lint, formatting)', 'npm', ['run', 'check'], { buffered: true, niceness: 19 })];
}

await parallel([
  // The PGlite templates first and at the tests' priority (decision 0455): the browser tests' servers,
  // the longest chain, start on a copy of the seeded one. Made by the niced vitest stage, they were
  // ready 80 s into the run, and the servers 106 s; alone they take 13 s.
  start(
    'PGlite test templates (migrations, demo content)',
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/test/make-pglite-templates.ts', pgliteTemplateDir],
    {
      buffered: true,
      // The stages no chain waits for start once the templates are made: started beside them, each a
      // session of its own with an equal share of the processor, they left the templates 0.4 of a core.
      next: () => [
        ...checkOnceBuiltAndTemplated(),
        start(
          'vitest on PostgreSQL',
          process.execPath,
          ['scripts/with-postgres.mjs', 'vitest', 'run', '--project', 'server', ...vitestWorkers],
          { buffered: true, niceness: 10 },
        ),
        // The deploy test (decision 0341): nginx, two built servers and a worker on their own PostgreSQL;
        // it waits for the build's ready file itself. Not niced: it is a journey of servers waiting on each
        // other with time limits, as the browser tests are, and needs little processor time (about 25 s).
        start('deploy test (nginx, two servers, a worker)', process.execPath, ['scripts/test-deploy.mjs'], {
          buffered: true,
        }),
      ],
    },
  ),
  // The vitest runs yield the processor to the end-to-end tests (`nice`, decision 0278): those are
  // the longest chain, and a browser waiting for a busy server is what makes them slow and flaky;
  // the vitest runs, done sooner than them, take what is left.
  // Each stage is a session of its own (`detached`): where Linux schedules sessions as groups
  // (autogroup, Debian's default) the stages share the processor equally whatever their nice value.
  // Lowering the sessions' own priority was tried and kept out (decision 0440): the browser tests
  // ended two minutes sooner, and the starved vitest runs a minute later than the whole run did.
  start('vitest (PGlite)', 'vitest', ['run', ...vitestWorkers], {
    buffered: true,
    niceness: 10,
    // The files the PostgreSQL stage beside it runs alone (vitest.config.ts, decision 0332).
    env: { ...env, TEST_PGLITE_TEMPLATE_DIR: pgliteTemplateDir, TEST_POSTGRES_STAGE_BESIDE: '1' },
  }),
  // The end-to-end tests need only the build: they start as soon as it is done, beside the vitest
  // runs, instead of after the longest of them (decision 0088). Playwright, Chromium and the
  // servers wait on each other and on the network much of the time; the vitest runs fill it.
  // (Started after the server bundle alone, their seeding shared the processor with two web builds
  // and their servers were ready later, not sooner.)
  start('production build', 'npm', ['run', 'build'], {
    buffered: true,
    next: () => {
      fs.writeFileSync(webBuildReadyFile, path.join(repoRoot, 'apps', 'web', 'build'));
      return [
        start(
          'end-to-end tests (Playwright, Chromium, the built server)',
          'npm',
          ['run', 'test', '--workspace', 'e2e'],
          // Its servers start on a copy of the PGlite stage's seeded template instead of seeding
          // again (decision 0446).
          { buffered: true, env: { ...env, E2E_VITEST_TEMPLATE_DIR: pgliteTemplateDir } },
        ),
        ...checkOnceBuiltAndTemplated(),
      ];
    },
  }),
]);

heading(`All tests passed in ${seconds(startedAt)}`);
