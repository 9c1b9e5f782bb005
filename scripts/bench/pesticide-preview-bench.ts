// Pesticide import benchmark: the latency of other requests while a large pesticide
// preview runs on the same server. The real application (PGlite in a temporary folder, or the
// PostgreSQL server named by TEST_DATABASE_URL) listens on a port; a file of N generated rows is
// imported once, then a changed copy is stored as an upload and its preview queued as an editor's
// upload queues it (the job runs in this process, JOBS=inline, decision 0350) while autocannon (a
// process of its own) asks a small public call (/api/v1/carousels) until the preview is ready; then,
// for comparison, the same file is previewed in one transaction (the command line's way, and uploads'
// before). Prints p50, p99 and the slowest answer alone and during each; asserts nothing.
//   node --import tsx scripts/bench/pesticide-preview-bench.ts [--rows 40000]
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/server/src/app';
import { loadEnv } from '../../apps/server/src/config/env';
import { eq } from 'drizzle-orm';
import { pesticideCsvHeader } from '../../apps/server/src/records/pesticides/parse-pesticide-csv';
import { documentFileKey } from '../../apps/server/src/platform/uploads/stored-file-keys';
import { storedFiles } from '../../apps/server/src/platform/uploads/stored-files.schema';
import { previewPesticideImport } from '../../apps/server/src/records/pesticides/preview-pesticide-import';
import { pesticideImports } from '../../apps/server/src/records/schema';
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
  // The editor's upload, as the upload pipeline stores it.
  const second = Buffer.from(generatedFile(2));
  const sha256 = createHash('sha256').update(second).digest('hex');
  const storageKey = documentFileKey(sha256, 'csv');
  await app.storage.put(storageKey, second);
  const editor = {
    memberId: 1,
    account: 'bench-editor',
    name: '基準',
    roles: ['editor'] as const,
    sessionId: 'b',
    via: 'session' as const,
  };
  const [file] = await app.db
    .insert(storedFiles)
    .values({
      sha256,
      storageKey,
      size: second.length,
      sourceType: 'text/csv',
      contentType: 'text/csv',
      fileName: 'pesticides_2022-09-01.csv',
      purpose: 'pesticide-csv',
      ownerMemberId: editor.memberId,
      uploaderHash: 'bench',
    })
    .returning();
  /** Runs `work` under load in two-second slices until it ends; the slices' highest p50 and p99, and the slowest answer. */
  const duringLoad = async (work: () => Promise<string>) => {
    // A slice starts first, the work a moment later.
    const slices: Array<Promise<LoadResult>> = [load(2)];
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = performance.now();
    let done = false;
    const working = work().finally(() => (done = true));
    while (!done) {
      if (slices.length * 2 * 1000 < performance.now() - started + 2500) slices.push(load(2));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const what = await working;
    const took = performance.now() - started;
    const measured = await Promise.all(slices);
    const during: LoadResult = {
      perSecond: measured.reduce((sum, result) => sum + result.perSecond, 0) / measured.length,
      total: measured.reduce((sum, result) => sum + result.total, 0),
      non2xx: measured.reduce((sum, result) => sum + result.non2xx, 0),
      errors: measured.reduce((sum, result) => sum + result.errors, 0),
      p50: Math.max(...measured.map((result) => result.p50)),
      p99: Math.max(...measured.map((result) => result.p99)),
      max: Math.max(...measured.map((result) => result.max)),
      status503: measured.reduce((sum, result) => sum + result.status503, 0),
    };
    return `${what}: ${(took / 1000).toFixed(1)} s; the carousels meanwhile (the highest p50 and p99 of ${measured.length} two-second slices): ${show(during)}`;
  };

  // The editor's way: the upload queues the preview, the job makes it (decision 0350).
  const background = await duringLoad(async () => {
    const started = performance.now();
    const { importId } = await app.services.records.queuePesticidePreview(
      {
        fileId: file!.id,
        owner: { memberId: editor.memberId, hash: '', hashes: [] },
        fields: { snapshotDate: '2022-09-01', source: '基準測試' },
      },
      editor,
    );
    let fileRead = '';
    for (;;) {
      const [row] = await app.db.select().from(pesticideImports).where(eq(pesticideImports.id, importId));
      if (!row || row.status !== 'reading')
        return `in the background (${row?.status}, ${row?.changed} changed${fileRead})`;
      if (row.bytesRead === row.totalBytes && !fileRead)
        fileRead = `; file read after ${((performance.now() - started) / 1000).toFixed(1)} s`;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  // For comparison, the command line's way: the same file previewed in one transaction (as uploads were before).
  const oneTransaction = await duringLoad(async () => {
    const made = await previewPesticideImport(app.db, {
      ...base,
      content: second,
      snapshotDate: '2022-09-02',
      mode: 'replace',
    });
    return `in one transaction, as the command line does (${made.changed} changed)`;
  });
  console.log(`  the home page's carousels /api/v1/carousels alone: ${show(alone)}`);
  console.log(`  preview of ${count.toLocaleString('en')} rows ${background}`);
  console.log(`  preview of ${count.toLocaleString('en')} rows ${oneTransaction}`);
} finally {
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
