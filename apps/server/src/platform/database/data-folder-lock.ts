import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Thrown when another live process holds the data folder; the message is one line for the operator. */
export class DataFolderLockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataFolderLockedError';
  }
}

export interface DataFolderLock {
  readonly path: string;
  /** Removes the lock file (only if it is still this process's); safe to call twice. */
  release(): void;
}

/** Who holds a lock: the pid, and the pid's start time so a reused pid is not taken for the holder. */
interface LockOwner {
  pid: number;
  /** Start time of the process in clock ticks since boot (Linux /proc); null elsewhere. */
  startTime: string | null;
  hostname: string;
  startedAt: string;
}

/** Locks held by this process: a second open from the same process must be refused too. */
const heldHere = new Set<string>();

/** A takeover that has not finished within this time was left by a process that died during it. */
const takeoverGraceMs = 10_000;

function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null; // field 22, starttime
  } catch {
    return null;
  }
}

function readOwner(file: string): LockOwner | null | 'missing' {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || !Number.isInteger(owner.pid) || owner.pid <= 0) return null;
    return {
      pid: owner.pid,
      startTime: typeof owner.startTime === 'string' ? owner.startTime : null,
      hostname: typeof owner.hostname === 'string' ? owner.hostname : '',
      startedAt: typeof owner.startedAt === 'string' ? owner.startedAt : '',
    };
  } catch {
    return null;
  }
}

/** Whether the process that wrote the lock still runs. Why: decision 0060. */
function ownerIsAlive(owner: LockOwner, file: string): boolean {
  if (owner.pid === process.pid) return heldHere.has(file);
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM: a process of another user has this pid; it is alive.
  }
  const current = processStartTime(owner.pid);
  if (owner.startTime !== null && current !== null) return current === owner.startTime;
  return true;
}

function lockedMessage(dataDir: string, owner: LockOwner | null): string {
  const who = owner
    ? `process ${owner.pid}${owner.hostname ? ` on ${owner.hostname}` : ''}${owner.startedAt ? `, started ${owner.startedAt}` : ''}`
    : 'another process';
  return (
    `The data folder ${dataDir} is in use by another server (${who}): ` +
    'stop that server first, or set DATA_DIR to another folder.'
  );
}

/** Removes a stale lock file, unless another starting process has replaced it meanwhile. */
function removeStaleLock(file: string, stale: string) {
  const mutex = `${file}.takeover`;
  try {
    fs.mkdirSync(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = Date.now() - (fs.statSync(mutex, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    if (age > takeoverGraceMs) fs.rmSync(mutex, { recursive: true, force: true });
    return; // another process is taking over right now; the caller tries again and sees its lock
  }
  try {
    let current: string | null = null;
    try {
      current = fs.readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (current === stale) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(mutex, { recursive: true, force: true });
  }
}

/**
 * Takes the lock file `file` for the life of this process, so that two servers (or a server and the import command)
 * never open the same embedded database. Why: decision 0060.
 */
export function lockDataFolder(file: string, dataDir = path.dirname(file)): DataFolderLock {
  const resolved = path.resolve(file);
  fs.mkdirSync(path.dirname(resolved), { recursive: true });
  const owner: LockOwner = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
  };
  const content = `${JSON.stringify(owner)}\n`;
  if (heldHere.has(resolved)) throw new DataFolderLockedError(lockedMessage(dataDir, owner));

  for (let attempt = 0; attempt < 5; attempt += 1) {
    const temporary = `${resolved}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(temporary, content);
    try {
      fs.linkSync(temporary, resolved);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let text: string;
      try {
        text = fs.readFileSync(resolved, 'utf8');
      } catch (readError) {
        if ((readError as NodeJS.ErrnoException).code === 'ENOENT') continue; // released meanwhile
        throw readError;
      }
      const holder = readOwner(resolved);
      if (holder === 'missing') continue;
      // A lock file that cannot be read as ours is left over from something else: it protects nothing.
      if (holder !== null && ownerIsAlive(holder, resolved)) {
        throw new DataFolderLockedError(lockedMessage(dataDir, holder));
      }
      removeStaleLock(resolved, text);
      continue;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
    heldHere.add(resolved);
    const releaseOnExit = () => release();
    const release = () => {
      if (!heldHere.delete(resolved)) return;
      process.off('exit', releaseOnExit);
      try {
        if (fs.readFileSync(resolved, 'utf8') === content) fs.rmSync(resolved, { force: true });
      } catch {
        // Already gone: nothing to release.
      }
    };
    // process.exit() skips the database's close hook; the lock must not outlive the process.
    process.on('exit', releaseOnExit);
    return { path: resolved, release };
  }
  throw new DataFolderLockedError(lockedMessage(dataDir, null));
}
