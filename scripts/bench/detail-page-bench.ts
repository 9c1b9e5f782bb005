// Detail-page benchmark: starts the real server (built web app, embedded database with the demo
// content) in a child process, then for a fixed time each requests
//   (a) the server-rendered /search/bug/detail?id=… pages, for anonymous visitors (no cookies: the
//       page cache may answer) and for visitors with a cookie (rendered every time), and
//   (b) a static file of the same size from the same server,
// over a fixed number of keep-alive connections (node:http; autocannon is not installed), and prints requests per second of both, their
// ratio (target ≥ 0.5) and the server's memory (RSS) afterwards. Needs `npm run build` first.
//   node --import tsx scripts/bench/detail-page-bench.ts [--seconds 10] [--connections 16]
// Prints figures only; it asserts nothing.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import fs from 'node:fs/promises';
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

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kilobytes / 1024;
}

interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
}

/** Keeps `connections` requests in flight for `seconds`, cycling through `urls`. */
async function load(
  origin: string,
  urls: string[],
  seconds: number,
  connections: number,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const get = (url: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(`${origin}${url}`, { agent, headers }, (response) => {
          response.on('data', () => {});
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        })
        .on('error', reject);
    });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const url = urls[next % urls.length] as string;
        next += 1;
        const sent = performance.now();
        try {
          const status = await get(url);
          if (status !== 200) errors += 1;
          else latencies.push(performance.now() - sent);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(fraction * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p95: at(0.95),
  };
}

async function waitForServer(origin: string, child: { exitCode: number | null }): Promise<void> {
  const deadline = Date.now() + 180_000;
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
  throw new Error('server did not start within 180 s');
}

async function main() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '16' },
    },
  });
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  if (!existsSync(path.join(repoRoot, 'apps/web/build/server/index.js'))) {
    throw new Error('No web build: run `npm run build` first.');
  }
  // A private copy of the build (inside the repository, so its imports resolve), safe from rebuilds.
  const webBuildDir = path.join(repoRoot, 'scripts/bench/build', `web-${process.pid}`);
  await fs.cp(path.join(repoRoot, 'apps/web/build'), webBuildDir, { recursive: true });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-detail-bench-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/bench-server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: origin,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      WEB_BUILD_DIR: webBuildDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForServer(origin, child);
    const hot = (
      (await await fetch(`${origin}/api/info/searchResult`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ term: '', ty: 'y,y,y,y', pageSize: 100 }),
      }).then((response) => response.json())) as { d: { items: Array<{ id: number }> } }
    ).d.items;
    // Many different records, as real traffic would ask for, not one page over and over.
    const pageUrls = hot.map((item) => `/search/bug/detail?id=${item.id}`);
    const sizes = await Promise.all(
      pageUrls.slice(0, 20).map(async (url) => (await (await fetch(`${origin}${url}`)).arrayBuffer()).byteLength),
    );
    const pageBytes = Math.round(sizes.reduce((sum, size) => sum + size, 0) / sizes.length);
    // The static file: the same size as an average detail page, served by the same server.
    await fs.mkdir(path.join(dataDir, 'files', 'public'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'files', 'public', 'bench-static.html'), Buffer.alloc(pageBytes, 'a'));

    console.log(
      `Detail page benchmark: ${connections} connections, ${seconds} s each, ${pageUrls.length} different records, ` +
        `average page ${(pageBytes / 1024).toFixed(1)} KiB, embedded database (PGlite), NODE_ENV=production`,
    );
    // Warm-up: every page once (loads modules, fills the page cache as the first visitors would),
    // then a few seconds of each kind of request.
    for (const url of pageUrls) await fetch(`${origin}${url}`).then((response) => response.arrayBuffer());
    await load(origin, pageUrls, 2, connections);
    await load(origin, ['/files/public/bench-static.html'], 2, connections);

    const rendered = await load(origin, pageUrls, seconds, connections);
    const staticFile = await load(origin, ['/files/public/bench-static.html'], seconds, connections);
    // A visitor with a cookie is never served from the page cache: this is rendering alone.
    const uncached = await load(origin, pageUrls, seconds, connections, { cookie: 'bench=1' });
    const rss = rssMegabytes(child.pid as number);
    const line = (label: string, result: LoadResult) =>
      `  ${label.padEnd(28)} ${result.perSecond.toFixed(0).padStart(6)} req/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p95 ${result.p95.toFixed(1).padStart(6)} ms   (${result.requests} ok, ${result.errors} errors)`;
    console.log(line('rendered, every request', uncached));
    console.log(line('detail page (anonymous)', rendered));
    console.log(line('static file, same size', staticFile));
    console.log(
      `  ratio detail page / static: ${(rendered.perSecond / staticFile.perSecond).toFixed(2)} (target ≥ 0.50; ` +
        `rendering every request alone: ${(uncached.perSecond / staticFile.perSecond).toFixed(2)})`,
    );
    console.log(`  server RSS after the run: ${rss.toFixed(0)} MiB`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(webBuildDir, { recursive: true, force: true });
    await fs.rmdir(path.dirname(webBuildDir)).catch(() => undefined);
  }
}

await main();
