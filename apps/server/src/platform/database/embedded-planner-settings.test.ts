import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

// The embedded database only: a PostgreSQL server's planner settings are its operator's.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database’s planner (decision 0457)', () => {
  let root: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-planner-'));
    handle = await openDatabase({ pgliteDir: path.join(root, 'db'), migrate: false });
    // An admin list's table (rows of about a member's width) and its search rows (decision 0441):
    // 100,000 rows, a keyword held by 4,000 — more than the 2,000 a list reads by id (decision 0443),
    // fewer than its count's 10,000.
    for (const statement of [
      sql`create table items (id integer primary key, created_at timestamptz not null, details text not null)`,
      sql`create table item_search (item_id integer not null, grams text[] not null)`,
      sql`create index item_search_grams_idx on item_search using gin (grams)`,
      sql`insert into items select g, now() - g * interval '1 minute', repeat(md5(g::text), 4)
          from generate_series(1, 100000) g`,
      sql`insert into item_search select g, case when g % 25 = 0 then array['n:x', 'n:y'] else array['n:y'] end
          from generate_series(1, 100000) g`,
      sql`analyze`,
    ])
      await handle.db.execute(statement);
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('probes a keyword’s few thousand rows by key instead of walking the whole list', async () => {
    const plan = await handle.db.transaction(async (tx) => {
      // As the admin lists run (throughGramIndex, decision 0382).
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain (format json)
        select id from items where id in (select item_id from item_search where grams @> array['n:x'])
        order by created_at desc, id desc limit 20 offset 40`);
      const [row] = (result as unknown as { rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }> }).rows;
      return row!['QUERY PLAN'][0]!.Plan;
    });
    const itemReads = nodesOf(plan).filter((node) => node['Relation Name'] === 'items');
    expect(itemReads.length).toBe(1);
    // Each match looked up by its id, not every item read in id or time order and joined.
    expect(itemReads[0]!['Index Cond']).toMatch(/id = /);
    expect(nodesOf(plan).some((node) => node['Node Type'] === 'Hash Join')).toBe(false);
  });

  it('keeps the settings it starts with', async () => {
    const setting = async (name: string) =>
      ((await handle.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Array<Record<string, string>> })
        .rows[0]?.[name];
    expect(await setting('random_page_cost')).toBe('1.1');
    expect(await setting('shared_buffers')).toBe('32MB');
  });
});
