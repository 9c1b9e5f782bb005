// Starts the end-to-end tests' application servers side by side, on demo content seeded once
// (decision 0087). Playwright starts the entries of `webServer` one after another, each waiting
// for the previous to answer, and each server used to seed an empty data folder of its own: their
// start times added up, and seeding (pictures, clips, PDFs) ran three times.
//
// Here the demo content is applied once to an empty folder by the production start's seeding step
// (`node scripts/start.mjs seed`: what `npm run serve` runs first on a fresh install, then exits) —
// under `npm test` to a copy of npm test's seeded PGlite template, where it finds nothing left to
// apply (decision 0446) — while each server's `before` step runs (the base-path server's web
// build); then each server gets a copy of that folder and starts. GET /ready on E2E_SERVERS_READY_PORT
// answers 200 once every server answers its own URL (Playwright waits for it); a stop signal is passed
// on to each.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { stopWithParent } from './stop-with-parent';

export interface AppServer {
  name: string;
  /** Run side by side with seeding, before the server's data folder is made (a shell command). */
  before?: string;
  /**
   * Serves the production web build (apps/web/build): under `npm test`, which starts these tests
   * while that build is still running, the server waits for its ready file (WEB_BUILD_READY_FILE).
   */
  servesWebBuild?: boolean;
  /** Made a copy of the seeded folder before `command` runs. */
  dataDir: string;
  /** Starts the server (a shell command, run from the repository's root); `exec` it. */
  command: string;
  /** Answers 2xx or 3xx once the server is ready. */
  url: string;
  env: Record<string, string>;
}

export interface SeedOnce {
  /** The folder seeded once and copied for each server. */
  dataDir: string;
  env: Record<string, string>;
}

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]') as AppServer[];
const seedOnce = JSON.parse(process.env.E2E_SEED_ONCE ?? 'null') as SeedOnce | null;
const readyPort = Number(process.env.E2E_SERVERS_READY_PORT);
const children = new Set<ChildProcess>();
let stopping = false;

function stopAll(signal: NodeJS.Signals): Promise<void> {
  stopping = true;
  return Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const kill = setTimeout(() => child.kill('SIGKILL'), 8_000);
          child.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          child.kill(signal);
        }),
    ),
  ).then(() => undefined);
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs a shell command; resolves when it exits with 0 (rejects otherwise). */
function run(what: string, command: string, env: Record<string, string>): { child: ChildProcess; done: Promise<void> } {
  const child = spawn('sh', ['-c', command], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  const done = new Promise<void>((resolve, reject) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else if (!stopping) reject(new Error(`e2e ${what} ended (${signal ?? `exit code ${code}`})`));
    }),
  );
  return { child, done };
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: 'manual' });
    await response.body?.cancel();
    return response.status >= 200 && response.status < 400;
  } catch {
    return false;
  }
}

/**
 * Under `npm test`, the PGlite stage's seeded template (apps/server/src/test/global-setup.ts): the same
 * demo content applied by the same seed sets, made once for both stages (decision 0446).
 */
const vitestTemplate = process.env.E2E_VITEST_TEMPLATE_DIR;

/** Resolves with whether npm test's template stage made the templates in `folder` within `ms` (it writes `made` last). */
async function templateMade(folder: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!stopping && Date.now() < deadline) {
    try {
      await fs.access(path.join(folder, 'made'));
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return false;
}

async function seed(): Promise<void> {
  if (!seedOnce) return;
  const began = Date.now();
  await fs.rm(seedOnce.dataDir, { recursive: true, force: true });
  const copied = vitestTemplate !== undefined && (await templateMade(vitestTemplate, 240_000));
  // A real copy, not links: the servers write to their database files, which the vitest tests copy on.
  if (copied) await fs.cp(path.join(vitestTemplate, 'seeded'), seedOnce.dataDir, { recursive: true });
  else await fs.mkdir(seedOnce.dataDir, { recursive: true });
  // On the copy the production seeding step finds every seed set applied and leaves its note, which
  // the servers' own start reads to skip seeding.
  await run('seeding', 'exec node scripts/start.mjs seed', {
    ...seedOnce.env,
    DATA_DIR: seedOnce.dataDir,
  }).done;
  console.error(
    `e2e demo content ${copied ? "copied from npm test's PGlite template" : 'seeded once'} in ${seconds(began)}`,
  );
}

/** Resolves once `npm test`'s web build has passed (at once when the tests run alone, after a build). */
async function webBuildReady(): Promise<void> {
  const readyFile = process.env.WEB_BUILD_READY_FILE;
  if (!readyFile) return;
  while (!stopping) {
    try {
      await fs.access(readyFile);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function start(server: AppServer, seeded: Promise<void>): Promise<void> {
  const began = Date.now();
  await Promise.all([
    seeded,
    server.before ? run(`${server.name} (before)`, server.before, server.env).done : null,
    server.servesWebBuild ? webBuildReady() : null,
  ]);
  await fs.rm(server.dataDir, { recursive: true, force: true });
  if (seedOnce) await fs.cp(seedOnce.dataDir, server.dataDir, { recursive: true });
  else await fs.mkdir(server.dataDir, { recursive: true });
  const { done } = run(`server ${server.name}`, server.command, server.env);
  const exited = done.then(() => {
    if (!stopping) throw new Error(`e2e server ${server.name} exited before it was ready`);
  });
  const ready = (async () => {
    while (!(await answers(server.url))) await new Promise((resolve) => setTimeout(resolve, 250));
  })();
  await Promise.race([ready, exited]);
  exited.catch(() => undefined);
  console.error(`e2e server ${server.name} ready ${seconds(began)} after the start`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll(signal).then(() => process.exit(128 + (os.constants.signals[signal] ?? 1)));
  });
}

stopWithParent(() => void stopAll('SIGTERM').then(() => process.exit(1)));

try {
  const seeded = seed();
  await Promise.all(servers.map((server) => start(server, seeded)));
} catch (error) {
  console.error((error as Error).message);
  await stopAll('SIGTERM');
  process.exit(1);
}

http
  .createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ready');
  })
  .listen(readyPort, '127.0.0.1');
