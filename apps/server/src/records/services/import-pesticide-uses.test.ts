import { readFile } from 'node:fs/promises';
import { count, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/database/database';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { PesticideFileError, pesticideCsvHeader } from '../pesticides/parse-pesticide-csv';
import { pesticideImports, pesticideUses } from '../schema';
import { pesticideSample } from '../seed/records-seed';
import { importPesticideUses } from './import-pesticide-uses';

const header = pesticideCsvHeader.join(',');
const row = (index: number, overrides: Partial<Record<number, string>> = {}) => {
  const cells = [
    String(index),
    '番茄',
    '夜蛾類',
    '測試藥劑',
    '10%',
    'EC',
    '1公升',
    '1000',
    '發生初期',
    '7',
    '3',
    '6',
    '稀釋後噴施',
    '',
    '',
    '1070214.0',
    '測試公司',
    'IRAC - 1A',
  ];
  for (const [position, value] of Object.entries(overrides)) cells[Number(position)] = value ?? '';
  return cells.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',');
};

describe('importPesticideUses', () => {
  let test: TestApp;
  let sample: string;
  const rowCount = async () =>
    (await test.app.db.select({ total: count() }).from(pesticideUses).where(isNull(pesticideUses.removedByImportId)))[0]
      ?.total;
  const runCount = async () => (await test.app.db.select({ total: count() }).from(pesticideImports))[0]?.total;
  const importCsv = (
    csv: string,
    options: { replace?: boolean; strict?: boolean; snapshotDate?: string | null } = {},
  ) =>
    importPesticideUses(test.app.db, {
      content: csv,
      fileName: 'test.csv',
      source: '農藥資訊服務網',
      snapshotDate: options.snapshotDate ?? '2022-07-01',
      ...options,
    });

  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
    sample = await readFile(pesticideSample.file, 'utf8');
  }, 60_000);
  beforeEach(async () => {
    await test.app.db.delete(pesticideUses);
    await test.app.db.delete(pesticideImports);
  });
  afterAll(() => test.close());

  it('imports the sample, and a second run changes nothing', async () => {
    const first = await importCsv(sample);
    expect(first).toMatchObject({ changed: true, accepted: 801, rejected: [], inserted: 801, unchanged: 0 });
    const rowsBefore = await test.app.db.select().from(pesticideUses).orderBy(pesticideUses.id);
    const second = await importCsv(sample);
    expect(second).toMatchObject({ changed: false, accepted: 801, inserted: 0, unchanged: 801, importId: null });
    expect(await test.app.db.select().from(pesticideUses).orderBy(pesticideUses.id)).toEqual(rowsBefore);
    expect(await runCount()).toBe(1);
  });

  it('maps the columns to the spec fields and the ROC date to ISO', async () => {
    await importCsv(`${header}\n${row(7, { 15: '1070214.0', 7: '1000-1500', 13: '注意, 有逗號' })}\n`);
    const [use] = await test.app.db.select().from(pesticideUses);
    expect(use).toMatchObject({
      sourceRow: 7,
      plant: '番茄',
      bugname: '夜蛾類',
      cname: '測試藥劑',
      amount: '10%',
      typecode: 'EC',
      useA: '1公升',
      useR: '1000-1500',
      useP: '發生初期',
      useT: '7',
      usecount: '3',
      safe: '6',
      method: '稀釋後噴施',
      notice: '注意, 有逗號',
      approvedOn: '2018-02-14',
      registrant: '測試公司',
      moa: 'IRAC - 1A',
    });
  });

  it('rejects bad rows with their line and reason and imports the rest', async () => {
    const csv = [
      header,
      row(1),
      row(2, { 1: '' }),
      row(3, { 15: '1071345.0' }),
      '4,番茄,夜蛾類',
      row(5, { 3: '藥\u0007劑' }),
      row(6, { 0: 'x' }),
      row(7, { 2: '薊馬類' }),
    ].join('\n');
    const report = await importCsv(csv);
    expect(report.accepted).toBe(2);
    expect(report.rejected).toEqual([
      expect.objectContaining({ line: 3, sourceRow: '2', reason: '缺少作物名稱' }),
      expect.objectContaining({ line: 4, sourceRow: '3', reason: '核准日期「1071345.0」不是有效的日期' }),
      expect.objectContaining({ line: 5, sourceRow: '4', reason: '欄位數為 3，應為 18' }),
      expect.objectContaining({ line: 6, sourceRow: '5', reason: '「普通名稱」含有控制字元' }),
      expect.objectContaining({ line: 7, sourceRow: 'x', reason: '第一欄的原始列號「x」不是整數' }),
    ]);
    expect(await rowCount()).toBe(2);
  });

  it('imports nothing in strict mode when a row is rejected', async () => {
    const report = await importCsv([header, row(1), row(2, { 2: '' })].join('\n'), { strict: true });
    expect(report).toMatchObject({ changed: false, accepted: 1, inserted: 0 });
    expect(await rowCount()).toBe(0);
    expect(await runCount()).toBe(0);
  });

  it('refuses a file with the wrong header as a whole', async () => {
    await expect(importCsv(`作物,病蟲\n番茄,夜蛾類\n`)).rejects.toBeInstanceOf(PesticideFileError);
    await expect(importCsv('')).rejects.toBeInstanceOf(PesticideFileError);
    expect(await rowCount()).toBe(0);
  });

  it('leaves nothing imported when the database fails part-way through the file', async () => {
    // A database that fails the import's last write, after every pesticide row has been inserted.
    let inserted = 0;
    const failing = (executor: Database): Database =>
      new Proxy(executor, {
        get(target, property, receiver) {
          if (property === 'transaction') {
            return (work: (tx: Database) => Promise<unknown>) =>
              target.transaction((tx) => work(failing(tx as unknown as Database)));
          }
          if (property === 'update') {
            return (table: typeof pesticideImports) => {
              if (table === pesticideImports) throw new Error('disk full');
              return target.update(table);
            };
          }
          if (property === 'execute') {
            return async (query: Parameters<Database['execute']>[0]) => {
              const result = await target.execute(query);
              inserted = (await target.select({ total: count() }).from(pesticideUses))[0]?.total ?? 0;
              return result;
            };
          }
          const value = Reflect.get(target, property, receiver) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    await expect(
      importPesticideUses(failing(test.app.db), {
        content: sample,
        fileName: 'sample.csv',
        source: '農藥資訊服務網',
        snapshotDate: '2022-07-01',
      }),
    ).rejects.toThrow('disk full');
    // The rows were in, inside the transaction; none of them stayed.
    expect(inserted).toBe(801);
    expect(await rowCount()).toBe(0);
    expect(await runCount()).toBe(0);
  });

  it('with replace, removes rows that are no longer in the file', async () => {
    await importCsv([header, row(1), row(2, { 2: '薊馬類' })].join('\n'));
    const report = await importCsv([header, row(1)].join('\n'), { replace: true, snapshotDate: '2022-08-01' });
    expect(report).toMatchObject({ changed: true, inserted: 0, unchanged: 1, removed: 1 });
    // The removed row is kept, marked, for a rollback; the site shows the one current row.
    expect(await rowCount()).toBe(1);
  });

  it('records a new snapshot date of the same data, which the page shows', async () => {
    await importCsv(sample);
    const later = await importCsv(sample, { snapshotDate: '2022-08-01' });
    expect(later).toMatchObject({ changed: true, inserted: 0 });
    expect(await test.app.services.records.getPesticideSource()).toMatchObject({
      source: '農藥資訊服務網',
      snapshotDate: '2022-08-01',
      // An import of the institute's own file is not the demo sample: the page drops its warning.
      sample: false,
    });
  });
});
