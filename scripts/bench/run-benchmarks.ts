// npm run bench [-- --seconds 10 --only detail,cookie,search,memory --sweep-urls 100000 --postgres --profile DIR --members 50
//   --node-flags="--max-semi-space-size=32"]  (the server's Node flags in place of `npm run serve`'s; with `=`)
// Measures the production server (own process, embedded database by default) with autocannon in
// another, against a bare node:http server sending the same bytes. Each figure is marked PASS or FAIL
// against its target (docs/performance.md); the exit code is 0 whatever the figures.
// Steps (--only, comma-separated; default all but search-db):
//   detail    anonymous record page /search/bug/detail?id=N (may come from the page cache)  ≥ 80 % of bare
//   cookie    the same pages for a signed-in member: a real session from sign-up and login   ≥ 10 % of bare
//   scratch   each page kind rendered from scratch, every request a new URL (scratch-pages.ts)          ≥ 3 % of bare, p99 ≤ 100 ms
//   search    /search/bug?term=…, POST /api/info/searchResult, /search/IPM and /search/video, 32 connections  p99 ≤ 50 ms
//   memory    server RSS after the steps above, then after a sweep of distinct URLs          ≤ 400 MiB
//   mail      mails a minute from a burst of 1,000 into a local SMTP server (mail-bench.ts)     ≥ 600 a minute
//   pesticide p50/p99 of a small public call alone and while a 40,000-row upload is previewed in the background (pesticide-preview-bench.ts)
//   search-db server-side search latency over 100,000 synthetic records (search-bench.ts), PGlite + PostgreSQL
//   tenyear   p95 of every public page and admin list on ten years of data (cached in scripts/bench/cache/), RSS; PGlite + PostgreSQL
//   servers   two servers (JOBS=off) and a worker on PostgreSQL and S3 behind deploy/'s nginx, 50 members from
//             their own addresses: cached and from-scratch pages, cart, inquiry, consultation (two-servers.ts)
// --postgres runs the server on a throwaway PostgreSQL 15 (scripts/with-postgres.mjs), as `serve:postgres` starts it.
// --profile DIR writes a V8 CPU profile of the server (node --cpu-prof) when it stops.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { LoadRequest, LoadResult } from './load';
import { distinctSweepUrls, runMemorySweep } from './memory-sweep';
import { typicalQueries } from './search-terms';
import { repoRoot, runAgainWithPostgres, startServer, type ServerUnderTest } from './server-process';
import { compareWithBare } from './bare-comparison';
import { recordIds, recordSummaries, signedInMemberCookie } from './bench-visitors';
import { cacheCounts, measureKind, pageKinds, type ScratchFigure } from './scratch-pages';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    'search-connections': { type: 'string', default: '32' },
    'sweep-urls': { type: 'string', default: '100000' },
    'sweep-concurrency': { type: 'string', default: '16' },
    records: { type: 'string', default: '100000' },
    scale: { type: 'string', default: '1' },
    samples: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '20' },
    only: { type: 'string' },
    postgres: { type: 'boolean', default: false },
    profile: { type: 'string' },
    members: { type: 'string', default: '50' },
    'node-flags': { type: 'string' },
  },
});

const allSteps = [
  'detail',
  'cookie',
  'scratch',
  'search',
  'memory',
  'mail',
  'pesticide',
  'search-db',
  'tenyear',
  'servers',
] as const;
type Step = (typeof allSteps)[number];
const steps = new Set<string>(values.only ? values.only.split(',') : allSteps.filter((step) => step !== 'search-db'));
for (const step of steps) {
  if (!(allSteps as readonly string[]).includes(step)) {
    console.error(`unknown step "${step}"; choose from ${allSteps.join(', ')}`);
    process.exit(2);
  }
}
const wants = (step: Step) => steps.has(step);

// --postgres: run this same script again inside a throwaway PostgreSQL server.
if (values.postgres && !process.env.TEST_DATABASE_URL) process.exit(runAgainWithPostgres(import.meta.url));
const databaseUrl = values.postgres ? process.env.TEST_DATABASE_URL : undefined;

const seconds = Number(values.seconds);
const connections = Number(values.connections);
const searchConnections = Number(values['search-connections']);

