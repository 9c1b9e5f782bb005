import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../platform/database/database';

/** The migrations before 0026, which kept a news item's pictures and attachments as JSON. */
async function migrationsBefore0026(root: string): Promise<string> {
  const folder = path.join(root, 'before-0026');
  await fs.mkdir(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  // 0026 is the journal's entry 24 (0019 and 0020 are unused numbers: the landed 0021 came first).
  journal.entries = journal.entries.filter((entry) => entry.idx < 24);
  for (const { tag } of journal.entries) {
    await fs.copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  return folder;
}

/**
 * Migration 0026 moves the news items' pictures and attachments from JSON to rows (decision 0246):
 * in their order, each attachment under its number, so its download address stays the same.
 */
describe('migration 0026: news pictures and attachments as rows', () => {
  let root = '';
  afterAll(async () => {
    if (root) await fs.rm(root, { recursive: true, force: true });
  });

  it('keeps every picture and attachment of the news items written before it', async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'news-0026-'));
    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: await migrationsBefore0026(root) });
      await client.exec(`
        INSERT INTO news (id, class, title, pics, files) VALUES
          (7, 'fruit', '有圖有附件', '[{"file":"reading-room/a.webp","alt":"第一張","width":480,"height":320},
                                      {"file":"reading-room/b.webp","alt":"第二張","width":640,"height":480}]',
                                     '[{"id":2,"name":"議程.pdf","key":"reading-room/news/7-2.pdf","size":1200},
                                       {"id":5,"name":"報名表.docx","key":"reading-room/news/7-5.docx","size":800}]'),
          (8, 'grain', '什麼都沒有', '[]', '[]');
      `);
      await migrate(db, { migrationsFolder });
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
    } finally {
      await client.close();
    }
  });
});
