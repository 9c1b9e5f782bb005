import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InvalidationService } from '../cache/invalidation';
import type { Database } from '../database/database';
import type { FileStorage } from '../storage/file-storage';

/** One part /readyz checks: `ok`, or what is wrong with it (short, no paths or secrets: the answer is public). */
export type PartState =
  | 'ok'
  | 'unreachable'
  | 'timeout'
  | 'missing migrations'
  | 'not writable'
  | 'not listening'
  | 'unknown';

export interface Readiness {
  ready: boolean;
  checks: { database: PartState; migrations: PartState; invalidation: PartState; storage: PartState };
  /** The migrations of the journal the database has not recorded (tags). */
  missingMigrations: string[];
}

/** The journal's migrations: each `when` is what drizzle records as `created_at` when it applies one. */
export function readMigrationJournal(migrationsFolder: string): Array<{ tag: string; when: number }> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

function withinTime<T>(work: Promise<T>, partTimeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    // Rejected in the loop's check phase, after the poll phase has delivered any answer that came
    // while the loop was stalled: a busy process must not read as a part that timed out.
    timer = setTimeout(() => setImmediate(() => reject(new ReadinessTimeout())), partTimeoutMs);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

class ReadinessTimeout extends Error {}

let probeCounter = 0;

/** Checks the parts a server needs to answer. Why: decision 0345. */
export async function checkReadiness(options: {
  db: Database;
  invalidation: Pick<InvalidationService, 'isListening'>;
  storage: FileStorage;
  journal: ReadonlyArray<{ tag: string; when: number }>;
  /** How long one part may take before it counts as failing (READINESS_TIMEOUT_MS). */
  partTimeoutMs: number;
}): Promise<Readiness & { errors: Partial<Record<'database' | 'storage', unknown>> }> {
  const errors: Partial<Record<'database' | 'storage', unknown>> = {};
  const database = withinTime(
    options.db
      .execute(sql`SELECT created_at FROM drizzle.__drizzle_migrations`)
      .then((result) => (result as unknown as { rows: Array<{ created_at: string | number }> }).rows),
    options.partTimeoutMs,
  );
  const storage = withinTime(writeProbe(options.storage), options.partTimeoutMs);
  const [applied, written] = await Promise.allSettled([database, storage]);
  let missingMigrations: string[] = [];
  let databaseState: PartState = 'ok';
  let migrationsState: PartState = 'ok';
  if (applied.status === 'fulfilled') {
    const recorded = new Set(applied.value.map((row) => Number(row.created_at)));
    missingMigrations = options.journal.filter((entry) => !recorded.has(entry.when)).map((entry) => entry.tag);
    if (missingMigrations.length > 0) migrationsState = 'missing migrations';
  } else {
    errors.database = applied.reason;
    databaseState = applied.reason instanceof ReadinessTimeout ? 'timeout' : 'unreachable';
    migrationsState = 'unknown';
  }
  let storageState: PartState = 'ok';
  if (written.status === 'rejected') {
    errors.storage = written.reason;
    storageState = written.reason instanceof ReadinessTimeout ? 'timeout' : 'not writable';
  }
  const checks = {
    database: databaseState,
    migrations: migrationsState,
    invalidation: options.invalidation.isListening ? ('ok' as const) : ('not listening' as const),
    storage: storageState,
  };
  return { ready: Object.values(checks).every((state) => state === 'ok'), checks, missingMigrations, errors };
}

/** Writes and removes a small file: the storage's own check when it has one (the local folder must exist). */
async function writeProbe(storage: FileStorage): Promise<void> {
  if (storage.checkWritable) return storage.checkWritable();
  probeCounter += 1;
  const key = `health/ready-${process.pid}-${probeCounter}`;
  await storage.put(key, Buffer.from('ready'));
  await storage.remove(key);
}