interface Row {
  name: string;
  result?: LoadResult;
  bare?: LoadResult;
  /** Answers the page cache gave, of the pages asked for while the figure ran (none for API calls). */
  hitRatio?: number;
  value: string;
  target: string;
  pass: boolean;
}
const rows: Row[] = [];
const scratchFigures: ScratchFigure[] = [];
/** Keeps the row and prints it at once, so a long run shows its figures as it goes. */
function addRow(row: Row): void {
  rows.push(row);
  const hits = row.hitRatio === undefined ? '' : `, hits ${(100 * row.hitRatio).toFixed(0)} %`;
  const failures = row.result
    ? `, 503 × ${row.result.status503}, failures ${row.result.non2xx + row.result.errors}`
    : '';
  const load = row.result
    ? `, ${row.result.perSecond.toFixed(0)} req/s, p99 ${row.result.p99} ms${hits}${failures}`
    : '';
  console.log(`  ${row.name}: ${row.value}${load} (${row.target}: ${row.pass ? 'PASS' : 'FAIL'})`);
}

type Compared = { result: LoadResult; bare: LoadResult; hitRatio?: number };

/** compareWithBare with the page cache's hit ratio over the run (from the server's /metrics). */
async function compareCounted(...args: Parameters<typeof compareWithBare>): Promise<Compared> {
  const before = await cacheCounts(args[0].origin);
  const compared = await compareWithBare(...args);
  const after = await cacheCounts(args[0].origin);
  const asked = after.hits + after.misses - before.hits - before.misses;
  return { ...compared, ...(asked > 0 ? { hitRatio: (after.hits - before.hits) / asked } : {}) };
}

function ratioRow(name: string, compared: Compared, minimum: number): Row {
  const ratio = compared.result.perSecond / compared.bare.perSecond;
  const failures = compared.result.non2xx + compared.result.errors;
  return {
    name,
    ...compared,
    value: `${(ratio * 100).toFixed(1)} % of bare`,
    target: `≥ ${minimum * 100} %`,
    pass: ratio >= minimum && failures === 0,
  };
}

function latencyRow(name: string, compared: Compared, maximumMs: number): Row {
  const failures = compared.result.non2xx + compared.result.errors;
  return {
    name,
    ...compared,
    value: `p99 ${compared.result.p99} ms`,
    target: `p99 ≤ ${maximumMs} ms`,
    pass: compared.result.p99 <= maximumMs && failures === 0,
  };
}

function memoryRow(name: string, megabytes: number, maximum: number): Row {
  return { name, value: `${megabytes.toFixed(0)} MiB`, target: `≤ ${maximum} MiB`, pass: megabytes <= maximum };
}

/** The sweep step, behind one function so another sweep (scripts/bench/memory-sweep.ts) can replace it. */
async function sweep(server: ServerUnderTest, ids: number[]): Promise<void> {
  const count = Number(values['sweep-urls']);
  const concurrency = Number(values['sweep-concurrency']);
  console.log(`memory: sweeping ${count.toLocaleString('en')} distinct URLs, ${concurrency} at a time…`);
  const urls = distinctSweepUrls(count, ids);
  const onSample = (done: number) =>
    console.log(`memory: ${done} URLs, RSS ${server.rss().toFixed(0)} MiB, load ${os.loadavg()[0]?.toFixed(1)}`);
  const result = await runMemorySweep({ baseUrl: server.origin, urls, concurrency, onSample });
  const statuses = Object.entries(result.statuses)
    .map(([status, times]) => `${status}×${times}`)
    .join(' ');
  console.log(`memory: sweep took ${result.seconds.toFixed(0)} s (${statuses})`);
}

function printTable(): void {
  const cell = (value: string, width: number) => value.padEnd(width);
  const number = (value: number | undefined, digits = 0) => (value === undefined ? '' : value.toFixed(digits));
  const header = ['figure', 'req/s', 'bare req/s', 'p50 ms', 'p99 ms', 'hit %', 'non-2xx', 'result', 'target', ''];
  const widths = [40, 8, 11, 7, 7, 6, 8, 20, 16, 4];
  console.log(`\n${header.map((value, index) => cell(value, widths[index] as number)).join(' ')}`);
  for (const row of rows) {
    const columns = [
      row.name,
      number(row.result?.perSecond),
      number(row.bare?.perSecond),
      number(row.result?.p50),
      number(row.result?.p99),
      row.hitRatio === undefined ? '' : (100 * row.hitRatio).toFixed(0),
      row.result ? String(row.result.non2xx + row.result.errors) : '',
      row.value,
      row.target,
      row.pass ? 'PASS' : 'FAIL',
    ];
    console.log(columns.map((value, index) => cell(value, widths[index] as number)).join(' '));
  }
}

