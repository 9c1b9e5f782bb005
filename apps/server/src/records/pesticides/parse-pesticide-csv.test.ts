import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pesticideImportMessages } from '@pest/contracts';
import { describe, expect, it } from 'vitest';
import { pesticideSample } from '../seed/records-seed';
import { parsePesticideFile, PesticideFileError, pesticideCsvHeader, rocDateToIso } from './parse-pesticide-csv';

describe('rocDateToIso', () => {
  it.each([
    ['1070214.0', '2018-02-14'],
    ['840426.0', '1995-04-26'],
    ['1090401', '2020-04-01'],
    ['', null],
  ])('reads %j as %j', (value, expected) => {
    expect(rocDateToIso(value)).toBe(expected);
  });

  it.each(['1070230.0', '1071301.0', 'abc', '2018-02-14', '10702140'])('rejects %j', (value) => {
    expect(() => rocDateToIso(value)).toThrow('核准日期');
  });
});

describe('parsePesticideFile', () => {
  const header = pesticideCsvHeader.join(',');
  const cells = '番茄,夜蛾類,藥,1%,EC,1公升,1000,初期,7,3,6,噴施,,,1070214.0,公司,IRAC - 1A';

  it('gives identical rows distinct keys and the same keys on every run', async () => {
    const csv = `${header}\n1,${cells}\n2,${cells}\n`;
    const first = (await parsePesticideFile(csv)).accepted.map((use) => use.rowKey);
    expect(new Set(first).size).toBe(2);
    expect((await parsePesticideFile(csv)).accepted.map((use) => use.rowKey)).toEqual(first);
  });

  it('keys rows by content, not by the source row number, which shifts between snapshots', async () => {
    const [a] = (await parsePesticideFile(`${header}\n1,${cells}\n`)).accepted;
    const [b] = (await parsePesticideFile(`${header}\n900,${cells}\n`)).accepted;
    expect(a?.rowKey).toBe(b?.rowKey);
  });

  it('accepts a byte-order mark and reports the line a quoted multi-line row ends on', async () => {
    const parsed = await parsePesticideFile(`\uFEFF${header}\n1,${cells}\n2,番茄,,"多\n行",x\n`);
    expect(parsed.accepted).toHaveLength(1);
    expect(parsed.rejected).toEqual([
      { line: 4, sourceRow: '2', reason: '欄位數為 5，應為 18', cells: ['2', '番茄', '', '多\n行'] },
    ]);
  });

  it('reads the official file streamed in small pieces exactly as read whole, multi-byte characters split', async () => {
    const bytes = await readFile(pesticideSample.file);
    const whole = await parsePesticideFile(bytes);
    // 7-byte pieces cut most three-byte Chinese characters in two.
    const pieces = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, index) =>
      bytes.subarray(index * 7, index * 7 + 7),
    );
    const streamed = await parsePesticideFile(Readable.from(pieces));
    expect(whole.accepted).toHaveLength(801);
    expect(whole.rejected).toEqual([]);
    expect(streamed).toEqual(whole);
  });

  it('finds columns by their names, in any order, and the row index is optional', async () => {
    const reordered = `作物名稱,普通名稱,病蟲名稱,含量,劑型代碼,每公頃每次用量,稀釋倍數,使用時期,施藥間隔,施用次數,安全採收期,施藥方法,注意事項,說明,核准日期,原始登記廠商名稱,作用機制\n番茄,藥,夜蛾類,1%,EC,1公升,1000,初期,7,3,6,噴施,,,1070214.0,公司,IRAC - 1A\n`;
    const [use] = (await parsePesticideFile(reordered)).accepted;
    const [same] = (await parsePesticideFile(`${header}\n5,${cells}\n`)).accepted;
    expect(use).toMatchObject({ sourceRow: null, plant: '番茄', bugname: '夜蛾類', cname: '藥' });
    expect(use?.rowKey).toBe(same?.rowKey);
  });

  it.each([
    ['an unknown column', header.replace('作用機制', '備註'), '不明的欄位：備註'],
    ['a missing column', header.replace(',作用機制', ''), '缺少欄位：作用機制'],
    ['a repeated column', `${header},作物名稱`, '重複的欄位：作物名稱'],
  ])('refuses a header with %s, naming it', async (_case, wrongHeader, message) => {
    await expect(parsePesticideFile(`${wrongHeader}\n1,${cells}\n`)).rejects.toThrow(message);
  });

  it('refuses a file that is not UTF-8 (Big5 from an old Excel), an empty one and a broken quote', async () => {
    // 番茄 in Big5.
    const big5 = Buffer.concat([
      Buffer.from(`${header}\n1,`),
      Buffer.from([0xb5, 0x66, 0xad, 0x58]),
      Buffer.from(',x\n'),
    ]);
    await expect(parsePesticideFile(big5)).rejects.toThrow(pesticideImportMessages.notUtf8);
    await expect(parsePesticideFile('')).rejects.toBeInstanceOf(PesticideFileError);
    await expect(parsePesticideFile(`${header}\n1,"番茄,${cells.slice(3)}\n`)).rejects.toThrow('引號');
  });
});
