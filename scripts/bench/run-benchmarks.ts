// npm run bench [-- --records 100000 --rounds 20 --seconds 10 --only search|detail]
// Runs the benchmarks one after another, each in its own process, and prints their figures:
//   1. search over N synthetic records on the embedded database (PGlite),
//   2. the same on a throwaway PostgreSQL 15 (scripts/with-postgres.mjs),
//   3. the detail page against a static file of the same size (needs `npm run build`).
// Figures only: nothing here passes or fails on a number.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    only: { type: 'string' },
  },
});

function run(title: string, command: string[]): boolean {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command[0] as string, command.slice(1), { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) console.log(`(${title} ended with exit code ${result.status ?? result.signal})`);
  return result.status === 0;
}

const tsx = [process.execPath, '--import', 'tsx'];
const searchArgs = ['scripts/bench/search-bench.ts', '--records', values.records, '--rounds', values.rounds];
let ok = true;
if (!values.only || values.only === 'search') {
  ok = run('Search, embedded database (PGlite)', [...tsx, ...searchArgs]) && ok;
  ok = run('Search, PostgreSQL 15', [process.execPath, 'scripts/with-postgres.mjs', ...tsx, ...searchArgs]) && ok;
}
if (!values.only || values.only === 'detail') {
  if (existsSync(path.join(repoRoot, 'apps/web/build/server/index.js'))) {
    ok =
      run('Detail page vs static file', [...tsx, 'scripts/bench/detail-page-bench.ts', '--seconds', values.seconds]) &&
      ok;
  } else {
    console.log('\n=== Detail page vs static file ===\nskipped: no web build (run `npm run build` first)');
  }
}
process.exitCode = ok ? 0 : 1;