/** The target of a from-scratch render: 3 % of the bare server, p99 ≤ 100 ms under 16 connections, no error or 503. */
function scratchPasses(figure: ScratchFigure): boolean {
  const { result } = figure;
  return scratchShare(figure) >= 0.03 && result.p99 <= 100 && result.non2xx + result.errors === 0;
}

/** Pages rendered (2xx answers) a second, as a share of the bare server's rate: a 503 renders nothing. */
function scratchShare(figure: ScratchFigure): number {
  const { result, bare } = figure;
  const rendered = result.total === 0 ? 0 : (result.perSecond * (result.total - result.non2xx)) / result.total;
  return rendered / bare.perSecond;
}

function scratchLine(figure: ScratchFigure): string {
  const { result, bare } = figure;
  return (
    `${figure.kind}: ${result.perSecond.toFixed(0)} req/s, rendered ${(100 * scratchShare(figure)).toFixed(2)} % ` +
    `of bare (${bare.perSecond.toFixed(0)}), p99 ${result.p99} ms, ${figure.cpuPerRequest.toFixed(2)} ms CPU a request, ` +
    `hits ${(100 * figure.hitRatio).toFixed(0)} %, 503 × ${result.status503}, other failures ` +
    `${result.non2xx - result.status503 + result.errors} (${scratchPasses(figure) ? 'PASS' : 'FAIL'})`
  );
}

function printScratchTable(): void {
  const header = [
    'page kind, from scratch',
    'req/s',
    '% of bare',
    'p99 ms',
    'CPU ms/req',
    'hit %',
    '503',
    'errors',
    '',
  ];
  const widths = [44, 7, 10, 7, 11, 6, 6, 7, 4];
  const line = (columns: string[]) => columns.map((value, index) => value.padEnd(widths[index] as number)).join(' ');
  console.log(`\n${line(header)}`);
  for (const figure of scratchFigures) {
    const { result } = figure;
    console.log(
      line([
        figure.kind,
        result.perSecond.toFixed(0),
        (100 * scratchShare(figure)).toFixed(2),
        String(result.p99),
        figure.cpuPerRequest.toFixed(2),
        (100 * figure.hitRatio).toFixed(0),
        String(result.status503),
        String(result.non2xx - result.status503 + result.errors),
        scratchPasses(figure) ? 'PASS' : 'FAIL',
      ]),
    );
  }
  console.log(
    "CPU ms/req: the server process's processor time per answer (/proc), steadier than req/s on a shared machine.",
  );
}

