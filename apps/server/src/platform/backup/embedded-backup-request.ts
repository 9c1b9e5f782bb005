import fs from 'node:fs/promises';
import type { DatabaseHandle } from '../database/database';
import { appliedMigration } from './backup-manifest';
import { exportRows } from './portable-rows';

/** How the backup command reaches a running server on the embedded database (decision 0322). */
export function backupRequestPath(pgliteDir: string): string {
  return `${pgliteDir.replace(/[\\/]+$/, '')}.backup-request.json`;
}

export interface BackupRequestResult {
  migration?: { tag: string; createdAt: number };
  error?: string;
}

async function serveRequest(pgliteDir: string, handle: DatabaseHandle): Promise<void> {
  const requestFile = backupRequestPath(pgliteDir);
  let target: string;
  let portable: boolean;
  try {
    ({ target, portable } = JSON.parse(await fs.readFile(requestFile, 'utf8')) as {
      target: string;
      portable: boolean;
    });
    await fs.rm(requestFile, { force: true });
  } catch {
    return; // no request for this folder (another app in this process, or a stray signal)
  }
  let result: BackupRequestResult;
  try {
    const migration = await appliedMigration(handle.db);
    if (portable) await exportRows(handle.db, `${target}.partial`);
    else await fs.writeFile(`${target}.partial`, Buffer.from(await (await handle.dumpEmbedded!()).arrayBuffer()));
    await fs.rename(`${target}.partial`, target);
    result = { migration };
  } catch (error) {
    result = { error: (error as Error).message };
  }
  await fs.writeFile(`${target}.done.json`, JSON.stringify(result));
}

/** The open embedded databases of this process (tests open several), each served on the one signal. */
const listeners = new Set<() => void>();
const onSignal = () => {
  for (const listener of listeners) listener();
};

/** Answers backup requests while the embedded database is open; returns the function that stops it. */
export function listenForBackupRequests(
  pgliteDir: string,
  handle: () => DatabaseHandle | undefined,
  onError: (error: Error) => void,
) {
  const listener = () => {
    // Still migrating at start: the request waits for the command's next signal.
    const open = handle();
    if (open) serveRequest(pgliteDir, open).catch(onError);
  };
  if (listeners.size === 0) process.on('SIGUSR2', onSignal);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) process.off('SIGUSR2', onSignal);
  };
}

const waitLimitMs = 10 * 60_000;

/** Asks the server `pid` for a copy of its embedded database, written to `target`. */
export async function requestEmbeddedDump(pgliteDir: string, pid: number, target: string, portable: boolean) {
  await fs.rm(`${target}.done.json`, { force: true });
  await fs.writeFile(backupRequestPath(pgliteDir), JSON.stringify({ target, portable }));
  process.kill(pid, 'SIGUSR2');
  const began = Date.now();
  let signalledAt = began;
  for (;;) {
    const text = await fs.readFile(`${target}.done.json`, 'utf8').catch(() => null);
    if (text !== null) {
      await fs.rm(`${target}.done.json`, { force: true });
      return JSON.parse(text) as BackupRequestResult;
    }
    try {
      process.kill(pid, 0);
    } catch {
      throw new Error(`The server (process ${pid}) stopped before it wrote the copy; run the backup again.`);
    }
    if (Date.now() - began > waitLimitMs) {
      throw new Error('The server did not answer the backup request in 10 minutes.');
    }
    // A server still starting (migrating) ignores the signal until its database is open: ask again.
    if (Date.now() - signalledAt > 2000 && (await fs.stat(backupRequestPath(pgliteDir)).catch(() => null))) {
      process.kill(pid, 'SIGUSR2');
      signalledAt = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
