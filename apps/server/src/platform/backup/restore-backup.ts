import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Env } from '../../config/env';
import { lockDataFolder } from '../database/data-folder-lock';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import {
  dataFolderLockPath,
  migrationsFolder,
  openDatabase,
  withStartupLock,
  type Database,
  type DatabaseHandle,
} from '../database/database';
import { createFileStorage } from '../storage/create-file-storage';
import {
  assertMigrationKnown,
  BackupError,
  filesFolder,
  readManifest,
  verifyBackup,
  type BackupManifest,
} from './backup-manifest';
import { exportRows, importRows, migrationsUpTo } from './portable-rows';
import { runPgProgram } from './pg-binaries';

export interface RestoreOptions {
  /** Replace a database or file store that already holds something. */
  force?: boolean;
  environment?: NodeJS.ProcessEnv;
}

const notEmpty = (what: string) =>
  new BackupError(`${what} is not empty: restore into an empty one, or add --force to replace what is there.`);

/** Unpacks the embedded database's tarball into `pgliteDir` (which must not hold a database). */
async function loadEmbedded(pgliteDir: string, tarball: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create(pgliteDir, {
    loadDataDir: new Blob([await fs.readFile(tarball)]),
    extensions: { pg_trgm },
  });
  await client.close();
}

async function userTableCount(handle: DatabaseHandle): Promise<number> {
  const result = await handle.db.execute<{ count: string }>(
    sql`SELECT count(*) AS count FROM information_schema.tables
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  return Number((result as unknown as { rows: Array<{ count: string }> }).rows[0]?.count ?? 0);
}

/** Empties a PostgreSQL database the operator asked to replace (--force). */
async function emptyPostgres(handle: DatabaseHandle) {
  const result = await handle.db.execute<{ name: string }>(
    sql`SELECT nspname AS name FROM pg_namespace
        WHERE nspname NOT LIKE 'pg\_%' AND nspname NOT IN ('information_schema', 'public')`,
  );
  for (const { name } of (result as unknown as { rows: Array<{ name: string }> }).rows) {
    await handle.db.execute(sql.raw(`DROP SCHEMA "${name.replaceAll('"', '""')}" CASCADE`));
  }
  await handle.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await handle.db.execute(sql`CREATE SCHEMA public`);
}

/** Builds the schema of `tag` (or the latest) and loads a portable copy's rows into it. */
async function loadRows(db: Database, driver: DatabaseHandle['driver'], rowsFile: string, tag: string | null) {
  const folder = tag ? await migrationsUpTo(tag) : migrationsFolder;
  try {
    if (driver === 'postgres') {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(db as unknown as NodePgDatabase, { migrationsFolder: folder });
    } else {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db as unknown as PgliteDatabase, { migrationsFolder: folder });
    }
    await importRows(db, rowsFile);
  } finally {
    if (tag) await fs.rm(folder, { recursive: true, force: true });
  }
}

/** An embedded database's folder restored into PostgreSQL (decision 0323). */
async function moveEmbeddedInto(target: Database, tarball: string) {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-restore-'));
  try {
    const pgliteDir = path.join(scratch, 'db');
    await loadEmbedded(pgliteDir, tarball);
    const source = await openDatabase({ pgliteDir });
    try {
      await exportRows(source.db, path.join(scratch, 'rows.gz'));
    } finally {
      await source.close();
    }
    await loadRows(target, 'postgres', path.join(scratch, 'rows.gz'), null);
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

async function restoreIntoPostgres(
  databaseUrl: string,
  dir: string,
  manifest: BackupManifest,
  options: RestoreOptions,
  environment: NodeJS.ProcessEnv,
) {
  const target = await openDatabase({ databaseUrl, pgliteDir: '', migrate: false });
  const file = path.join(dir, manifest.database.file);
  try {
    // Under the start-up lock: a server started meanwhile waits, then finds the database restored
    // (and the migrations here are not openDatabase's, which would wait for this very lock).
    await withStartupLock(target.db, 'postgres', async () => {
      if ((await userTableCount(target)) > 0) {
        if (!options.force) throw notEmpty('The PostgreSQL database');
        await emptyPostgres(target);
      }
      if (manifest.database.format === 'pg_dump-custom') {
        await runPgProgram(
          'pg_restore',
          databaseUrl,
          ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', file],
          environment,
        );
      } else if (manifest.database.format === 'rows') {
        await loadRows(target.db, 'postgres', file, manifest.migration.tag);
      } else {
        await moveEmbeddedInto(target.db, file);
      }
    });
  } finally {
    await target.close();
  }
}

async function restoreIntoEmbedded(pgliteDir: string, dir: string, manifest: BackupManifest, options: RestoreOptions) {
  if (manifest.database.format === 'pg_dump-custom') {
    throw new BackupError(
      'This is a PostgreSQL backup: it restores into PostgreSQL only. Set DATABASE_URL to an empty database.',
    );
  }
  // The folder's lock keeps a server from opening it while it is replaced.
  const lock = lockDataFolder(dataFolderLockPath(pgliteDir));
  try {
    const entries = await fs.readdir(pgliteDir).catch(() => []);
    if (entries.length > 0) {
      if (!options.force) throw notEmpty(`The data folder's database (${pgliteDir})`);
      await fs.rm(pgliteDir, { recursive: true, force: true });
    }
  } finally {
    lock.release();
  }
  const file = path.join(dir, manifest.database.file);
  if (manifest.database.format === 'pglite-datadir') {
    const hold = lockDataFolder(dataFolderLockPath(pgliteDir));
    try {
      await loadEmbedded(pgliteDir, file);
    } finally {
      hold.release();
    }
    return;
  }
  const handle = await openDatabase({ pgliteDir, migrate: false });
  try {
    await loadRows(handle.db, 'pglite', file, manifest.migration.tag);
  } finally {
    await handle.close();
  }
}

/** Restores a backup `writeBackup` wrote into the database and file store `env` names (decision 0321). */
export async function restoreBackup(env: Env, dir: string, options: RestoreOptions = {}): Promise<BackupManifest> {
  const environment = options.environment ?? process.env;
  const manifest = await readManifest(dir);
  await assertMigrationKnown(manifest);
  await verifyBackup(dir, manifest);

  const storage = createFileStorage(env);
  try {
    let storedAlready = false;
    for await (const key of storage.list()) {
      void key;
      storedAlready = true;
      break;
    }
    if (storedAlready && !options.force) throw notEmpty('The file store');

    if (env.DATABASE_URL) await restoreIntoPostgres(env.DATABASE_URL, dir, manifest, options, environment);
    else await restoreIntoEmbedded(path.join(path.resolve(env.dataDir), 'db'), dir, manifest, options);

    if (storedAlready) {
      const keys: string[] = [];
      for await (const key of storage.list()) keys.push(key);
      for (const key of keys) await storage.remove(key);
    }
    for (const file of manifest.files) {
      await storage.put(file.key, createReadStream(path.join(dir, filesFolder, ...file.key.split('/'))));
    }
  } finally {
    storage.destroy?.();
  }
  return manifest;
}
