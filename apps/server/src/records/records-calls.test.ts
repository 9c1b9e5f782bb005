import {
  apiErrorSchema,
  bugCountCall,
  bugHotCall,
  bugNewCall,
  bugPicListCall,
  infoResponse,
  loadDetailCall,
  pesticideCall,
  pesticideCropCall,
  pesticideCropsCall,
  pesticideSelCall,
  searchResultCall,
  searchSuggestionsCall,
} from '@pest/contracts';
import { and, count, eq } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { parsePesticideFile } from './pesticides/parse-pesticide-csv';
import { cropRecords } from '../crops/schema';
import { recordPictures, records } from './schema';
import { loadDemoOrganisms } from './seed/load-demo-organisms';
import { pesticideSample } from './seed/records-seed';

const demoOrganisms = await loadDemoOrganisms();

describe('records information-service calls', () => {
  let test: TestApp;
  const call = (name: string, payload?: unknown) =>
    test.app.inject({
      method: 'POST',
      url: `/api/info/${name}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const data = async <T extends z.ZodType>(name: string, payload: unknown, schema: T): Promise<z.output<T>> => {
    const response = await call(name, payload);
    expect(response.statusCode, response.body).toBe(200);
    return (infoResponse(schema).parse(response.json()) as { d: z.output<T> }).d;
  };
  const badRequest = async (name: string, payload: unknown) => {
    const response = await call(name, payload);
    expect(response.statusCode, response.body).toBe(400);
    return apiErrorSchema.parse(response.json()).error;
  };
  const idOf = async (cName: string) => {
    const [row] = await test.app.db.select({ id: records.id }).from(records).where(eq(records.cName, cName));
    if (!row) throw new Error(`no record ${cName}`);
    return row.id;
  };

  beforeAll(async () => {
    test = await buildTestApp();
  }, 120_000);
  afterAll(() => test.close());

  it('/bugCount counts the seeded records', async () => {
    expect(await data('bugCount', undefined, bugCountCall.data)).toBe(demoOrganisms.length);
    expect(await data('bugCount', {}, bugCountCall.data)).toBe(demoOrganisms.length);
  });

  it('keeps the count and the newest records until the lists change, without asking the database again (decision 0383)', async () => {
    await data('bugCount', {}, bugCountCall.data);
    const newest = await data('bugNew', {}, bugNewCall.data);
    const selects = vi.spyOn(test.app.db, 'select');
    expect(await data('bugCount', {}, bugCountCall.data)).toBe(demoOrganisms.length);
    expect(await data('bugNew', {}, bugNewCall.data)).toEqual(newest);
    expect(selects).not.toHaveBeenCalled();
    // A record shown renamed, or the lists changed: read again.
    await test.app.invalidation.publish([`record:${newest[0]?.id}`]);
    await data('bugNew', {}, bugNewCall.data);
    expect(selects).toHaveBeenCalled();
    selects.mockClear();
    await test.app.invalidation.publish(['records:list']);
    await data('bugCount', {}, bugCountCall.data);
    expect(selects).toHaveBeenCalled();
    selects.mockRestore();
  });

  it('/bugNew lists ten records, newest first', async () => {
    const newest = await data('bugNew', {}, bugNewCall.data);
    expect(newest).toHaveLength(10);
    const created = await test.app.db.select({ id: records.id, createdAt: records.createdAt }).from(records);
    const byId = new Map(created.map((row) => [row.id, row.createdAt.getTime()]));
    const times = newest.map((item) => byId.get(item.id) ?? 0);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('/bughot lists the most viewed, and /loadDetail counts a view once per visitor', async () => {
    const hot = await data('bughot', {}, bugHotCall.data);
    expect(hot).toHaveLength(10);
    const id = await idOf('炭疽病');
    const views = async () =>
      (await test.app.db.select({ views: records.views }).from(records).where(eq(records.id, id)))[0]?.views ?? 0;
    const before = await views();
    const load = (remoteAddress: string) =>
      test.app.inject({ method: 'POST', url: '/api/info/loadDetail', payload: { n1: id }, remoteAddress });
    // A loop of 50 requests from one client counts one view; a second client one more.
    for (let request = 0; request < 50; request += 1) expect((await load('203.0.113.77')).statusCode).toBe(200);
    await test.app.services.records.flushRecordViews();
    expect(await views()).toBe(before + 1);
    await load('198.51.100.77');
    await test.app.services.records.flushRecordViews();
    expect(await views()).toBe(before + 2);
    await test.app.db.update(records).set({ views: 1_000_000 }).where(eq(records.id, id));
    expect((await data('bughot', {}, bugHotCall.data))[0]?.CName).toBe('炭疽病');
  });

  it('keeps the hot list until this process saves views (decision 0411)', async () => {
    const first = (await data('bughot', {}, bugHotCall.data))[0];
    const id = await idOf('白粉病');
    await test.app.db.update(records).set({ views: 2_000_000 }).where(eq(records.id, id));
    // Not re-read on every page: a change no write reported waits for the next saved views.
    expect((await data('bughot', {}, bugHotCall.data))[0]?.CName).toBe(first?.CName);
    await test.app.inject({
      method: 'POST',
      url: '/api/info/loadDetail',
      payload: { n1: id },
      remoteAddress: '192.0.2.91',
    });
    await test.app.services.records.flushRecordViews();
    expect((await data('bughot', {}, bugHotCall.data))[0]?.CName).toBe('白粉病');
  });

  it('rejects a body on the calls that take none', async () => {
    expect((await badRequest('bugCount', { x: 1 })).code).toBe('VALIDATION_FAILED');
  });

  it('/searchResult finds by name with the documented payload and shape', async () => {
    const result = await data('searchResult', { term: '炭疽病', ty: 'y,y,y,y' }, searchResultCall.data);
    expect(result.page).toBe(1);
    expect(result.items[0]).toMatchObject({ CName: '炭疽病', type: 'disease', diseaseClass: 'fungus' });
    expect(result.total).toBeGreaterThanOrEqual(result.items.length);
    const thumb = result.items[0]?.thumb;
    expect(thumb).toMatch(/^files\/records\/\d+\/album-1_thumb\.webp\?t=\d+$/);
    const picture = await test.app.inject({ method: 'GET', url: `/${thumb}` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toContain('immutable');
  });

  it('/searchResult applies the type filter, Simplified input, variants and paging', async () => {
    const diseasesOnly = await data(
      'searchResult',
      { term: '病', ty: 'n,n,y,n', pageSize: 100 },
      searchResultCall.data,
    );
    expect(diseasesOnly.items.every((item) => item.type === 'disease')).toBe(true);
    const pestsOnly = await data('searchResult', { term: '炭疽病', ty: 'y,n,n,n' }, searchResultCall.data);
    expect(pestsOnly.items.every((item) => item.type === 'pest')).toBe(true);
    const simplified = await data('searchResult', { term: '东方果实蝇', ty: 'y,y,y,y' }, searchResultCall.data);
    expect(simplified.items[0]?.CName).toBe('東方果實蠅');
    const variant = await data('searchResult', { term: '台灣花薊馬', ty: 'y,y,y,y' }, searchResultCall.data);
    expect(variant.items[0]?.CName).toBe('臺灣花薊馬');
    const latin = await data('searchResult', { term: 'bactrocera DORSALIS', ty: 'y,y,y,y' }, searchResultCall.data);
    expect(latin.items[0]?.CName).toBe('東方果實蠅');
    const page = await data('searchResult', { term: '', ty: 'y,y,y,y', page: 2, pageSize: 40 }, searchResultCall.data);
    expect(page).toMatchObject({ total: demoOrganisms.length, page: 2 });
    expect(page.items).toHaveLength(40);
    const beyond = await data('searchResult', { term: '', ty: 'y,y,y,y', page: 99 }, searchResultCall.data);
    expect(beyond).toEqual({ total: demoOrganisms.length, page: 99, items: [] });
    expect(await data('searchResult', { term: '', ty: 'n,n,n,n' }, searchResultCall.data)).toEqual({
      total: 0,
      page: 1,
      items: [],
    });
  });

  it('/searchResult rejects bad input with a 400 and a clear message', async () => {
    expect((await badRequest('searchResult', { ty: 'y,y,y,y' })).message).toContain('請輸入關鍵字');
    expect((await badRequest('searchResult', { term: 12, ty: 'y,y,y,y' })).message).toContain('請輸入關鍵字');
    expect((await badRequest('searchResult', { term: '蟲'.repeat(101) })).message).toContain('不可超過 100 個字');
    expect((await badRequest('searchResult', { term: '薊馬\u0000' })).message).toContain('控制字元');
    expect((await badRequest('searchResult', { term: '薊馬', ty: 'yes' })).message).toContain('ty');
    expect((await badRequest('searchResult', { term: '薊馬', page: 0 })).code).toBe('VALIDATION_FAILED');
    const invalidJson = await test.app.inject({
      method: 'POST',
      url: '/api/info/searchResult',
      headers: { 'content-type': 'application/json' },
      payload: '{"term":',
    });
    expect(invalidJson.statusCode).toBe(400);
  });

  it('/searchResult treats HTML and SQL in a term as plain text', async () => {
    const before = await data('bugCount', {}, bugCountCall.data);
    for (const term of ['<script>alert(1)</script>', "'; DROP TABLE records; --", '%', "炭疽病' OR '1'='1"]) {
      expect((await data('searchResult', { term, ty: 'y,y,y,y' }, searchResultCall.data)).total).toBe(0);
    }
    const html = await data('searchResult', { term: '<b>炭疽病</b>', ty: 'y,y,y,y' }, searchResultCall.data);
    expect(html.items.every((item) => !item.CName.includes('<'))).toBe(true);
    expect(await data('bugCount', {}, bugCountCall.data)).toBe(before);
  });

  it('/searchResultSu suggests the nearest names for a misspelt term', async () => {
    const suggestions = await data('searchResultSu', { term: '炭蛆病' }, searchSuggestionsCall.data);
    expect(suggestions.map((item) => item.CName)).toContain('炭疽病');
    expect(await data('searchResultSu', { term: '' }, searchSuggestionsCall.data)).toEqual([]);
    await badRequest('searchResultSu', {});
    await badRequest('searchResultSu', { term: 'x'.repeat(101) });
  });

  it('/loadDetail returns every field, the layout and drug1/drug2; a string id works too', async () => {
    const id = await idOf('東方果實蠅');
    const detail = await data('loadDetail', { n1: String(id) }, loadDetailCall.data);
    const organism = demoOrganisms.find((item) => item.cname === '東方果實蠅');
    expect(detail).toMatchObject({
      id,
      CName: '東方果實蠅',
      Name: organism?.name,
      layout: 'pest',
      drug1: organism?.pesticideNames[0] ?? null,
      drug2: organism?.pesticideNames[1] ?? null,
      HarmDatail: organism?.harmDetail,
    });
    const disease = await data('loadDetail', { n1: await idOf('番茄晚疫病') }, loadDetailCall.data);
    expect(disease).toMatchObject({ layout: 'disease', diseaseClass: 'oomycete' });
    const beneficial = demoOrganisms.find((item) => item.type === 'beneficial');
    const helper = await data('loadDetail', { n1: await idOf(beneficial?.cname ?? '') }, loadDetailCall.data);
    expect(helper.layout).toBe('beneficial');
  });

  it('/loadDetail answers an unknown id with 404 and a malformed one with 400, never 500', async () => {
    const missing = await call('loadDetail', { n1: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(apiErrorSchema.parse(missing.json()).error.code).toBe('NOT_FOUND');
    for (const n1 of ['abc', -1, 0, 1.5, 1e12, null, '']) await badRequest('loadDetail', { n1 });
    await badRequest('loadDetail', {});
  });

  it('/bugPicList lists at least three album pictures, each variant served', async () => {
    const id = await idOf('炭疽病');
    const pictures = await data('bugPicList', { a1: id, a2: 'pic' }, bugPicListCall.data);
    const album = pictures.filter((picture) => picture.Class === 'album');
    expect(album.length).toBeGreaterThanOrEqual(3);
    expect(pictures.every((picture) => picture.Display && picture.obj === 'pic' && picture.Type === 'webp')).toBe(true);
    const [first] = album;
    for (const url of [first?.url, first?.modUrl, first?.thumbUrl]) {
      const response = await test.app.inject({ method: 'GET', url: `/${url}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
    }
    expect(first).toMatchObject({ width: 960, height: 720 });
  });

  it('every seeded record has at least three album pictures, and other classes exist', async () => {
    const rows = await test.app.db
      .select({ recordId: records.id, albums: count(recordPictures.id) })
      .from(records)
      .leftJoin(recordPictures, and(eq(recordPictures.recordId, records.id), eq(recordPictures.class, 'album')))
      .groupBy(records.id);
    expect(rows).toHaveLength(demoOrganisms.length);
    expect(rows.every((row) => row.albums >= 3)).toBe(true);
    const id = await idOf(demoOrganisms[0]?.cname ?? '');
    const classes = (await data('bugPicList', { a1: id, a2: 'pic' }, bugPicListCall.data)).map((p) => p.Class);
    expect(classes).toEqual(expect.arrayContaining(['album', 'feature', 'harm', 'life']));
  });

  it('/bugPicList rejects a wrong a2 or id, and 404s an unknown record', async () => {
    await badRequest('bugPicList', { a1: 1, a2: 'video' });
    await badRequest('bugPicList', { a1: 'x', a2: 'pic' });
    await badRequest('bugPicList', { a1: 1 });
    expect((await call('bugPicList', { a1: 999_999, a2: 'pic' })).statusCode).toBe(404);
  });

  it('serves record pictures only by their exact address', async () => {
    for (const url of [
      '/files/records/1/missing.webp',
      '/files/records/abc/album-1.webp',
      '/files/records/1/..%2F..%2Fdb',
      '/files/records/1/album-1.exe',
    ]) {
      expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('/pesticidesel and /pesticide look up the sample through a record’s linked names', async () => {
    const { accepted } = await parsePesticideFile(await readFile(pesticideSample.file));
    const plants = await data('pesticidesel', { n1: '炭疽病' }, pesticideSelCall.data);
    expect(plants.map((item) => item.plant)).toEqual(expect.arrayContaining(['番茄', '檬果']));
    const organism = demoOrganisms.find((item) => item.cname === '炭疽病');
    const names = new Set(organism?.pesticideNames);
    const expected = [...new Set(accepted.filter((use) => names.has(use.bugname)).map((use) => use.plant))];
    expect(plants.map((item) => item.plant).sort()).toEqual(expected.sort());

    const entries = await data('pesticide', { n1: '炭疽病', n2: '番茄' }, pesticideCall.data);
    expect(entries.length).toBe(accepted.filter((use) => names.has(use.bugname) && use.plant === '番茄').length);
    expect(entries[0]).toEqual(
      expect.objectContaining({ cname: expect.any(String), use_r: expect.any(String), safe: expect.any(String) }),
    );
    expect(await data('pesticide', { n1: '炭疽病', n2: '香蕉' }, pesticideCall.data)).toEqual([]);
    expect(await data('pesticidesel', { n1: '不存在的病蟲' }, pesticideSelCall.data)).toEqual([]);
  });

  it('/pesticidesel uses a name as an exact pesticide-data name when no record has it, never fuzzily', async () => {
    const plants = await data('pesticidesel', { n1: '夜蛾類' }, pesticideSelCall.data);
    expect(plants.length).toBeGreaterThan(0);
    expect(await data('pesticidesel', { n1: '夜蛾' }, pesticideSelCall.data)).toEqual([]);
    const entries = await data('pesticide', { n1: '夜蛾類', n2: plants[0]?.plant ?? '' }, pesticideCall.data);
    expect(entries.every((entry) => entry.bugname === '夜蛾類')).toBe(true);
    expect(entries[0]?.approvedOn === null || /^\d{4}-\d{2}-\d{2}$/.test(entries[0]?.approvedOn ?? '')).toBe(true);
  });

  it('/pesticidesel and /pesticide reject missing or oversized names', async () => {
    await badRequest('pesticidesel', {});
    await badRequest('pesticidesel', { n1: '  ' });
    await badRequest('pesticide', { n1: '炭疽病' });
    await badRequest('pesticide', { n1: '炭疽病', n2: 'x'.repeat(101) });
  });

  it('/pesticide finds a crop by any of its names: 芒果 reads the data’s 檬果 (decision 0360)', async () => {
    const byDataName = await data('pesticide', { n1: '炭疽病', n2: '檬果' }, pesticideCall.data);
    expect(byDataName.length).toBeGreaterThan(0);
    expect(await data('pesticide', { n1: '炭疽病', n2: '芒果' }, pesticideCall.data)).toEqual(byDataName);
  });

  it('/pesticideCrop groups every use on a crop by pest, a page of groups, by name or synonym (decision 0363)', async () => {
    const { accepted } = await parsePesticideFile(await readFile(pesticideSample.file));
    const mango = accepted.filter((use) => use.plant === '檬果');
    const pests = [...new Set(mango.map((use) => use.bugname))];
    const first = await data('pesticideCrop', { plant: '芒果' }, pesticideCropCall.data);
    expect(first).toMatchObject({ crop: '檬果', plants: ['檬果'], total: mango.length, groups: pests.length, page: 1 });
    expect(first.items.map((group) => group.bugname)).toEqual(pests.slice(0, first.pageSize));
    for (const group of first.items) {
      expect(group.count).toBe(mango.filter((use) => use.bugname === group.bugname).length);
      expect(group.entries).toHaveLength(group.count);
    }
    // The page's variant: the first two uses of each pest, in the data's order, picked by the database.
    const short = await test.app.services.records.listCropPesticideGroups('芒果', 1, { usesPerPest: 2 });
    expect(short.items.map((group) => group.count)).toEqual(first.items.map((group) => group.count));
    expect(first.items.some((group) => group.count > 2)).toBe(true);
    for (const [index, group] of short.items.entries()) {
      expect(group.entries).toEqual(first.items[index]?.entries.slice(0, 2));
    }
    const second = await data('pesticideCrop', { plant: '檬果', page: 2 }, pesticideCropCall.data);
    expect(second.items[0]?.bugname).toBe(pests[first.pageSize]);
    expect((await data('pesticideCrop', { plant: '香蕉' }, pesticideCropCall.data)).total).toBe(0);
    expect((await badRequest('pesticideCrop', { plant: ' ' })).message).toContain('作物');
    await badRequest('pesticideCrop', { plant: '檬果', page: 0 });

    const crops = await data('pesticideCrops', {}, pesticideCropsCall.data);
    expect(crops.find((crop) => crop.crop === '檬果')).toEqual({
      crop: '檬果',
      synonyms: expect.arrayContaining(['芒果']),
      uses: mango.length,
    });
    // Both are kept until the data or the vocabulary changes (decision 0450): a synonym added now works at once.
    const crop = await test.app.services.crops.resolveCrop('檬果');
    const row = await test.app.services.crops.getCropRow(crop!.id);
    const synonyms = [...crop!.names.filter((name) => name !== '檬果'), '樣仔'].join('\n');
    await test.app.services.crops.saveCrop(
      { memberId: 9001, account: 'editor-wang', name: '王編輯', roles: ['editor'], sessionId: 's', via: 'session' },
      crop!.id,
      { name: '檬果', synonyms, sort_order: Number(row!.sort_order) },
    );
    expect(await data('pesticideCrop', { plant: '樣仔' }, pesticideCropCall.data)).toEqual(first);
    expect((await data('pesticideCrops', {}, pesticideCropsCall.data)).find((each) => each.crop === '檬果')).toEqual({
      crop: '檬果',
      synonyms: expect.arrayContaining(['芒果', '樣仔']),
      uses: mango.length,
    });
  });

  it('the seed links demo records to the crops their names or pesticide data show (decision 0361)', async () => {
    const links = await test.app.db
      .select({ cropId: cropRecords.cropId })
      .from(cropRecords)
      .where(eq(cropRecords.recordId, await idOf('稻熱病')));
    const rice = await test.app.services.crops.resolveCrop('稻');
    expect(links.map((link) => link.cropId)).toContain(rice?.id);
  });

  it('the page services report the data source and snapshot date', async () => {
    expect(await test.app.services.records.getPesticideSource()).toMatchObject({
      source: '農藥資訊服務網',
      snapshotDate: '2022-07-01',
      sample: true,
    });
  });
});