async function runServerSteps(): Promise<void> {
  const engine = databaseUrl ? 'PostgreSQL 15' : 'embedded database (PGlite)';
  const nodeFlags = values['node-flags']?.split(/\s+/).filter(Boolean);
  const server = await startServer({ databaseUrl, profileDir: values.profile, nodeFlags });
  // Interrupted: stop the server (and remove its data folder) before going.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void server.stop().finally(() => process.exit(130)));
  }
  try {
    const ids = await recordIds(server.origin);
    if (values.profile) {
      const from = ((Date.now() - server.startedAt) / 1000).toFixed(0);
      console.log(
        `profile: the load begins ${from} s after the server started; when it stops: ` +
          `node scripts/bench/summarise-profile.mjs ${values.profile}/<file>.cpuprofile --from ${from}`,
      );
    }
    const pages: LoadRequest[] = ids.map((id) => ({ path: `/search/bug/detail?id=${id}` }));
    const load = os.loadavg().map((value) => value.toFixed(1));
    const flags = nodeFlags ? `node ${nodeFlags.join(' ')}` : `as npm run ${databaseUrl ? 'serve:postgres' : 'serve'}`;
    console.log(
      `Load average at the start: ${load.join(', ')}. Server: production build, ${engine}, ${flags}, ` +
        `RSS ${server.rss().toFixed(0)} MiB, ${ids.length} record pages; load: autocannon in its own process, ` +
        `${seconds} s per run; machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), shared`,
    );
    if (wants('detail')) {
      console.log('detail: anonymous record pages…');
      addRow(ratioRow('record page, anonymous', await compareCounted(server, pages, { connections, seconds }), 0.8));
    }
    if (wants('cookie')) {
      console.log(
        'cookie: record pages for a signed-in member with a real session (public pages come from the page cache whatever the cookies, decision 0057)…',
      );
      const memberCookie = await signedInMemberCookie(server.origin);
      const compared = await compareCounted(server, pages, {
        connections,
        seconds,
        headers: { cookie: memberCookie },
      });
      addRow(ratioRow('record page, signed-in member', compared, 0.1));
    }
    if (wants('scratch')) {
      console.log(
        `scratch: each page kind rendered from scratch, ${connections} connections, every request a new URL…`,
      );
      for (const kind of await pageKinds(server.origin, await recordSummaries(server.origin))) {
        const figure = await measureKind(server, kind, { connections, seconds });
        scratchFigures.push(figure);
        console.log(`  ${scratchLine(figure)}`);
      }
    }
    if (wants('search')) {
      console.log(`search: pages and calls, ${searchConnections} connections…`);
      const searchPages = typicalQueries.map((term) => ({ path: `/search/bug?term=${encodeURIComponent(term)}` }));
      const searchCalls = typicalQueries.map((term) => ({
        method: 'POST' as const,
        path: '/api/info/searchResult',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ term, ty: 'y,y,y,y', page: 1, pageSize: 10 }),
      }));
      addRow(
        latencyRow(
          'search page /search/bug?term=',
          await compareCounted(server, searchPages, { connections: searchConnections, seconds }),
          50,
        ),
      );
      addRow(
        latencyRow(
          'search call /api/info/searchResult',
          await compareCounted(server, searchCalls, { connections: searchConnections, seconds }),
          50,
        ),
      );
      // The reading room's lists on the same search service.
      const readingRoomPages = typicalQueries.flatMap((term) => [
        { path: `/search/IPM?term=${encodeURIComponent(term)}` },
        { path: `/search/video?term=${encodeURIComponent(term)}` },
      ]);
      addRow(
        latencyRow(
          'reading-room search pages /search/IPM, /search/video',
          await compareCounted(server, readingRoomPages, { connections: searchConnections, seconds }),
          50,
        ),
      );
    }
    if (wants('memory')) {
      addRow(memoryRow('server RSS after the bench', server.rss(), 400));
      await sweep(server, ids);
      addRow(
        memoryRow(`server RSS after ${Number(values['sweep-urls']).toLocaleString('en')} URLs`, server.rss(), 400),
      );
    }
  } finally {
    await server.stop();
  }
}

if (['detail', 'cookie', 'scratch', 'search', 'memory'].some((step) => steps.has(step))) await runServerSteps();
if (rows.length > 0) printTable();
if (scratchFigures.length > 0) printScratchTable();

if (wants('mail')) {
  console.log('\n=== Mail: a burst of 1,000 into a local SMTP server ===');
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/mail-bench.ts', '--mails', '1000'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...(databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {}) },
  });
}

if (wants('pesticide')) {
  console.log('\n=== Other requests while a 40,000-row pesticide upload is previewed (background job) ===');
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/pesticide-preview-bench.ts', '--rows', '40000'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...(databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {}) },
  });
}

const tsx = [process.execPath, '--import', 'tsx'];
if (wants('search-db')) {
  const searchArgs = ['scripts/bench/search-bench.ts', '--records', values.records, '--rounds', values.rounds];
  console.log('\n=== Search, server-side, embedded database (PGlite) ===');
  spawnSync(tsx[0] as string, [...tsx.slice(1), ...searchArgs], { cwd: repoRoot, stdio: 'inherit' });
  console.log('\n=== Search, server-side, PostgreSQL 15 ===');
  spawnSync(process.execPath, ['scripts/with-postgres.mjs', ...tsx, ...searchArgs], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}
if (wants('tenyear')) {
  const tenYearArgs = ['scripts/bench/ten-year-bench.ts', '--scale', values.scale, '--samples', values.samples];
  console.log('\n=== Ten years of data, embedded database (PGlite) ===');
  spawnSync(tsx[0] as string, [...tsx.slice(1), ...tenYearArgs], { cwd: repoRoot, stdio: 'inherit' });
  console.log('\n=== Ten years of data, PostgreSQL 15 ===');
  spawnSync(process.execPath, ['scripts/with-postgres.mjs', ...tsx, ...tenYearArgs], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}
if (wants('servers')) {
  console.log('\n=== Two servers and a worker behind nginx, PostgreSQL and S3, 50 members ===');
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/two-servers.ts', '--members', values.members], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}
// Figures, not a gate: a shared machine is too noisy to fail a build on them.
process.exitCode = 0;
