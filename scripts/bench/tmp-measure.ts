import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app';
import { loadEnv } from '../../apps/server/src/config/env';
import { pesticideCsvHeader, parsePesticideFile } from '../../apps/server/src/records/pesticides/parse-pesticide-csv';
import { listCurrentUses } from '../../apps/server/src/records/pesticides/pesticide-data-state';
import { planPesticideChanges } from '../../apps/server/src/records/pesticides/plan-pesticide-changes';
import { importPesticideUses } from '../../apps/server/src/records/services/import-pesticide-uses';
import { repoRoot } from './server-process';
const count = 40000;
const sample = await fs.readFile(path.join(repoRoot, 'apps/server/src/records/test/pesticides_2022-08-01.csv'), 'utf8');
const sampleRows = sample.trimEnd().split('\n').slice(1);
function generatedFile(edition: number): string {
  const rows = Array.from({ length: count }, (_, n) => {
    const line = sampleRows[n % sampleRows.length] as string;
    const cells = line.slice(line.indexOf(',') + 1);
    const copy = Math.floor(n / sampleRows.length);
    return `${n},${cells} #${copy}${n % 10 === 0 ? ` 第${edition}版` : ''}`;
  });
  return [pesticideCsvHeader.join(','), ...rows].join('\n');
}
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-measure-'));
const app = await buildApp({ env: loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:3000', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO_CONTENT: 'false' }), web: false, logger: false });
try {
  const base = { fileName: 'p.csv', source: 'x', actor: { memberId: null, label: 'bench' } };
  await importPesticideUses(app.db, { ...base, content: generatedFile(1), snapshotDate: '2022-08-01', replace: true });
  const second = Buffer.from(generatedFile(2));
  const h = monitorEventLoopDelay({ resolution: 5 }); h.enable();
  let t = performance.now();
  const parsed = await parsePesticideFile(second);
  h.disable();
  console.log(`parse ${Math.round(performance.now() - t)} ms, loop delay max ${Math.round(h.max / 1e6)} ms p99 ${Math.round(h.percentile(99) / 1e6)}`);
  for (let i = 0; i < 2; i++) {
    t = performance.now();
    const uses = await listCurrentUses(app.db);
    console.log(`listCurrentUses ${uses.length} rows ${Math.round(performance.now() - t)} ms`);
  }
  const uses = await listCurrentUses(app.db);
  const h2 = monitorEventLoopDelay({ resolution: 5 }); h2.enable();
  t = performance.now();
  const plan = await planPesticideChanges(uses, parsed.accepted, 'replace');
  h2.disable();
  console.log(`plan ${Math.round(performance.now() - t)} ms, changed ${plan.changed.length}, loop max ${Math.round(h2.max / 1e6)} ms`);
  // a page read
  const { pesticideUses } = await import('../../apps/server/src/records/schema');
  const { gt, asc, and, isNull } = await import('drizzle-orm');
  t = performance.now();
  const page = await app.db.select().from(pesticideUses).where(and(isNull(pesticideUses.removedByImportId), gt(pesticideUses.id, 0))).orderBy(asc(pesticideUses.id)).limit(2000);
  console.log(`page of ${page.length}: ${Math.round(performance.now() - t)} ms`);
} finally { await app.close(); await fs.rm(dataDir, { recursive: true, force: true }); }
