// Search benchmark: loads N synthetic records into a fresh database (PGlite in a temporary
// folder, or the PostgreSQL server named by TEST_DATABASE_URL) and prints the server-side
// latency of searchRecords for typical queries: p50 and p95 over every run of every query.
//   node --import tsx scripts/bench/search-bench.ts [--records 100000] [--rounds 20]
// Prints figures only; it asserts nothing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/platform/database/database';
import { records, recordSearch } from '../../apps/server/src/records/schema';
import { recordRows } from '../../apps/server/src/records/services/create-record';
import { searchRecords } from '../../apps/server/src/records/services/search-records';
import { suggestRecords } from '../../apps/server/src/records/services/suggest-records';
import { InProcessInvalidation } from '../../apps/server/src/platform/cache/invalidation';
import { SearchResultCache } from '../../apps/server/src/records/search/search-result-cache';
import { broadQueries, typicalQueries } from './search-terms';
import { generateSyntheticRecords } from './synthetic-records';

interface IndexRow {
  indexname: string;
  indexdef: string;
}

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function main() {
  const { values } = parseArgs({
    options: { records: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '20' } },
  });
  const count = Number(values.records);
  const rounds = Number(values.rounds);
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-search-bench-'));
  const handle = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
  const { db } = handle;
  const label = handle.driver === 'postgres' ? 'PostgreSQL' : 'PGlite';
  try {
    const loadStarted = performance.now();
    // Bulk load without the gram index and build it afterwards (the migration's definition):
    // building once is far faster than maintaining it row by row.
    const gramRows = (await db.execute(
      sql`select indexname, indexdef from pg_indexes where tablename = 'record_search' and indexdef like '%USING gin%'`,
    )) as unknown as { rows?: IndexRow[] } | IndexRow[];
    const gramIndexes = Array.isArray(gramRows) ? gramRows : (gramRows.rows ?? []);
    for (const row of gramIndexes) await db.execute(sql.raw(`drop index ${row.indexname}`));
    let batch: Array<ReturnType<typeof recordRows>> = [];
    const flush = async () => {
      const ids = await db
        .insert(records)
        .values(batch.map((row) => row.record))
        .returning({ id: records.id });
      await db.insert(recordSearch).values(batch.map((row, index) => ({ ...row.search, recordId: ids[index]!.id })));
      batch = [];
    };
    for (const record of generateSyntheticRecords(count)) {
      batch.push(recordRows(record));
      if (batch.length === 1000) await flush();
    }
    if (batch.length > 0) await flush();
    for (const row of gramIndexes) await db.execute(sql.raw(row.indexdef));
    await db.execute(sql`vacuum analyze records`);
    await db.execute(sql`vacuum analyze record_search`);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    console.log(`${label}: loaded ${count.toLocaleString('en')} synthetic records in ${loadSeconds.toFixed(1)} s`);

    const types = ['pest', 'beneficial', 'disease', 'mite'] as const;
    const run = (term: string) => searchRecords(db, { term, types: [...types], page: 1, pageSize: 10 });
    // Warm-up: the first run of each query pays for planning and cold pages.
    for (const term of [...typicalQueries, ...broadQueries]) await run(term);

    const measure = async (queries: string[], label: string, showEach: boolean) => {
      const all: number[] = [];
      for (const term of queries) {
        const times: number[] = [];
        let total = 0;
        for (let round = 0; round < rounds; round += 1) {
          const started = performance.now();
          total = (await run(term)).total;
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        all.push(...times);
        if (showEach) {
          const width = 22 - [...term].filter((c) => c.charCodeAt(0) > 0x2e80).length;
          console.log(
            `  ${term.padEnd(width)} ${String(total).padStart(6)} matches   p50 ${percentile(times, 0.5).toFixed(2).padStart(7)} ms   max ${(times.at(-1) ?? 0).toFixed(2).padStart(7)} ms`,
          );
        }
      }
      all.sort((a, b) => a - b);
      console.log(
        `${label}: ${queries.length} queries × ${rounds}: p50 ${percentile(all, 0.5).toFixed(2)} ms, p95 ${percentile(all, 0.95).toFixed(2)} ms`,
      );
      return all;
    };
    console.log(`${label}: typical queries, each run in the database (no result cache):`);
    await measure(typicalQueries, `${label} typical search, server-side (target p95 < 20 ms)`, true);
    console.log(`${label}: single-character queries (match a large part of the collection):`);
    await measure(broadQueries, `${label} single-character search`, true);

    // The service the pages and /searchResult call keeps recent answers; repeated terms and paging hit it.
    const cache = new SearchResultCache(new InProcessInvalidation());
    const cachedTimes: number[] = [];
    for (const term of [...typicalQueries, ...broadQueries])
      await cache.get({ term, types: [...types], page: 1, pageSize: 10 }, (input) => searchRecords(db, input));
    for (let round = 0; round < rounds; round += 1) {
      for (const term of [...typicalQueries, ...broadQueries]) {
        const started = performance.now();
        await cache.get({ term, types: [...types], page: 1, pageSize: 10 }, (input) => searchRecords(db, input));
        cachedTimes.push(performance.now() - started);
      }
    }
    cachedTimes.sort((a, b) => a - b);
    console.log(
      `${label}: repeated searches answered by the result cache: p50 ${percentile(cachedTimes, 0.5).toFixed(3)} ms, p95 ${percentile(cachedTimes, 0.95).toFixed(3)} ms`,
    );

    const suggestTimes: number[] = [];
    for (const term of ['斜紋夜娥', '薊媽', '炭蛆病', 'spodoptra', '番茄晚疫']) {
      for (let round = 0; round < rounds; round += 1) {
        const started = performance.now();
        await suggestRecords(db, term);
        suggestTimes.push(performance.now() - started);
      }
    }
    suggestTimes.sort((a, b) => a - b);
    console.log(
      `${label}: suggestions for misspelt names (run only when a search finds nothing): p50 ${percentile(suggestTimes, 0.5).toFixed(2)} ms, p95 ${percentile(suggestTimes, 0.95).toFixed(2)} ms`,
    );
  } finally {
    await handle.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
