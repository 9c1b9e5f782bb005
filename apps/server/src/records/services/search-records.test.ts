import { recordTypes, type RecordType } from '@pest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { recordFixture, searchFixtures } from '../test/record-fixtures';
import { countRecords } from './count-records';
import { eq, sql } from 'drizzle-orm';
import { throughGramIndex } from '../../platform/search/through-gram-index';
import { recordSearch } from '../schema';
import { createRecords } from './create-record';
import { fillMissingSearchRows } from './fill-missing-search-rows';
import { searchRecords } from './search-records';
import { suggestRecords } from './suggest-records';

const allTypes = [...recordTypes];

describe('searchRecords and suggestRecords', () => {
  let test: TestApp;
  const search = (term: string, types: RecordType[] = allTypes, page = 1, pageSize = 10) =>
    searchRecords(test.app.db, { term, types, page, pageSize });
  const names = async (term: string, types: RecordType[] = allTypes) =>
    (await search(term, types)).items.map((item) => item.CName);

  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
    await createRecords(test.app.db, searchFixtures);
    // Ranking fixtures: one record per tier for the term "abc", plus a tie broken by name.
    await createRecords(test.app.db, [
      recordFixture({ cName: '乙abc', eName: 'tier two b' }),
      recordFixture({ cName: 'zz', harmDetail: '內文提到 abc 一次' }),
      recordFixture({ cName: 'yy', eName: 'the abcd mite' }),
      recordFixture({ cName: 'xx', aliases: ['別名abc'] }),
      recordFixture({ cName: '甲abc', eName: 'tier two a' }),
      recordFixture({ cName: 'abcd病', eName: 'prefix' }),
      recordFixture({ cName: 'abc' }),
    ]);
  }, 60_000);
  afterAll(() => test.close());

  it('reads a small search table through the gram index, not row by row (decision 0382)', async () => {
    const query = sql`explain select record_id from record_search
      where type collate "C" in ('pest', 'disease') and grams @> array['n:薊馬', 'b:薊馬']`;
    const plan = async (run: (db: typeof test.app.db) => Promise<unknown>) =>
      JSON.stringify(((await run(test.app.db)) as { rows: unknown[] }).rows);
    // Left to itself the embedded database's planner compares every row's array of grams.
    if (!process.env.TEST_DATABASE_URL) expect(await plan((db) => db.execute(query))).toContain('Seq Scan');
    const through = await plan((db) => throughGramIndex(db, (tx) => tx.execute(query)));
    expect(through).toContain('record_search_grams_idx');
    expect(through).not.toContain('Seq Scan');
  });

  it('ranks exact name, name prefix, name substring, alias, Latin, then body text; ties by name', async () => {
    expect(await names('abc')).toEqual(['abc', 'abcd病', '乙abc', '甲abc', 'xx', 'yy', 'zz']);
  });

  it('finds a Chinese name by any part of it, the exact name first, body mentions last', async () => {
    expect(await names('薊馬')).toEqual(['薊馬', '南黃薊馬', '臺灣花薊馬', '西方花薊馬', '小黑花椿象']);
    expect(await names('花')).toEqual(['小黑花椿象', '臺灣花薊馬', '西方花薊馬', '薊馬']);
    expect(await names('晚疫')).toEqual(['番茄晚疫病']);
  });

  it('treats 臺/台, other variants and Simplified input as the Traditional record', async () => {
    expect(await names('台灣花薊馬')).toEqual(['臺灣花薊馬']);
    expect(await names('台湾花蓟马')).toEqual(['臺灣花薊馬']);
    expect(await names('蓟马')).toEqual(await names('薊馬'));
    expect(await names('斜纹夜蛾')).toEqual(['斜紋夜蛾']);
    expect(await names('蕃茄')).toEqual(['番茄晚疫病']);
    expect(await names('二点叶螨')).toEqual(['二點葉蟎']);
  });

  it('matches English and scientific names case-insensitively, and aliases', async () => {
    expect(await names('SPODOPTERA litura')).toEqual(['斜紋夜蛾']);
    expect(await names('frankliniella')).toEqual(['臺灣花薊馬', '西方花薊馬']);
    expect(await names('Thrips')).toEqual(['薊馬', '南黃薊馬', '臺灣花薊馬', '西方花薊馬']);
    expect(await names('紅蜘蛛')).toEqual(['二點葉蟎']);
    expect(await names('two-spotted')).toEqual(['二點葉蟎']);
  });

  it('searches body text for terms of two or more characters', async () => {
    expect(await names('費洛蒙')).toEqual(['斜紋夜蛾']);
    expect(await names('葉蟎')).toEqual(['二點葉蟎', '小黑花椿象']);
  });

  it('filters by type', async () => {
    expect(await names('薊馬', ['beneficial'])).toEqual(['小黑花椿象']);
    expect(await names('病', ['disease'])).toEqual(['炭疽病', '番茄晚疫病']);
    expect(await search('薊馬', [])).toEqual({ total: 0, page: 1, items: [] });
  });

  it('pages through results and still counts past the last page', async () => {
    const second = await search('薊馬', allTypes, 2, 2);
    expect(second.total).toBe(5);
    expect(second.items.map((item) => item.CName)).toEqual(['臺灣花薊馬', '西方花薊馬']);
    const beyond = await search('薊馬', allTypes, 9, 2);
    expect(beyond).toEqual({ total: 5, page: 9, items: [] });
  });

  it('lists every record of the types by name for an empty term', async () => {
    const all = await search('', allTypes, 1, 100);
    expect(all.total).toBe(await countRecords(test.app.db));
    const diseases = await search('', ['disease'], 1, 100);
    expect(diseases.items.map((item) => item.CName)).toEqual(['炭疽病', '番茄晚疫病']);
  });

  it('returns summaries with type, class and no thumbnail when a record has no pictures', async () => {
    const [item] = (await search('炭疽病')).items;
    expect(item).toMatchObject({
      CName: '炭疽病',
      EName: 'Anthracnose',
      type: 'disease',
      diseaseClass: 'fungus',
      thumb: null,
    });
  });

  it('treats SQL, LIKE wildcards and HTML in a term as plain text', async () => {
    const before = await countRecords(test.app.db);
    expect((await search("'; drop table records; --")).total).toBe(0);
    expect((await search("薊馬' or '1'='1")).total).toBe(0);
    expect((await search('%')).total).toBe(0);
    expect((await search('_')).total).toBe(0);
    expect((await search('<script>alert(1)</script>')).total).toBe(0);
    expect(await countRecords(test.app.db)).toBe(before);
  });

  it('rechecks terms longer than the grams, so their runs found apart do not match', async () => {
    // Holds 甲乙丙 and 乙丙丁 (every three-character run of 甲乙丙丁) but never 甲乙丙丁 itself.
    await createRecords(test.app.db, [recordFixture({ cName: '長詞測試', harmDetail: '甲乙丙，乙丙丁。' })]);
    expect(await names('甲乙丙丁')).toEqual([]);
    expect(await names('甲乙丙')).toEqual(['長詞測試']);
    expect(await names('長詞測試')).toEqual(['長詞測試']);
  });

  it('fills in the search rows of records that have none (written before the search table)', async () => {
    const [id] = await createRecords(test.app.db, [recordFixture({ cName: '補建索引蟲' })]);
    await test.app.db.delete(recordSearch).where(eq(recordSearch.recordId, id!));
    expect(await names('補建索引')).toEqual([]);
    expect(await fillMissingSearchRows(test.app.db)).toBe(1);
    expect(await names('補建索引')).toEqual(['補建索引蟲']);
    expect(await fillMissingSearchRows(test.app.db)).toBe(0);
  });

  it('suggests the nearest names for a misspelt term', async () => {
    const suggestions = await suggestRecords(test.app.db, '斜紋夜娥');
    expect(suggestions[0]?.CName).toBe('斜紋夜蛾');
    expect((await suggestRecords(test.app.db, '南黃薊媽')).map((item) => item.CName)[0]).toBe('南黃薊馬');
    expect((await suggestRecords(test.app.db, 'Spodoptra litura'))[0]?.CName).toBe('斜紋夜蛾');
    expect(await suggestRecords(test.app.db, '！？')).toEqual([]);
    expect(await suggestRecords(test.app.db, 'qqqqq')).toEqual([]);
  });

  it('offers the nearest names in the search itself when asked and nothing matches, and only then', async () => {
    const search = (term: string, types: readonly RecordType[] = recordTypes) =>
      searchRecords(test.app.db, { term, types, page: 1, pageSize: 10, suggest: 5 });
    const misspelt = await search('斜紋夜娥');
    expect(misspelt.total).toBe(0);
    expect(misspelt.suggestions?.[0]?.CName).toBe('斜紋夜蛾');
    expect(misspelt.suggestions?.map((item) => item.id)).toEqual(
      (await suggestRecords(test.app.db, '斜紋夜娥')).map((item) => item.id),
    );
    // No type chosen: still the nearest names of every type, as the suggestion call gives them.
    expect((await search('斜紋夜娥', [])).suggestions?.[0]?.CName).toBe('斜紋夜蛾');
    const found = await search('斜紋夜蛾');
    expect(found.total).toBeGreaterThan(0);
    expect(found.suggestions).toBeUndefined();
    expect((await search('qqqqq')).suggestions).toEqual([]);
    // Not asked (the JSON call): no suggestions at all.
    expect(
      (await searchRecords(test.app.db, { term: '斜紋夜娥', types: recordTypes, page: 1, pageSize: 10 })).suggestions,
    ).toBeUndefined();
  });
});
