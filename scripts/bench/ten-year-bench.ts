// The `tenyear` step of npm run bench: the production server on ten years of an institute's data
// (ten-year-fill.ts, cached by ten-year-cache.ts), each public list and detail page and each admin
// list (first page, a deep page, a filter, a search) asked one request at a time at distinct
// addresses, so that each is a render and none comes from the page cache; p50 and p95 of each,
// then the server's RSS. Targets: public pages p95 ≤ 50 ms, admin lists p95 ≤ 200 ms.
//   node --import tsx scripts/bench/ten-year-bench.ts [--scale 1] [--samples 20]
// On PostgreSQL: node scripts/with-postgres.mjs node --import tsx scripts/bench/ten-year-bench.ts
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import fs from 'node:fs/promises';
import { openDatabase } from '../../apps/server/src/platform/database/database';
import { cpuMilliseconds, startServer, type ServerUnderTest } from './server-process';
import { measureJobs, measureServedBackground } from './ten-year-background';
import { tenYearDataDir } from './ten-year-cache';
import { tenYearAdmin } from './ten-year-fill';
import { idRanges, tenYearKinds, type TenYearKind } from './ten-year-pages';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    samples: { type: 'string', default: '20' },
    only: { type: 'string' },
    background: { type: 'boolean', default: true },
  },
  // --no-background measures the pages alone.
  allowNegative: true,
});
const scale = Number(values.scale);
const samples = Number(values.samples);
const databaseUrl = process.env.TEST_DATABASE_URL;
const engine = databaseUrl ? 'PostgreSQL 15' : 'embedded database (PGlite)';

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

async function adminCookie(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/info/logini`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ a1: tenYearAdmin.account, a2: tenYearAdmin.password }),
  });
  const cookies = login.headers.getSetCookie().map((header) => header.split(';')[0] ?? '');
  if (!cookies.some((cookie) => cookie.startsWith('pest_session=')))
    throw new Error(`ten-year: the admin could not sign in: ${login.status} ${await login.text()}`);
  return cookies.join('; ');
}

interface Figure {
  kind: TenYearKind;
  p50: number;
  p95: number;
  /** The server process's processor time per request (the embedded database's included, PostgreSQL's not). */
  cpu: number;
  statuses: Record<number, number>;
}

async function measure(server: ServerUnderTest, kind: TenYearKind, cookie: string): Promise<Figure> {
  const { origin } = server;
  const headers = kind.admin ? { cookie } : {};
  const ask = async (pathname: string) => {
    const started = performance.now();
    const response = await fetch(`${origin}${pathname}`, { headers, redirect: 'manual' });
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  };
  // One warm-up request of the kind (planning, the JIT), not counted: its first address, which is then not
  // measured, since a page the cache keeps would answer it from memory (`warm=1` keys no page, decision 0380).
  const [warmUp = '/', ...rest] = kind.paths;
  await ask(warmUp);
  const measured = rest.length > 0 ? rest : [warmUp];
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  const cpuBefore = cpuMilliseconds(server.child.pid as number);
  for (const pathname of measured) {
    const { ms, status } = await ask(pathname);
    times.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  const cpu = (cpuMilliseconds(server.child.pid as number) - cpuBefore) / Math.max(1, measured.length);
  times.sort((a, b) => a - b);
  return { kind, p50: percentile(times, 0.5), p95: percentile(times, 0.95), cpu, statuses };
}

/** Waits (up to two minutes) until the start-up work on the new data is done: three quick searches in a row. */
async function settle(origin: string): Promise<void> {
  const started = performance.now();
  let quick = 0;
  for (let attempt = 0; quick < 3 && performance.now() - started < 120_000; attempt += 1) {
    const before = performance.now();
    // A search for a new term: a render that reads the database each time (home is kept by the page
    // cache and its parts in memory, decisions 0411 and 0452, so it is quick while start-up work still runs).
    await (await fetch(`${origin}/search/bug?term=settle${attempt}`)).arrayBuffer();
    quick = performance.now() - before < 100 ? quick + 1 : 0;
    if (quick === 0) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(`  the server settled ${((performance.now() - started) / 1000).toFixed(0)} s after it answered first`);
}

async function main() {
  const dataDir = await tenYearDataDir(scale, databaseUrl);
  const handle = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
  const ids = await idRanges(handle.db);
  await handle.close();
  // The overload guard off: this step measures how long a render takes, not how the server sheds load.
  const server = await startServer({ databaseUrl, dataDir, env: { OVERLOAD_EVENT_LOOP_DELAY_MS: '0' } });
  const figures: Figure[] = [];
  try {
    const load = os.loadavg().map((value) => value.toFixed(1));
    console.log(`ten-year, ${engine}, scale ${scale}: load average at the start ${load.join(', ')}`);
    const cookie = await adminCookie(server.origin);
    await settle(server.origin);
    const only = values.only?.split(',');
    for (const kind of tenYearKinds(ids, samples)) {
      if (only && !only.some((word) => kind.name.includes(word))) continue;
      const figure = await measure(server, kind, cookie);
      figures.push(figure);
      const target = kind.admin ? 200 : 50;
      const statuses = Object.entries(figure.statuses)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ');
      const pass = figure.p95 <= target && Object.keys(figure.statuses).every((status) => Number(status) < 400);
      console.log(
        `  ${kind.name.padEnd(44)} p50 ${figure.p50.toFixed(0).padStart(5)} ms  p95 ${figure.p95.toFixed(0).padStart(5)} ms  ` +
          `CPU ${figure.cpu.toFixed(0).padStart(4)} ms/req  (≤ ${target} ms: ${pass ? 'PASS' : 'FAIL'})  ${statuses}`,
      );
    }
    console.log(
      `  server RSS after the ten-year pages: ${server.rss().toFixed(0)} MiB (≤ 400 MiB); load average now ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(', ')}`,
    );
    if (values.background) await measureServedBackground(server);
  } finally {
    await server.stop();
  }
  try {
    if (values.background) await measureJobs(databaseUrl, dataDir);
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
