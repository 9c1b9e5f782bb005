import fs from 'node:fs/promises';
import path from 'node:path';
import { createEmptyPostgresDatabase } from './empty-postgres-database';
import { migrationsFolder } from '../database';

export interface JournalEntry {
  idx: number;
  version: string;
  tag: string;
  when: number;
  breakpoints: boolean;
}

/** The journal of this repository's migrations folder. */
export async function readJournalEntries(folder = migrationsFolder): Promise<JournalEntry[]> {
  return (
    JSON.parse(await fs.readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }
  ).entries;
}

/** A migrations folder inside `root` holding only the first `count` migrations, as an older release had. */
export async function firstMigrationsFolder(root: string, count: number): Promise<string> {
  const folder = path.join(root, `first-${count}-migrations`);
  await fs.mkdir(path.join(folder, 'meta'), { recursive: true });
  const entries = (await readJournalEntries()).slice(0, count);
  for (const { tag } of entries) {
    await fs.copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ entries }));
  return folder;
}

/** An empty database to migrate step by step; `close` drops or closes it. */
export interface EmptyDatabase {
  /** Its connection string, on PostgreSQL. */
  url?: string;
  query<Row>(statement: string): Promise<{ rows: Row[] }>;
  /** Several statements at once, without parameters. */
  exec(statements: string): Promise<void>;
  migrateWith(folder: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL when set (the test command's
 * PostgreSQL stage), else an embedded PGlite database in memory.
 */
export async function emptyDatabase(): Promise<EmptyDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const database = await createEmptyPostgresDatabase(serverUrl, 'migrations');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    return {
      url: database.url,
      query: async <Row>(statement: string) => ({ rows: (await client.query(statement)).rows as Row[] }),
      exec: async (statements) => {
        await client.query(statements);
      },
      migrateWith: (folder) => migrate(drizzle(client), { migrationsFolder: folder }),
      close: async () => {
        await client.end();
        await database.drop();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create({ extensions: { pg_trgm } });
  return {
    query: async <Row>(statement: string) => ({ rows: (await client.query<Row>(statement)).rows }),
    exec: async (statements) => {
      await client.exec(statements);
    },
    migrateWith: (folder) => migrate(drizzle(client), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}
