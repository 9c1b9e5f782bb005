import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadEnv } from '../../config/env';
import { DataFolderLockedError, lockDataFolder } from './data-folder-lock';
import { buildTestApp } from '../../test/build-test-app';
import { dataFolderLockPath, openDatabase } from './database';

/** The pid of a process that has just exited: certainly not running any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('data folder lock', () => {
  const folders: string[] = [];
  const temporaryFolder = async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-lock-'));
    folders.push(folder);
    return folder;
  };
  afterEach(async () => {
    await Promise.all(folders.splice(0).map((folder) => fs.rm(folder, { recursive: true, force: true })));
  });

  // The lock guards the embedded database only: under TEST_DATABASE_URL the first app is on PostgreSQL.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'refuses a second server on the same data folder with one clear line, and frees it on close',
    async () => {
      const first = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
      const { dataDir } = first;
      const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO_CONTENT: 'false' });
      try {
        const second = buildApp({ env, web: false, logger: false });
        await expect(second).rejects.toThrow(DataFolderLockedError);
        const error = (await second.catch((caught: unknown) => caught)) as Error;
        expect(error.message).not.toContain('\n');
        expect(error.message).toContain(
          `The data folder ${dataDir} is in use by another server (process ${process.pid}`,
        );
        // The refused start left the first server's lock alone.
        await expect(openDatabase({ pgliteDir: path.join(dataDir, 'db') })).rejects.toThrow(DataFolderLockedError);
        await first.app.close();
        await expect(fs.stat(path.join(dataDir, 'db.lock'))).rejects.toThrow();
        // Migrations are not what is tested: the lock is taken before the database opens.
        const again = await openDatabase({ pgliteDir: path.join(dataDir, 'db'), migrate: false });
        await again.close();
      } finally {
        await first.close().catch(() => fs.rm(dataDir, { recursive: true, force: true }));
      }
    },
    120_000,
  );

  it('refuses a lock held by another live process', async () => {
    const dataDir = await temporaryFolder();
    const file = dataFolderLockPath(path.join(dataDir, 'db'));
    // The parent process (the test runner) is alive and is not this process.
    await fs.writeFile(file, JSON.stringify({ pid: process.ppid, startTime: null, hostname: 'h', startedAt: 'x' }));
    expect(() => lockDataFolder(file)).toThrow(`is in use by another server (process ${process.ppid} on h`);
    expect(await fs.readFile(file, 'utf8')).toContain(`"pid":${process.ppid}`);
  });

  it('takes over a lock left by a process that died (crash, SIGKILL)', async () => {
    const dataDir = await temporaryFolder();
    const pgliteDir = path.join(dataDir, 'db');
    const file = dataFolderLockPath(pgliteDir);
    await fs.writeFile(
      file,
      JSON.stringify({ pid: deadPid(), startTime: '1', hostname: os.hostname(), startedAt: '' }),
    );
    // Migrations are not what is tested: the lock is taken before the database opens.
    const handle = await openDatabase({ pgliteDir, migrate: false });
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toMatchObject({ pid: process.pid });
    await handle.close();
    await expect(fs.stat(file)).rejects.toThrow();
  }, 120_000);

  it('takes over a lock whose pid now belongs to another process (a restarted container reuses pids)', async () => {
    const dataDir = await temporaryFolder();
    const file = path.join(dataDir, 'db.lock');
    // The parent is alive, but it started at another time than the process that wrote this lock.
    await fs.writeFile(file, JSON.stringify({ pid: process.ppid, startTime: '1', hostname: 'h', startedAt: '' }));
    const lock = lockDataFolder(file);
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over a lock with this process’s own pid when it is not held here, and an unreadable one', async () => {
    const dataDir = await temporaryFolder();
    const file = path.join(dataDir, 'db.lock');
    await fs.writeFile(file, JSON.stringify({ pid: process.pid, startTime: null, hostname: 'h', startedAt: '' }));
    lockDataFolder(file).release();
    await fs.writeFile(file, 'not a lock');
    const lock = lockDataFolder(file);
    expect(() => lockDataFolder(file)).toThrow(DataFolderLockedError);
    lock.release();
    lock.release();
  });
});
