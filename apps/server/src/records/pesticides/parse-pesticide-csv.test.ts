import { describe, expect, it } from 'vitest';
import { parsePesticideCsv, pesticideCsvHeader, rocDateToIso } from './parse-pesticide-csv';

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

describe('parsePesticideCsv', () => {
  const header = pesticideCsvHeader.join(',');
  const cells = '番茄,夜蛾類,藥,1%,EC,1公升,1000,初期,7,3,6,噴施,,,1070214.0,公司,IRAC - 1A';

  it('gives identical rows distinct keys and the same keys on every run', () => {
    const csv = `${header}\n1,${cells}\n2,${cells}\n`;
    const first = parsePesticideCsv(csv).accepted.map((use) => use.rowKey);
    expect(new Set(first).size).toBe(2);
    expect(parsePesticideCsv(csv).accepted.map((use) => use.rowKey)).toEqual(first);
  });

  it('keys rows by content, not by the source row number, which shifts between snapshots', () => {
    const [a] = parsePesticideCsv(`${header}\n1,${cells}\n`).accepted;
    const [b] = parsePesticideCsv(`${header}\n900,${cells}\n`).accepted;
    expect(a?.rowKey).toBe(b?.rowKey);
  });

  it('accepts a byte-order mark and reports the line a quoted multi-line row ends on', () => {
    const parsed = parsePesticideCsv(`\uFEFF${header}\n1,${cells}\n2,番茄,,"多\n行",x\n`);
    expect(parsed.accepted).toHaveLength(1);
    expect(parsed.rejected).toEqual([{ line: 4, sourceRow: '2', reason: '欄位數為 5，應為 18' }]);
  });
});
