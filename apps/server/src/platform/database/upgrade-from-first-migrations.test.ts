import { createEmptyPostgresDatabase } from './test/empty-postgres-database';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadEnv } from '../../config/env';
import { openDatabase } from './database';
import { firstMigrationsFolder } from './test/migration-folders';

/** How many migrations the first released data folders ran (0000–0002: site, reading room, records). */
const firstMigrations = 3;

/**
 * Rows as the site wrote them at migration 0002: its demo seeds recorded as applied (so an
 * upgrade does not add the demo content again), a record without a search row (record_search
 * came with 0004), a YouTube video (clips came with 0003), a news item.
 */
const rowsOfTheFirstVersion = `
  INSERT INTO seed_runs (name) VALUES ('site-demo-v1'), ('reading-room-demo-v1'), ('records-demo-v1');
  INSERT INTO system_settings (id, website_title, description, keywords)
    VALUES (1, '舊版病蟲害資訊網', '升級前的網站', '病蟲害');
  INSERT INTO records (type, c_name, e_name, name, aliases, property, name_key, search_names, search_body)
    VALUES ('pest', '斜紋夜蛾', 'common cutworm', 'Spodoptera litura', '{夜盜蟲}', '幼蟲取食葉片',
            '斜紋夜蛾', '斜紋夜蛾 夜盜蟲', '幼蟲取食葉片');
  INSERT INTO videos (title, detail, youtube_id) VALUES ('舊版影片', '升級前加入的影片', 'dQw4w9WgXcQ');
  INSERT INTO news (class, title, summary, content) VALUES ('info', '舊版消息', '摘要', '<p>內容</p>');
`;

/** Creates the database of the first version: only the first migrations, then its rows. */
async function createFirstVersionDatabase(options: { root: string; pgliteDir: string; databaseUrl?: string }) {
  const folder = await firstMigrationsFolder(options.root, firstMigrations);
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
      await client.query(rowsOfTheFirstVersion);
    } finally {
      await client.end();
    }
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(options.pgliteDir, { extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder: folder });
    await client.exec(rowsOfTheFirstVersion);
  } finally {
    await client.close();
  }
}

describe('upgrading a database created by the first migrations', () => {
  const cleanUps: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
  });

  /** A fresh database: on the PostgreSQL server of TEST_DATABASE_URL when set, else PGlite. */
  async function freshDatabase(): Promise<string | undefined> {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return undefined;
    const database = await createEmptyPostgresDatabase(serverUrl, 'upgrade');
    cleanUps.push(() => database.drop());
    return database.url;
  }

  it('applies every later migration and the app starts and serves the old data', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-upgrade-'));
    cleanUps.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const pgliteDir = path.join(dataDir, 'db');
    const databaseUrl = await freshDatabase();
    await createFirstVersionDatabase({ root: dataDir, pgliteDir, ...(databaseUrl ? { databaseUrl } : {}) });

    // The real migrations, as the new version's start applies them.
    const handle = await openDatabase({ databaseUrl, pgliteDir });
    await handle.close();

    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const app = await buildApp({ env, web: false, logger: false });
    cleanUps.push(() => app.close());
    const call = async (name: string, payload: object) => {
      const response = await app.inject({ method: 'POST', url: `/api/info/${name}`, payload });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().d;
    };

    const settings = await app.inject({ method: 'GET', url: '/api/v1/system-settings/1' });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().data.website_title).toBe('舊版病蟲害資訊網');
    // Found through record_search (0004), filled in at start for records written before it.
    const found = await call('searchResult', { term: '夜盜蟲', ty: 'y,y,y,y' });
    expect(found.items.map((item: { CName: string }) => item.CName)).toEqual(['斜紋夜蛾']);
    const videos = await call('video', {});
    expect(videos).toEqual([expect.objectContaining({ title: '舊版影片' })]);
    // Two databases, every migration since the first and a whole app's start: on a busy 2-core
    // machine (the test command runs four stages at once) that outlasts the default 30 s.
  }, 300_000);
});
