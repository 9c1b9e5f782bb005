import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from './database';
import { emptyDatabase, firstMigrationsFolder, readJournalEntries } from './test/migration-folders';

/**
 * The last migration of the last release CI landed (the journal up to it, as that release had it):
 * a database it made must take every later migration, and none twice. Renumbering it after it
 * landed once left such a database with a re-run and a skipped migration (decision 0072).
 */
const lastLandedMigration = '0044_crop-lookup-covering-index';

// Migrations applied to databases older releases made, and the data their hand-written SQL moves.
// Under the test command they run in the PostgreSQL stage only, on PostgreSQL (vitest.config.ts,
// decision 0332); alone, on an embedded database in memory.
describe('migrations applied to older databases', () => {
  const cleanUps: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
  });

  async function database() {
    const made = await emptyDatabase();
    cleanUps.push(() => made.close());
    return made;
  }

  it('applies the later migrations, once each, to a database of the last landed release', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-landed-'));
    cleanUps.push(() => fs.rm(root, { recursive: true, force: true }));
    const journal = { entries: await readJournalEntries() };
    const landed = journal.entries.findIndex((entry) => entry.tag === lastLandedMigration) + 1;
    expect(landed).toBeGreaterThan(0);
    const client = await database();
    const { migrateWith } = client;
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
    // 0043: every gram index writes into the index itself, never a pending list a search reads whole.
    const grams = await client.query<{ relname: string; reloptions: string[] | null }>(
      `SELECT relname, reloptions FROM pg_class WHERE relname LIKE '%search_grams_idx' ORDER BY relname`,
    );
    expect(grams.rows).toHaveLength(7);
    for (const index of grams.rows) expect(index.reloptions, index.relname).toEqual(['fastupdate=false']);
  }, 120_000);

  it("keys the reading room's files to their uploads, cutting loose a row whose upload is gone (0028)", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-file-keys-'));
    cleanUps.push(() => fs.rm(root, { recursive: true, force: true }));
    const journal = { entries: await readJournalEntries() };
    const before = journal.entries.findIndex((entry) => entry.tag === '0028_reading-room-file-keys');
    expect(before).toBeGreaterThan(0);
    const client = await database();
    const { migrateWith } = client;
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
    const journal = { entries: await readJournalEntries() };
    const numberedThen = [
      ['0019_site-settings-in-admin', 1795682638623],
      ['0020_record-publication-and-pictures', 1795686184387],
      ['0021_reading-room-admin', 1795687608967],
      ['0022_pesticide-import-history', 1795688459802],
      ['0023_related-links-and-quick-start', 1795693619611],
    ] as const;
    const folder = await firstMigrationsFolder(root, 19);
    const oldJournal = { entries: await readJournalEntries(folder) };
    for (const [tag, when] of numberedThen) {
      await fs.copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
      oldJournal.entries.push({ idx: oldJournal.entries.length, version: '7', tag, when, breakpoints: true });
    }
    await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(oldJournal));

    const client = await database();
    const { migrateWith } = client;
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
    const journal = { entries: await readJournalEntries() };
    const before = journal.entries.findIndex((entry) => entry.tag === '0032_consultation-consent');
    expect(before).toBeGreaterThan(0);
    const client = await database();
    const { migrateWith } = client;
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

  // Decision 0246: each attachment keeps its number, so its download address stays the same.
  it('moves the news items’ pictures and attachments from JSON to rows, in order and under their numbers (0026)', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-news-0026-'));
    cleanUps.push(() => fs.rm(root, { recursive: true, force: true }));
    const before = (await readJournalEntries()).findIndex((entry) => entry.tag === '0026_reading-room-files');
    expect(before).toBeGreaterThan(0);
    const client = await database();
    await client.migrateWith(await firstMigrationsFolder(root, before));
    await client.exec(`
      INSERT INTO news (id, class, title, pics, files) VALUES
        (7, 'fruit', '有圖有附件', '[{"file":"reading-room/a.webp","alt":"第一張","width":480,"height":320},
                                    {"file":"reading-room/b.webp","alt":"第二張","width":640,"height":480}]',
                                   '[{"id":2,"name":"議程.pdf","key":"reading-room/news/7-2.pdf","size":1200},
                                     {"id":5,"name":"報名表.docx","key":"reading-room/news/7-5.docx","size":800}]'),
        (8, 'grain', '什麼都沒有', '[]', '[]');
    `);
    await client.migrateWith(migrationsFolder);
    const pictures = await client.query(
      'SELECT news_id, file, alt, width, height, sort, stored_file_id FROM news_pictures ORDER BY news_id, sort',
    );
    expect(pictures.rows).toEqual([
      {
        news_id: 7,
        file: 'reading-room/a.webp',
        alt: '第一張',
        width: 480,
        height: 320,
        sort: 0,
        stored_file_id: null,
      },
      {
        news_id: 7,
        file: 'reading-room/b.webp',
        alt: '第二張',
        width: 640,
        height: 480,
        sort: 1,
        stored_file_id: null,
      },
    ]);
    const files = await client.query(
      'SELECT news_id, number, storage_key, file_name, size, sort FROM news_files ORDER BY news_id, sort',
    );
    expect(files.rows).toEqual([
      { news_id: 7, number: 2, storage_key: 'reading-room/news/7-2.pdf', file_name: '議程.pdf', size: 1200, sort: 0 },
      {
        news_id: 7,
        number: 5,
        storage_key: 'reading-room/news/7-5.docx',
        file_name: '報名表.docx',
        size: 800,
        sort: 1,
      },
    ]);
    const columns = await client.query(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'news' AND column_name IN ('pics', 'files')",
    );
    expect(columns.rows).toEqual([]);
  }, 120_000);
});
