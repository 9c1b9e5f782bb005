import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Env } from '../../config/env';
import { DataFolderLockedError } from '../database/data-folder-lock';
import { dataFolderLockPath, openDatabase } from '../database/database';
import { createFileStorage } from '../storage/create-file-storage';
import { regeneratedKeyPrefix } from '../storage/file-storage';
import {
  appliedMigration,
  appVersion,
  BackupError,
  filesFolder,
  manifestFile,
  sha256OfFile,
  type BackupManifest,
} from './backup-manifest';
import { requestEmbeddedDump } from './embedded-backup-request';
import { exportRows } from './portable-rows';
import { runPgProgram } from './pg-binaries';

async function assertEmptyFolder(dir: string) {
  const entries = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0) throw new BackupError(`${dir} is not empty: give a new folder for each backup.`);
  await fs.mkdir(dir, { recursive: true });
}

/** The embedded database: asks the running server for its copy, or opens the folder under its lock. */
async function dumpEmbedded(pgliteDir: string, target: string, portable: boolean) {
  const exists = await fs.stat(pgliteDir).catch(() => null);
  if (!exists) throw new BackupError(`There is no embedded database in ${pgliteDir}.`);
  let handle;
  try {
    handle = await openDatabase({ pgliteDir, migrate: false });
  } catch (error) {
    if (!(error instanceof DataFolderLockedError)) throw error;
    const owner = JSON.parse(await fs.readFile(dataFolderLockPath(pgliteDir), 'utf8')) as { pid: number };
    const result = await requestEmbeddedDump(pgliteDir, owner.pid, target, portable);
    if (!result.migration) throw new BackupError(`The server could not write the copy: ${result.error}`);
    return result.migration;
  }
  try {
    const migration = await appliedMigration(handle.db);
    if (portable) await exportRows(handle.db, target);
    else await fs.writeFile(target, Buffer.from(await (await handle.dumpEmbedded!()).arrayBuffer()));
    return migration;
  } finally {
    await handle.close();
  }
}

async function dumpPostgres(databaseUrl: string, target: string, portable: boolean, environment: NodeJS.ProcessEnv) {
  const handle = await openDatabase({ databaseUrl, pgliteDir: '', migrate: false });
  let migration;
  try {
    migration = await appliedMigration(handle.db);
    if (portable) await exportRows(handle.db, target);
  } finally {
    await handle.close();
  }
  if (portable) return migration;
  // pg_dump reads everything in one repeatable-read snapshot: consistent while the site writes.
  await runPgProgram('pg_dump', databaseUrl, ['--format=custom', `--file=${target}`], environment);
  return migration;
}

/**
 * Writes a backup of the database and the stored files into `dir` (a new or empty folder) while the site runs
 * (decisions 0321, 0322).
 */
export async function writeBackup(
  env: Env,
  dir: string,
  options: { portable?: boolean; environment?: NodeJS.ProcessEnv } = {},
): Promise<BackupManifest> {
  const environment = options.environment ?? process.env;
  const portable = options.portable ?? false;
  await assertEmptyFolder(dir);
  const embedded = !env.DATABASE_URL;
  const format: BackupManifest['database']['format'] = portable
    ? 'rows'
    : embedded
      ? 'pglite-datadir'
      : 'pg_dump-custom';
  const databaseFile = {
    rows: 'database.rows.gz',
    'pglite-datadir': 'database.tar.gz',
    'pg_dump-custom': 'database.dump',
  }[format];
  const databasePath = path.join(dir, databaseFile);
  const migration = embedded
    ? await dumpEmbedded(path.join(path.resolve(env.dataDir), 'db'), databasePath, portable)
    : await dumpPostgres(env.DATABASE_URL!, databasePath, portable, environment);

  const storage = createFileStorage(env);
  const files: BackupManifest['files'] = [];
  try {
    for await (const key of storage.list()) {
      if (key.startsWith(regeneratedKeyPrefix)) continue;
      const target = path.join(dir, filesFolder, ...key.split('/'));
      await fs.mkdir(path.dirname(target), { recursive: true });
      const hash = createHash('sha256');
      let size = 0;
      const hasher = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(storage.read(key), hasher, createWriteStream(target));
      } catch (error) {
        // Removed since the listing (a replaced picture let go): the copy's rows no longer name it.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          await fs.rm(target, { force: true });
          continue;
        }
        throw error;
      }
      files.push({ key, sha256: hash.digest('hex'), size });
    }
  } finally {
    storage.destroy?.();
  }
  files.sort((a, b) => a.key.localeCompare(b.key));

  const manifest: BackupManifest = {
    manifestVersion: 1,
    createdAt: new Date().toISOString(),
    appVersion: await appVersion(),
    database: {
      format,
      file: databaseFile,
      ...(await sha256OfFile(databasePath)),
    },
    migration,
    files,
  };
  await fs.writeFile(path.join(dir, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
