// The ten-year databases are generated once and reused: a folder per generator version, scale and
// engine under scripts/bench/cache/ (ignored by git). It holds the server's data folder (the
// embedded database and the demo content's files) and, for PostgreSQL, a pg_dump of the database.
// Each run works on a copy, so a run never changes the cache.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/platform/database/database';
import { repoRoot, startServer } from './server-process';
import { fillTenYears, tenYearVersion } from './ten-year-fill';

const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

function run(program: string, args: string[]): void {
  const result = spawnSync(path.join(pgBin, program), args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${program} failed: ${result.stdout}${result.stderr}`);
}

export function tenYearCacheDir(engine: 'pglite' | 'postgres', scale: number): string {
  return path.join(repoRoot, 'scripts/bench/cache', `ten-year-v${tenYearVersion}-scale${scale}`, engine);
}

/** Builds the cache: the real server migrates and seeds the demo content, then the generator fills it. */
async function build(cacheDir: string, scale: number, databaseUrl: string | undefined): Promise<void> {
  const started = performance.now();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-ten-year-'));
  console.log(`ten-year: generating the data (scale ${scale}) into ${cacheDir}…`);
  const server = await startServer({ databaseUrl, dataDir });
  await server.stop();
  const handle = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
  try {
    await fillTenYears(handle.db, scale);
  } finally {
    await handle.close();
  }
  const partial = `${cacheDir}.partial`;
  await fs.rm(partial, { recursive: true, force: true });
  await fs.mkdir(partial, { recursive: true });
  if (databaseUrl)
    run('pg_dump', ['--format=custom', '--compress=1', `--file=${path.join(partial, 'dump.pgc')}`, databaseUrl]);
  await fs.cp(dataDir, path.join(partial, 'data'), { recursive: true });
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(cacheDir, { recursive: true, force: true });
  await fs.rename(partial, cacheDir);
  console.log(`ten-year: generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * A fresh data folder holding ten years of data, for the server's DATA_DIR: a copy of the cache
 * (built first when missing); on PostgreSQL the cached dump is restored into `databaseUrl`, which
 * must be an empty database.
 */
export async function tenYearDataDir(scale: number, databaseUrl: string | undefined): Promise<string> {
  const cacheDir = tenYearCacheDir(databaseUrl ? 'postgres' : 'pglite', scale);
  if (!existsSync(path.join(cacheDir, 'data'))) {
    await build(cacheDir, scale, databaseUrl);
    // The database built the cache: on PostgreSQL it already holds the data, so only the files are copied.
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-ten-year-'));
    await fs.cp(path.join(cacheDir, 'data'), dataDir, { recursive: true });
    return dataDir;
  }
  const started = performance.now();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-ten-year-'));
  await fs.cp(path.join(cacheDir, 'data'), dataDir, { recursive: true });
  if (databaseUrl) {
    run('pg_restore', ['--no-owner', '--jobs=2', `--dbname=${databaseUrl}`, path.join(cacheDir, 'dump.pgc')]);
    run('vacuumdb', ['--analyze-only', `--dbname=${databaseUrl}`]);
  }
  console.log(`ten-year: data folder ready from the cache in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return dataDir;
}
