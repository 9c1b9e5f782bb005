import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as platformTables from './platform-schema';
import { listenForBackupRequests } from '../backup/embedded-backup-request';
import { lockDataFolder } from './data-folder-lock';
import { migrationsFolder } from './migrations-folder';
import { checkTransactionScope, outsideTransactionScope } from './transaction-scope-check';
import { embeddedDrizzleClient } from './embedded-drizzle-client';

/**
 * The tables the database type knows by name: the platform's only, so the platform names no feature.
 * Why: decision 0050.
 */
export type Schema = typeof platformTables;
/** The one database type the services use, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction handle has the same query API; services accept either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * The embedded database's folder as a gzipped tarball, taken between two queries after a
   * checkpoint (what the backup command writes, decision 0322); undefined on PostgreSQL.
   */
  dumpEmbedded?(): Promise<Blob>;
}

export { migrationsFolder };

/**
 * The PostgreSQL advisory lock every process takes around its one-time start-up work (migrating, seeding).
 * Why: decision 0314.
 */
const startupLockKeys = [0x70657374, 1] as const;

/** Runs `work` while this process holds the start-up lock (PostgreSQL). Why: decision 0314. */
export async function withStartupLock<T>(db: Database, driver: DatabaseHandle['driver'], work: () => Promise<T>) {
  if (driver === 'pglite') return work();
  // The lock lives in this transaction's session, released when it ends, however `work` ends;
  // `work` itself runs on the pool's other connections.
  let result: T | undefined;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${startupLockKeys[0]}, ${startupLockKeys[1]})`);
    result = await outsideTransactionScope(work);
  });
  return result as T;
}

/** The lock file of an embedded database: beside its folder, in the data folder. */
export function dataFolderLockPath(pgliteDir: string): string {
  return `${pgliteDir.replace(/[\\/]+$/, '')}.lock`;
}

/**
 * Opens PostgreSQL when a connection string is given, otherwise the embedded PGlite database persisted in
 * `pgliteDir`, and applies the committed migrations. Why: decision 0003.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  pgliteDir: string;
  /** The tables for Drizzle's relational queries (the registry's `appSchema`); the platform's own by default. */
  schema?: Record<string, unknown>;
  /** An idle PostgreSQL connection was lost (server restart, administrator, network). */
  onConnectionError?: (error: Error) => void;
  /** False for the backup command, which copies the database as it is (default true). */
  migrate?: boolean;
  /**
   * On PostgreSQL, refuse a query outside an open transaction from inside it, as the embedded
   * database cannot answer one (tests, decision 0333).
   */
  checkTransactionScope?: boolean;
}): Promise<DatabaseHandle> {
  const applyMigrations = options.migrate ?? true;
  const schema = { ...platformTables, ...options.schema };
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // The pool re-emits an idle connection's error; unheard, an EventEmitter 'error' ends the process.
    // Why: decision 0317.
    pool.on(
      'error',
      options.onConnectionError ?? ((error) => console.warn(`database connection lost: ${error.message}`)),
    );
    const db = drizzle(pool, { schema });
    if (options.checkTransactionScope) checkTransactionScope(db as unknown as Database, pool);
    try {
      if (applyMigrations) {
        await withStartupLock(db as unknown as Database, 'postgres', () => migrate(db, { migrationsFolder }));
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Database, driver: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await fs.mkdir(path.dirname(options.pgliteDir), { recursive: true });
  const lock = lockDataFolder(dataFolderLockPath(options.pgliteDir));
  // Every process that holds the folder answers the backup command from the moment it holds it (decision 0322).
  let opened: DatabaseHandle | undefined;
  const stopListening = listenForBackupRequests(
    options.pgliteDir,
    () => opened,
    (error) => console.error(`the backup request failed: ${error.message}`),
  );
  try {
    const client = await PGlite.create(options.pgliteDir, {
      extensions: { pg_trgm },
      // PostgreSQL's 128 MB of shared buffers live in the WebAssembly memory, which never shrinks
      // (decision 0055). Its pages are in memory or the system's file cache, where a random read costs
      // about what a sequential one does: with PostgreSQL's default (4, for spinning disks) the planner
      // walked a whole table rather than probe a few thousand rows by key (decision 0457).
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', '-c', 'random_page_cost=1.1'],
    });
    // Drizzle's result parsers held by the instance, and the event loop turning between queries
    // (decisions 0456, 0458).
    const db = drizzle(embeddedDrizzleClient(client), { schema });
    if (applyMigrations) {
      await migrate(db, { migrationsFolder }).catch(async (error: unknown) => {
        await client.close();
        throw error;
      });
    }
    const close = async () => {
      stopListening();
      try {
        await client.close();
      } finally {
        lock.release();
      }
    };
    const dumpEmbedded = async () => {
      // The checkpoint writes the shared buffers out, so the copy needs little WAL replay when opened.
      await client.query('CHECKPOINT');
      return client.dumpDataDir('gzip');
    };
    opened = { db: db as unknown as Database, driver: 'pglite', close, dumpEmbedded };
    return opened;
  } catch (error) {
    stopListening();
    lock.release();
    throw error;
  }
}
