import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import {
  openDataPesticideUsesResponse,
  openDataRecordsResponse,
  pesticideSampleNotice,
  pesticideUseNotice,
} from '@pest/contracts';
import { parse } from 'csv-parse/sync';
import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { findCurrentImport } from '../pesticides/pesticide-data-state';
import { previewPesticideImport } from '../pesticides/preview-pesticide-import';
import { pesticidesTag } from '../records-cache-tags';
import { records } from '../schema';
import { startWellInsideWindow } from '../../test/rate-limit-window';
import { pesticideUsesPerBatch } from './list-open-data-pesticide-uses';

const changedFile = new URL('../test/pesticides_2022-08-01.csv', import.meta.url);
const editor = {
  memberId: 9001,
  account: 'editor-wang',
  name: '王編輯',
  roles: ['editor'] as const,
  sessionId: 's',
  via: 'session' as const,
};

describe('open data exports', () => {
  let test: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url, headers });
  const csvRows = (body: Buffer) =>
    parse(body.subarray(3).toString('utf8'), { relax_column_count: false }) as string[][];

  let draftId: number;

  beforeAll(async () => {
    test = await buildTestApp();
    // A draft is staff's only (decision 0250): never in the open data.
    const [last] = await test.app.db.select({ id: records.id }).from(records).orderBy(desc(records.id)).limit(1);
    draftId = last!.id;
    await test.app.db.update(records).set({ state: 'draft' }).where(eq(records.id, draftId));
  }, 120_000);
  afterAll(() => test.close());

  it('publishes every published record as JSON with its page address, cacheable with an ETag', async () => {
    const response = await get('/api/v1/open-data/records.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(response.headers['last-modified']).toMatch(/GMT$/);
    const { data } = openDataRecordsResponse.parse(response.json());
    const [total] = await test.app.db.select({ total: count() }).from(records).where(eq(records.state, 'published'));
    expect(data.count).toBe(total?.total);
    expect(data.items.map((item) => item.id)).not.toContain(draftId);
    expect(data.items).toHaveLength(data.count);
    const anthracnose = data.items.find((item) => item.CName === '炭疽病');
    expect(anthracnose).toMatchObject({ type: 'disease', demo: true });
    expect(anthracnose?.url).toBe(`${test.env.publicUrl}/search/bug/detail?id=${anthracnose?.id}`);
    // The demo records say so, and nothing private (views) is published.
    expect(data.demoNotice).toContain('示範');
    expect(JSON.stringify(data.items[0])).not.toContain('views');

    const again = await get('/api/v1/open-data/records.json', { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await test.app.inject({ method: 'HEAD', url: '/api/v1/open-data/records.json' })).statusCode).toBe(200);
  });

  it('publishes the records as a CSV Excel opens: byte-order mark, Chinese headings, CRLF', async () => {
    const response = await get('/api/v1/open-data/records.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename=records.csv');
    const body = response.rawPayload;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(body.toString('utf8')).toContain('\r\n');
    const [header, ...rows] = csvRows(body);
    expect(header?.slice(0, 4)).toEqual(['編號', '類別', '病原類別', '中文名稱']);
    expect(header).toContain('防治方法');
    const anthracnose = rows.find((row) => row[3] === '炭疽病');
    expect(anthracnose?.[1]).toBe('病害');
    expect(anthracnose?.at(-4)).toBe('是');
  });

  it('publishes the pesticide uses on the site with their source and date, and follows an import at once', async () => {
    const before = await get('/api/v1/open-data/pesticide-uses.json');
    expect(before.statusCode).toBe(200);
    const { data } = openDataPesticideUsesResponse.parse(before.json());
    expect(data).toMatchObject({ source: '農藥資訊服務網', snapshotDate: '2022-07-01', sample: true, count: 801 });
    expect(data.notice).toBe(`${pesticideSampleNotice}${pesticideUseNotice}`);
    expect(data.items[0]).toMatchObject({ plant: '水稻', bugname: '水象鼻蟲', cname: '丁基加保扶', sourceRow: 0 });

    const csv = await get('/api/v1/open-data/pesticide-uses.csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename=pesticide-uses_2022-07-01.csv');
    const [header, ...rows] = csvRows(csv.rawPayload);
    expect(header).toEqual([
      '原始列號',
      '作物名稱',
      '病蟲名稱',
      '普通名稱',
      '含量',
      '劑型代碼',
      '每公頃每次用量',
      '稀釋倍數',
      '使用時期',
      '施藥間隔',
      '施用次數',
      '安全採收期',
      '施藥方法',
      '注意事項',
      '說明',
      '核准日期',
      '原始登記廠商名稱',
      '作用機制',
      '資料來源',
      '資料日期',
    ]);
    expect(rows).toHaveLength(801);
    expect(rows[0]?.slice(-2)).toEqual(['農藥資訊服務網', '2022-07-01']);
    expect(rows[2]?.[15]).toBe('2018-02-14');

    // A preview changes nothing published; applying it changes the exports at once.
    const made = await previewPesticideImport(test.app.db, {
      content: await readFile(changedFile),
      fileName: 'pesticides_2022-08-01.csv',
      source: '農藥資訊服務網',
      snapshotDate: '2022-08-01',
      mode: 'replace',
      actor: editor,
    });
    expect((await get('/api/v1/open-data/pesticide-uses.json')).headers.etag).toBe(before.headers.etag);
    await test.app.services.records.applyPesticideImport(editor, made.importId);
    const after = await get('/api/v1/open-data/pesticide-uses.json', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(openDataPesticideUsesResponse.parse(after.json()).data).toMatchObject({
      snapshotDate: '2022-08-01',
      sample: false,
      notice: pesticideUseNotice,
      count: 800,
    });
    const afterCsv = await get('/api/v1/open-data/pesticide-uses.csv');
    expect(afterCsv.headers['content-disposition']).toBe('attachment; filename=pesticide-uses_2022-08-01.csv');
    expect(
      csvRows(afterCsv.rawPayload)
        .slice(1)
        .map((row) => row[3]),
    ).toContain('測試新藥');
  });

  it('writes the pesticide export a batch at a time, once for requests that come together, and streams it', async () => {
    // More rows than two batches, inserted in one statement: a third without a source row (they go
    // last, by id), each with a cell that must be quoted (comma, quotes, a line break).
    const current = await findCurrentImport(test.app.db);
    const before = Number((await get('/api/v1/open-data/pesticide-uses.json')).json().data.count);
    const extra = pesticideUsesPerBatch * 2 + 7;
    const cell = '含,逗號 "引號"\n第二行';
    await test.app.db.execute(sql`
      INSERT INTO pesticide_uses (row_key, import_id, source_row, plant, bugname, cname, notice)
      SELECT 'batch-' || g, ${current!.id}, CASE WHEN g % 3 = 0 THEN NULL ELSE 100000 + g END, '稻', '蟲' || g, '藥', ${cell}
      FROM generate_series(1, ${extra}) AS g`);
    await test.app.invalidation.publish([pesticidesTag]);

    const put = vi.spyOn(test.app.storage, 'put');
    const [csv, same] = await Promise.all([
      get('/api/v1/open-data/pesticide-uses.csv'),
      get('/api/v1/open-data/pesticide-uses.csv'),
    ]);
    expect(put).toHaveBeenCalledTimes(1);
    put.mockRestore();
    expect([csv.statusCode, same.statusCode]).toEqual([200, 200]);
    expect(same.rawPayload.equals(csv.rawPayload)).toBe(true);
    expect(csv.headers['content-length']).toBe(String(csv.rawPayload.length));
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.rawPayload.toString('utf8')).toContain('"含,逗號 ""引號""\n第二行"');
    const zipped = await get('/api/v1/open-data/pesticide-uses.csv', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).equals(csv.rawPayload)).toBe(true);
    const [header, ...rows] = csvRows(csv.rawPayload);
    expect(header).toHaveLength(20);
    expect(rows).toHaveLength(before + extra);
    const added = rows.filter((row) => row[1] === '稻' && row[2]?.startsWith('蟲'));
    expect(added).toHaveLength(extra);
    expect(added.every((row) => row[13] === cell)).toBe(true);
    // Source order: the numbered rows ascending, the unnumbered after every numbered one.
    const numbered = rows.filter((row) => row[0] !== '').map((row) => Number(row[0]));
    expect(numbered).toEqual([...numbered].sort((a, b) => a - b));
    expect(rows.findIndex((row) => row[0] === '')).toBe(numbered.length);

    const json = await get('/api/v1/open-data/pesticide-uses.json');
    const { data } = openDataPesticideUsesResponse.parse(json.json());
    expect(data.count).toBe(before + extra);
    expect(data.items).toHaveLength(before + extra);
    expect(data.items.at(-1)).toMatchObject({ sourceRow: null, notice: cell });
    const head = await test.app.inject({ method: 'HEAD', url: '/api/v1/open-data/pesticide-uses.json' });
    expect(head.headers['content-length']).toBe(String(json.rawPayload.length));
    expect(head.headers.etag).toBe(json.headers.etag);
  });

  it('lists the four exports in the OpenAPI document, the CSVs as text/csv', async () => {
    const document = (await get('/api/openapi.json')).json() as {
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
    };
    for (const dataset of ['records', 'pesticide-uses']) {
      expect(
        Object.keys(document.paths[`/api/v1/open-data/${dataset}.json`]?.get?.responses['200']?.content ?? {}),
      ).toEqual(['application/json']);
      expect(
        Object.keys(document.paths[`/api/v1/open-data/${dataset}.csv`]?.get?.responses['200']?.content ?? {}),
      ).toEqual(['text/csv']);
    }
  });
});

describe('open data within the API budget', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false', RATE_LIMIT_API_MAX: '3' });
  }, 120_000);
  afterAll(() => test.close());

  it('answers 429 with the one error shape once a client has used its budget', async () => {
    await startWellInsideWindow();
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await test.app.inject({
        url: '/api/v1/open-data/pesticide-uses.csv',
        remoteAddress: '203.0.113.9',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json().error.message).toMatch(/請稍後再試|過於頻繁/);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another client has a budget of its own.
    expect(
      (await test.app.inject({ url: '/api/v1/open-data/records.json', remoteAddress: '203.0.113.10' })).statusCode,
    ).toBe(200);
  });
});
