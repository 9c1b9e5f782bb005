// Pesticide import benchmark (issue 26): the latency of other requests while a large pesticide
// preview runs on the same server. The real application (PGlite in a temporary folder, or the
// PostgreSQL server named by TEST_DATABASE_URL) listens on a port; a file of N generated rows is
// imported once, then a changed copy is previewed while autocannon (a process of its own) asks a small
// public call (/api/v1/carousels). Prints p50, p99 and the slowest answer without and during the preview; asserts nothing.
//   node --import tsx scripts/bench/pesticide-preview-bench.ts [--rows 40000]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/server/src/app';
import { loadEnv } from '../../apps/server/src/config/env';
import { pesticideCsvHeader } from '../../apps/server/src/records/pesticides/parse-pesticide-csv';
import { previewPesticideImport } from '../../apps/server/src/records/pesticides/preview-pesticide-import';
import { importPesticideUses } from '../../apps/server/src/records/services/import-pesticide-uses';
import { runLoad, type LoadResult } from './load';
import { repoRoot } from './server-process';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '40000' } } });
const count = Number(values.rows);
const sample = await fs.readFile(path.join(repoRoot, 'apps/server/src/records/test/pesticides_2022-08-01.csv'), 'utf8');
const sampleRows = sample.trimEnd().split('\n').slice(1);

/** N rows from the sample's, each copy told apart in its last cell; `edition` changes every tenth row's dose. */
function generatedFile(edition: number): string {
  const rows = Array.from({ length: count }, (_, n) => {
    const line = sampleRows[n % sampleRows.length] as string;
    const cells = line.slice(line.indexOf(',') + 1);
    const copy = Math.floor(n / sampleRows.length);
    return `${n},${cells} #${copy}${n % 10 === 0 ? ` 第${edition}版` : ''}`;
  });
  return [pesticideCsvHeader.join(','), ...rows].join('\n');
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-pesticide-bench-'));
const app = await buildApp({
  env: loadEnv({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO_CONTENT: 'false',
    ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
  }),
  web: false,
  logger: false,
});
const show = (result: LoadResult) =>
  `p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms, ${result.perSecond.toFixed(0)} req/s`;
try {
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const base = { fileName: 'pesticides_2022-08-01.csv', source: '基準測試', actor: { memberId: null, label: 'bench' } };
  await importPesticideUses(app.db, { ...base, content: generatedFile(1), snapshotDate: '2022-08-01', replace: true });
  const load = (seconds: number) =>
    runLoad({
      origin,
      connections: 4,
      seconds,
      requests: [{ path: '/api/v1/carousels' }],
    });
  const alone = await load(5);
  const second = generatedFile(2);
  // The load runs about as long as a preview takes here; it starts first, the preview a moment later.
  const during = load(Math.max(5, Math.round(count / 4000)));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const started = performance.now();
  const made = await previewPesticideImport(app.db, {
    ...base,
    content: second,
    snapshotDate: '2022-09-01',
    mode: 'replace',
  });
  const took = performance.now() - started;
  const measured = await during;
  console.log(`  the home page's carousels /api/v1/carousels alone: ${show(alone)}`);
  console.log(
    `  preview of ${count.toLocaleString('en')} rows (${made.changed} changed): ${(took / 1000).toFixed(1)} s; ` +
      `the carousels meanwhile: ${show(measured)}`,
  );
} finally {
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
