import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';

/**
 * The government pesticide-use file (農藥資訊服務網, as published by Raingel/Pesticides):
 * an unnamed source-row column, then these 17 columns, in this order.
 */
export const pesticideCsvHeader = [
  '',
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
] as const;

/** One accepted row, in the spec's field names (pest-information.md §3 Pesticide entry). */
export interface PesticideUse {
  rowKey: string;
  sourceRow: number | null;
  plant: string;
  bugname: string;
  cname: string;
  amount: string;
  typecode: string;
  useA: string;
  useR: string;
  useP: string;
  useT: string;
  usecount: string;
  safe: string;
  method: string;
  notice: string;
  note: string;
  approvedOn: string | null;
  registrant: string;
  moa: string;
}

export interface RejectedRow {
  /** Line of the file (1 = header), as an editor shows it. */
  line: number;
  sourceRow: string;
  reason: string;
}

export interface ParsedPesticideFile {
  accepted: PesticideUse[];
  rejected: RejectedRow[];
}

export class PesticideFileError extends Error {}

const maxCellLength = 2000;

/**
 * ROC (Minguo) date number as written in the data — "1070214.0" = ROC 107-02-14 — to
 * yyyy-MM-dd (2018-02-14). Null for an empty cell; throws on anything that is not a real date.
 */
export function rocDateToIso(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const match = /^(\d{2,3})(\d{2})(\d{2})(?:\.0+)?$/.exec(trimmed);
  if (!match) throw new Error(`核准日期「${trimmed}」不是民國年月日（例如 1070214.0）`);
  const year = Number(match[1]) + 1911;
  const month = Number(match[2]);
  const day = Number(match[3]);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1912 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new Error(`核准日期「${trimmed}」不是有效的日期`);
  }
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

type Cells = string[];

function toUse(cells: Cells): Omit<PesticideUse, 'rowKey'> {
  const cell = (index: number) => (cells[index] ?? '').trim();
  const sourceRow = cell(0);
  if (sourceRow !== '' && !/^\d{1,9}$/.test(sourceRow)) throw new Error(`第一欄的原始列號「${sourceRow}」不是整數`);
  for (const [index, label] of [
    [1, '作物名稱'],
    [2, '病蟲名稱'],
    [3, '普通名稱'],
  ] as const) {
    if (cell(index) === '') throw new Error(`缺少${label}`);
  }
  cells.forEach((value, index) => {
    if (value.length > maxCellLength)
      throw new Error(`「${pesticideCsvHeader[index] || '列號'}」超過 ${maxCellLength} 字`);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)) {
      throw new Error(`「${pesticideCsvHeader[index] || '列號'}」含有控制字元`);
    }
  });
  return {
    sourceRow: sourceRow === '' ? null : Number(sourceRow),
    plant: cell(1),
    bugname: cell(2),
    cname: cell(3),
    amount: cell(4),
    typecode: cell(5),
    useA: cell(6),
    useR: cell(7),
    useP: cell(8),
    useT: cell(9),
    usecount: cell(10),
    safe: cell(11),
    method: cell(12),
    notice: cell(13),
    note: cell(14),
    approvedOn: rocDateToIso(cell(15)),
    registrant: cell(16),
    moa: cell(17),
  };
}

/**
 * Parses and checks a pesticide-use file. A wrong header rejects the whole file; a bad row is
 * rejected with its reason and the rest are accepted. Each accepted row gets a natural key —
 * a hash of its content (not of its source-row number, which shifts between snapshots) plus
 * the count of identical rows before it — so importing the same data again changes nothing.
 */
export function parsePesticideCsv(text: string): ParsedPesticideFile {
  let records: Array<{ record: Cells; info: { lines: number } }>;
  try {
    records = parse(text, {
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    throw new PesticideFileError(`無法解析 CSV：${(error as Error).message}`);
  }
  const [first, ...rows] = records;
  const header = first?.record;
  if (!header) throw new PesticideFileError('檔案是空的');
  const expected = pesticideCsvHeader.join(',');
  if (header.map((cell) => cell.trim()).join(',') !== expected) {
    throw new PesticideFileError(`欄位標題不符，應為：${expected}`);
  }
  const accepted: PesticideUse[] = [];
  const rejected: RejectedRow[] = [];
  const seen = new Map<string, number>();
  for (const { record: cells, info } of rows) {
    // The line the row ends on (a quoted cell may span lines), as an editor numbers lines.
    const line = info.lines;
    if (cells.length !== pesticideCsvHeader.length) {
      rejected.push({
        line,
        sourceRow: cells[0] ?? '',
        reason: `欄位數為 ${cells.length}，應為 ${pesticideCsvHeader.length}`,
      });
      continue;
    }
    try {
      const use = toUse(cells);
      const { sourceRow: _sourceRow, ...content } = use;
      const hash = createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 32);
      const occurrence = seen.get(hash) ?? 0;
      seen.set(hash, occurrence + 1);
      accepted.push({ ...use, rowKey: `${hash}:${occurrence}` });
    } catch (error) {
      rejected.push({ line, sourceRow: cells[0] ?? '', reason: (error as Error).message });
    }
  }
  return { accepted, rejected };
}
