// Memory sweep: starts the real server (built web app, embedded database with the demo content)
// in a process of its own, sends it many requests for distinct URLs — record pages of random ids,
// searches for random terms, pesticide pages of random names, unknown paths — so every cache keyed
// by input sees only misses, and prints the server's resident memory (RSS) along the way, at the
// end and after a pause. Goal (issue 9): RSS ≤ 400 MB after 100,000 distinct URLs on PGlite.
//   node --import tsx scripts/bench/memory-sweep.ts [--requests 100000] [--connections 32]
// Needs `npm run build` first. Prints figures only; it asserts nothing.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
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

/** Current and peak resident memory of a process, in MiB (Linux /proc). */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

const hanCharacters = '蟲病蚜蟎薊馬炭疽稻熱葉斑潰瘍白粉露菌根腐枯萎捲夜蛾螟蛉象鼻果實蠅介殼木蝨粉蝨葉蟬';
function randomText(length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) {
    text +=
      Math.random() < 0.7
        ? hanCharacters[Math.floor(Math.random() * hanCharacters.length)]
        : String.fromCharCode(97 + Math.floor(Math.random() * 26));
  }
  return text;
}
const randomId = () => 1 + Math.floor(Math.random() * 2_000_000_000);
const randomToken = () => Math.random().toString(36).slice(2, 12);

/** One distinct URL of each kind in turn, so every cache keyed by the URL or the input misses. */
const urlKinds: Array<() => string> = [
  () => `/search/bug/detail?id=${randomId()}`,
  () => `/search/bug?term=${encodeURIComponent(randomText(2 + Math.floor(Math.random() * 4)))}`,
  () => `/search/bug?term=${encodeURIComponent(randomText(2))}&page=${1 + Math.floor(Math.random() * 5)}`,
  () => `/search/bug/detail2?name=${encodeURIComponent(randomText(3))}`,
  () => `/${randomToken()}/${randomToken()}`,
  () => `/IPM/detail?id=${randomId()}`,
  () => `/news?page=${randomId()}`,
];

async function waitForServer(origin: string, child: { exitCode: number | null }): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/api/v1/system-settings/1`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start within 180 s');
}

async function main() {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '100000' },
      connections: { type: 'string', default: '32' },
    },
  });
  const total = Number(values.requests);
  const connections = Number(values.connections);
  if (!existsSync(path.join(repoRoot, 'apps/web/build/server/index.js'))) {
    throw new Error('No web build: run `npm run build` first.');
  }
  // A private copy of the build (inside the repository, so its imports resolve), safe from rebuilds.
  const webBuildDir = path.join(repoRoot, 'scripts/bench/build', `sweep-${process.pid}`);
  await fs.cp(path.join(repoRoot, 'apps/web/build'), webBuildDir, { recursive: true });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-memory-sweep-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // The same Node flags as `npm run serve` (the young generation capped as decision 0055 explains).
  const child = spawn(process.execPath, ['--max-semi-space-size=16', '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      WEB_BUILD_DIR: webBuildDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = child.pid as number;
  try {
    await waitForServer(origin, child);
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    const get = (url: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`${origin}${url}`, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
            response.on('error', reject);
          })
          .on('error', reject);
      });
    // Warm-up: the modules a page needs are loaded once; that is not growth.
    for (const kind of urlKinds) await get(kind());
    const start = memory(pid);
    console.log(
      `Memory sweep: ${total} distinct URLs over ${connections} connections, embedded database (PGlite), ` +
        `NODE_ENV=production\n  after start and warm-up: RSS ${start.rss.toFixed(0)} MiB`,
    );

    const statuses = new Map<number, number>();
    let sent = 0;
    let done = 0;
    let errors = 0;
    const began = performance.now();
    const step = Math.max(1, Math.floor(total / 10));
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (sent < total) {
          const kind = urlKinds[sent % urlKinds.length] as () => string;
          sent += 1;
          try {
            const status = await get(kind());
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          } catch {
            errors += 1;
          }
          done += 1;
          if (done % step === 0) {
            const now = memory(pid);
            const rate = done / ((performance.now() - began) / 1000);
            console.log(
              `  ${String(done).padStart(7)} requests: RSS ${now.rss.toFixed(0).padStart(4)} MiB (${rate.toFixed(0)} req/s)`,
            );
          }
        }
      }),
    );
    agent.destroy();
    const end = memory(pid);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const rested = memory(pid);
    const answered = [...statuses].map(([status, count]) => `${status}×${count}`).join(', ');
    console.log(`  answers: ${answered}${errors ? `, ${errors} failed` : ''}`);
    console.log(`  RSS after the sweep: ${end.rss.toFixed(0)} MiB (peak ${end.peak.toFixed(0)} MiB; goal ≤ 400 MiB)`);
    console.log(`  RSS 10 s later: ${rested.rss.toFixed(0)} MiB`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(webBuildDir, { recursive: true, force: true });
    await fs.rmdir(path.dirname(webBuildDir)).catch(() => undefined);
  }
}

await main();
