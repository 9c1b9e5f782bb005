import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadEnv } from '../../config/env';
import { migrationsFolder, openDatabase } from './database';

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

/**
 * The last migration of the last release CI landed (the journal up to it, as that release had it):
 * a database it made must take every later migration, and none twice. Renumbering it after it
 * landed once left such a database with a re-run and a skipped migration (decision 0072).
 */
const lastLandedMigration = '0033_personal-data-rights';

/** A migrations folder holding only the first `count` migrations, as a released version had. */
async function firstMigrationsFolder(root: string, count = firstMigrations): Promise<string> {
  const folder = path.join(root, `first-${count}-migrations`);
  await fs.mkdir(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  journal.entries = journal.entries.slice(0, count);
  for (const { tag } of journal.entries) {
    await fs.copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  return folder;
}

/** Creates the database of the first version: only the first migrations, then its rows. */
async function createFirstVersionDatabase(options: { root: string; pgliteDir: string; databaseUrl?: string }) {
  const folder = await firstMigrationsFolder(options.root);
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
    const { default: pg } = await import('pg');
    const name = `upgrade_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanUps.push(async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.href;
  }

  /** An empty PGlite database in memory, closed after the test; `migrateWith` applies a migrations folder. */
  async function inMemoryDatabase() {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = await PGlite.create({ extensions: { pg_trgm } });
    cleanUps.push(() => client.close());
    return { client, migrateWith: (folder: string) => migrate(drizzle(client), { migrationsFolder: folder }) };
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
  }, 120_000);

  it('applies the later migrations, once each, to a database of the last landed release', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-landed-'));
    cleanUps.push(() => fs.rm(root, { recursive: true, force: true }));
    const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    const landed = journal.entries.findIndex((entry) => entry.tag === lastLandedMigration) + 1;
    expect(landed).toBeGreaterThan(0);
    const { client, migrateWith } = await inMemoryDatabase();
    await migrateWith(await firstMigrationsFolder(root, landed));
    await migrateWith(migrationsFolder);
    const applied = await client.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]?.count).toBe(journal.entries.length);
    // A table of the landed migration itself, made once (a re-run would have failed above).
    const tables = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_name IN ('news_files', 'news_pictures')`,
    );
    expect(tables.rows.map((row) => row.table_name).sort()).toEqual(['news_files', 'news_pictures']);
  }, 120_000);

  it("keys the reading room's files to their uploads, cutting loose a row whose upload is gone (0028)", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-file-keys-'));
    cleanUps.push(() => fs.rm(root, { recursive: true, force: true }));
    const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    const before = journal.entries.findIndex((entry) => entry.tag === '0028_reading-room-file-keys');
    expect(before).toBeGreaterThan(0);
    const { client, migrateWith } = await inMemoryDatabase();
    await migrateWith(await firstMigrationsFolder(root, before));
    // An IPM sheet whose PDF is a kept upload, with one file whose upload the cleanup removed.
    const kept = '11111111-1111-4111-8111-111111111111';
    const gone = '22222222-2222-4222-8222-222222222222';
    await client.exec(`
      INSERT INTO stored_files (id, sha256, storage_key, size, source_type, content_type, file_name, purpose,
                                uploader_hash, status, attached_at)
        VALUES ('${kept}', 'aa', 'uploads/aa.pdf', 10, 'document', 'application/pdf', '防治曆.pdf',
                'reading-room-pdf', 'staff', 'attached', now());
      INSERT INTO ipm_sheets (id, category, title, pdf_key, pdf_name, pdf_size, pdf_file_id)
        VALUES (900, '果樹', '升級前的防治曆', 'uploads/aa.pdf', '防治曆.pdf', 10, '${kept}');
      INSERT INTO ipm_files (ipm_id, storage_key, file_name, size, stored_file_id)
        VALUES (900, 'uploads/bb.pdf', '附件.pdf', 10, '${gone}');
      INSERT INTO carousels (title, pic, pic_width, pic_height, stored_file_id)
        VALUES ('升級前的橫幅', 'carousels/cc.jpg', 1600, 500, '${gone}');
      INSERT INTO system_settings (id, website_title, index_favicon, favicon_file_id)
        VALUES (1, '升級前的網站', 'site/favicon-dd.png', '${gone}');
    `);
    await migrateWith(migrationsFolder);

    const sheet = await client.query<{ pdf_file_id: string | null }>(
      'SELECT pdf_file_id FROM ipm_sheets WHERE id = 900',
    );
    expect(sheet.rows[0]?.pdf_file_id).toBe(kept);
    const file = await client.query<{ stored_file_id: string | null }>('SELECT stored_file_id FROM ipm_files');
    expect(file.rows).toEqual([{ stored_file_id: null }]);
    const slide = await client.query<{ stored_file_id: string | null }>('SELECT stored_file_id FROM carousels');
    expect(slide.rows).toEqual([{ stored_file_id: null }]);
    const settings = await client.query<{ favicon_file_id: string | null; index_favicon: string }>(
      'SELECT favicon_file_id, index_favicon FROM system_settings',
    );
    expect(settings.rows).toEqual([{ favicon_file_id: null, index_favicon: 'site/favicon-dd.png' }]);
    // The key holds from now on: an upload a sheet still names is never removed, nor a missing one named.
    const sqlStateOf = (statement: string) =>
      client.query(statement).then(
        () => 'done',
        (error: { code?: string }) => error.code,
      );
    expect(await sqlStateOf(`DELETE FROM stored_files WHERE id = '${kept}'`)).toBe('23503');
    expect(await sqlStateOf(`UPDATE ipm_files SET stored_file_id = '${gone}' WHERE ipm_id = 900`)).toBe('23503');
    expect(await sqlStateOf(`UPDATE carousels SET stored_file_id = '${gone}'`)).toBe('23503');
    expect(await sqlStateOf(`UPDATE system_settings SET favicon_file_id = '${gone}'`)).toBe('23503');
  }, 120_000);

  it('applies only the later migrations to a database made with the numbering of commit 3c3ce0d', async () => {
    // Session 7 numbered five migrations 0019–0023 (3c3ce0d) before the landed 0021 was put back
    // (decision 0072). Those files stay, byte for byte, beside the journal's names; a database made
    // with that numbering ran the same SQL, and takes what came after by the journal's timestamps.
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-3c3ce0d-'));
    cleanUps.push(() => fs.rm(root, { recursive: true, force: true }));
    const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ idx: number; tag: string; when: number }>;
    };
    const numberedThen = [
      ['0019_site-settings-in-admin', 1795682638623],
      ['0020_record-publication-and-pictures', 1795686184387],
      ['0021_reading-room-admin', 1795687608967],
      ['0022_pesticide-import-history', 1795688459802],
      ['0023_related-links-and-quick-start', 1795693619611],
    ] as const;
    const folder = await firstMigrationsFolder(root, 19);
    const oldJournal = JSON.parse(await fs.readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ idx: number; version: string; tag: string; when: number; breakpoints: boolean }>;
    };
    for (const [tag, when] of numberedThen) {
      await fs.copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
      oldJournal.entries.push({ idx: oldJournal.entries.length, version: '7', tag, when, breakpoints: true });
    }
    await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(oldJournal));

    const { client, migrateWith } = await inMemoryDatabase();
    await migrateWith(folder);
    await migrateWith(migrationsFolder);
    const applied = await client.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
    );
    const after = journal.entries.filter((entry) => entry.when > numberedThen[4][1]).length;
    expect(after).toBeGreaterThan(0);
    expect(applied.rows[0]?.count).toBe(oldJournal.entries.length + after);
    const tables = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_name IN ('news_files', 'admin_create_keys')`,
    );
    expect(tables.rows.map((row) => row.table_name).sort()).toEqual(['admin_create_keys', 'news_files']);
  }, 120_000);

  it('marks the consultation cases published before the consent question as such (0032)', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-consent-'));
    cleanUps.push(() => fs.rm(root, { recursive: true, force: true }));
    const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    const before = journal.entries.findIndex((entry) => entry.tag === '0032_consultation-consent');
    expect(before).toBeGreaterThan(0);
    const { client, migrateWith } = await inMemoryDatabase();
    await migrateWith(await firstMigrationsFolder(root, before));
    await client.exec(`
      INSERT INTO consultation_cases (id, status, asker_name, asker_email, asker_phone, county_id, county_name,
                                      township_name, crop_name, description, published_at)
        VALUES (901, 'answered', '林', 'a@example.org', '0912345678', '雲林縣', '雲林縣', '斗南鎮', '水稻', '…', now()),
               (902, 'answered', '陳', 'b@example.org', '0912345678', '雲林縣', '雲林縣', '斗南鎮', '水稻', '…', NULL);
    `);
    await migrateWith(migrationsFolder);
    const rows = await client.query<{ id: number; publish_consent: string; published: boolean }>(
      'SELECT id, publish_consent, published_at IS NOT NULL AS published FROM consultation_cases ORDER BY id',
    );
    expect(rows.rows).toEqual([
      { id: 901, publish_consent: 'prior-publication', published: true },
      { id: 902, publish_consent: 'none', published: false },
    ]);
  }, 120_000);
});
