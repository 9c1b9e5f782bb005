import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services use, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction handle has the same query API; services accept either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/**
 * Opens PostgreSQL when a connection string is given, otherwise the embedded PGlite database
 * persisted in `pgliteDir`, and applies the committed migrations.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  pgliteDir: string;
  /** An idle PostgreSQL connection was lost (server restart, administrator, network). */
  onConnectionError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // The pool re-emits an idle connection's error; unheard, an EventEmitter 'error' ends the
    // process. The pool has already dropped that connection and opens a new one when needed.
    pool.on(
      'error',
      options.onConnectionError ?? ((error) => console.warn(`database connection lost: ${error.message}`)),
    );
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Database, driver: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await fs.mkdir(path.dirname(options.pgliteDir), { recursive: true });
  const client = await PGlite.create(options.pgliteDir, { extensions: { pg_trgm } });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Database, driver: 'pglite', close: () => client.close() };
}
