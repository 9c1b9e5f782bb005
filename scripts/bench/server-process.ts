// Starts the production server under test in a process of its own (built web app, NODE_ENV=production,
// its own data folder), and reads its memory from /proc. The bench never serves a request itself.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs the calling bench script (`import.meta.url`) again with the same arguments inside a throwaway
 * PostgreSQL 15 (scripts/with-postgres.mjs, which sets TEST_DATABASE_URL); its exit status.
 */
export function runAgainWithPostgres(scriptUrl: string, env: NodeJS.ProcessEnv = process.env): number {
  const script = fileURLToPath(scriptUrl);
  const args = ['scripts/with-postgres.mjs', process.execPath, '--import', 'tsx', script, ...process.argv.slice(2)];
  return spawnSync(process.execPath, args, { cwd: repoRoot, stdio: 'inherit', env }).status ?? 1;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resident memory of a process in MiB (Linux). */
export function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/**
 * How an npm script of package.json starts a production process: the environment it sets, the Node flags
 * before scripts/start.mjs and what follows it (`MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=65536 node
 * --max-semi-space-size=16 … scripts/start.mjs [worker]`). The bench starts its server as `npm run serve`
 * does, or `npm run serve:postgres` on PostgreSQL (decisions 0083, 0459): the process production runs.
 */
export function serveCommand(scriptName = 'serve'): {
  env: Record<string, string>;
  nodeFlags: string[];
  script: string;
  args: string[];
} {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = (manifest.scripts[scriptName] ?? '').trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name = '', ...value] = (words.shift() as string).split('=');
    env[name] = value.join('=');
  }
  if (words.shift() !== 'node') throw new Error(`package.json's ${scriptName} script must start the server with node.`);
  const at = words.findIndex((word) => word.endsWith('.mjs'));
  if (at < 0) throw new Error(`package.json's ${scriptName} script must run the start script.`);
  return {
    env,
    nodeFlags: words.slice(0, at),
    script: path.join(repoRoot, words[at] as string),
    args: words.slice(at + 1),
  };
}

/** The bearer token the bench's server answers /metrics with. */
export const benchMetricsToken = 'bench-metrics-token-0123456789';

/** Processor time the process has used so far, user and system, in milliseconds (Linux /proc). */
export function cpuMilliseconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat(5), counted from the state (field 3) here; in ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export interface ServerUnderTest {
  origin: string;
  child: ChildProcess;
  /** When the server process was started (Date.now()), to place profile samples in time. */
  startedAt: number;
  rss(): number;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** postgres:// URL; the embedded database (PGlite) in a fresh folder when absent. */
  databaseUrl?: string | undefined;
  /** Write a V8 CPU profile of the server into this folder when it stops (node --cpu-prof). */
  profileDir?: string | undefined;
  /** The server's DATA_DIR, kept when it stops (ten years of data, ten-year-cache.ts); a fresh temporary folder when absent. */
  dataDir?: string | undefined;
  /** More environment for the server (after the bench's own). */
  env?: Record<string, string>;
  /**
   * A server build folder under apps/server other than `dist` (ab-builds.ts: the build before a change): its
   * `main.js` is started directly, with the serve script's flags and environment, instead of the start script.
   */
  serverDist?: string | undefined;
  /** A web build folder under apps/web other than `build` (ab-builds.ts: a change to a route module). */
  webBuild?: string | undefined;
  /** Drop the server's standard output (its warnings and errors still show). */
  quiet?: boolean;
  /** Node flags in place of `npm run serve`'s (`serve:postgres`'s on PostgreSQL), to measure another start (decision 0434); its environment stays. */
  nodeFlags?: string[] | undefined;
}

/** How many servers this process has started: each gets a web build copy of its own. */
let started = 0;

async function waitUntilReady(origin: string, child: ChildProcess): Promise<void> {
  // Seeding the demo content first takes minutes when the shared machine is busy.
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/api/info/bugCount`, { method: 'POST' });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start within 600 s');
}

export async function startServer(options: StartServerOptions = {}): Promise<ServerUnderTest> {
  const webBuild = path.join(repoRoot, 'apps/web', options.webBuild ?? 'build');
  if (!existsSync(path.join(webBuild, 'server/index.js'))) throw new Error('No web build: run `npm run build` first.');
  // A private copy of the build (inside the repository, so its imports resolve), safe from rebuilds.
  started += 1;
  const webBuildDir = path.join(
    repoRoot,
    'scripts/bench/build',
    `web-${process.pid}${started > 1 ? `-${started}` : ''}`,
  );
  await fs.cp(webBuild, webBuildDir, { recursive: true });
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'pest-bench-')));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const profileFlags = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  const startedAt = Date.now();
  const serverMain = path.join(repoRoot, 'apps/server', options.serverDist ?? 'dist', 'main.js');
  if (!existsSync(serverMain)) throw new Error(`No built server at ${serverMain}: run \`npm run build\` first.`);
  const serve = serveCommand(options.databaseUrl ? 'serve:postgres' : 'serve');
  const entry = options.serverDist ? serverMain : serve.script;
  const nodeFlags = options.nodeFlags ?? serve.nodeFlags;
  const child = spawn(process.execPath, [...nodeFlags, ...profileFlags, entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...serve.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: options.databaseUrl ?? '',
      WEB_BUILD_DIR: webBuildDir,
      // All the load comes from one address: budgets far above it, so counting still runs on
      // every request (its cost is measured) but nothing is refused.
      RATE_LIMIT_PAGE_MAX: '1000000000',
      RATE_LIMIT_API_MAX: '1000000000',
      RATE_LIMIT_FILES_MAX: '1000000000',
      RATE_LIMIT_SUGGEST_MAX: '1000000000',
      // The page cache's counts (hit ratio of the from-scratch step) are read from /metrics.
      METRICS_TOKEN: benchMetricsToken,
      ...options.env,
    },
    stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const cleanUp = async () => {
    if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(webBuildDir, { recursive: true, force: true });
    await fs.rmdir(path.dirname(webBuildDir)).catch(() => undefined);
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await cleanUp();
  };
  try {
    await waitUntilReady(origin, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, child, startedAt, rss: () => rssMegabytes(child.pid as number), stop };
}
