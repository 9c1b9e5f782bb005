import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pesticideImportMessages } from '@pest/contracts';
import { parse, type Info } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';

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

type NamedColumn = Exclude<(typeof pesticideCsvHeader)[number], ''>;
const namedColumns = pesticideCsvHeader.filter((name): name is NamedColumn => name !== '');

/** One accepted row, in the spec's field names. */
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

export interface AcceptedRow extends PesticideUse {
  /** Line of the file the row ends on (1 = header). */
  line: number;
}

export interface RejectedRow {
  /** Line of the file (1 = header), as an editor shows it. */
  line: number;
  sourceRow: string;
  reason: string;
  /** The first cells as sent (row index, crop, pest, ingredient), to find the row in the file. */
  cells: string[];
}

export interface ParsedPesticideFile {
  accepted: AcceptedRow[];
  rejected: RejectedRow[];
}

/** A file that cannot be read as a whole (not UTF-8, not CSV, wrong columns): nothing of it is imported. */
export class PesticideFileError extends Error {}

const maxCellLength = 2000;
/** More rows than the real file (about 12,000) by far: anything beyond is not this file. */
const maxRows = 200_000;

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

/** Where each column is in this file: the named columns by their header, the row index when present. */
interface ColumnMap {
  width: number;
  index: number | null;
  named: Record<NamedColumn, number>;
  /** Each position's name in messages. */
  labels: string[];
}

/** Reads the header row: every named column once, in any order, nothing unknown; the row index optional. */
function mapColumns(header: string[]): ColumnMap {
  const names = header.map((cell) => cell.trim());
  const unknown = names.filter((name) => name !== '' && !(namedColumns as readonly string[]).includes(name));
  const missing = namedColumns.filter((name) => !names.includes(name));
  const repeated = namedColumns.filter((name) => names.indexOf(name) !== names.lastIndexOf(name));
  const unnamed = names.flatMap((name, position) => (name === '' ? [position] : []));
  const problems = [
    unknown.length > 0 ? `不明的欄位：${unknown.join('、')}` : '',
    missing.length > 0 ? `缺少欄位：${missing.join('、')}` : '',
    repeated.length > 0 ? `重複的欄位：${repeated.join('、')}` : '',
    unnamed.length > 1 || (unnamed.length === 1 && unnamed[0] !== 0) ? '只有第一欄（原始列號）可以沒有標題' : '',
  ].filter(Boolean);
  if (problems.length > 0) {
    throw new PesticideFileError(
      `欄位標題不符（${problems.join('；')}）。請上傳農藥資訊服務網公布的原始 CSV，第一列應為：${pesticideCsvHeader.join(',')}`,
    );
  }
  const named = Object.fromEntries(namedColumns.map((name) => [name, names.indexOf(name)])) as Record<
    NamedColumn,
    number
  >;
  const labels = names.map((name) => name || '列號');
  return { width: names.length, index: unnamed.length === 1 ? 0 : null, named, labels };
}

function toUse(cells: string[], columns: ColumnMap): Omit<PesticideUse, 'rowKey'> {
  const cell = (name: NamedColumn) => (cells[columns.named[name]] ?? '').trim();
  const sourceRow = columns.index === null ? '' : (cells[columns.index] ?? '').trim();
  if (sourceRow !== '' && !/^\d{1,9}$/.test(sourceRow)) throw new Error(`第一欄的原始列號「${sourceRow}」不是整數`);
  for (const name of ['作物名稱', '病蟲名稱', '普通名稱'] as const) {
    if (cell(name) === '') throw new Error(`缺少${name}`);
  }
  cells.forEach((value, position) => {
    const label = columns.labels[position] ?? '列號';
    if (value.length > maxCellLength) throw new Error(`「${label}」超過 ${maxCellLength} 字`);
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)) {
      throw new Error(`「${label}」含有控制字元`);
    }
  });
  return {
    sourceRow: sourceRow === '' ? null : Number(sourceRow),
    plant: cell('作物名稱'),
    bugname: cell('病蟲名稱'),
    cname: cell('普通名稱'),
    amount: cell('含量'),
    typecode: cell('劑型代碼'),
    useA: cell('每公頃每次用量'),
    useR: cell('稀釋倍數'),
    useP: cell('使用時期'),
    useT: cell('施藥間隔'),
    usecount: cell('施用次數'),
    safe: cell('安全採收期'),
    method: cell('施藥方法'),
    notice: cell('注意事項'),
    note: cell('說明'),
    approvedOn: rocDateToIso(cell('核准日期')),
    registrant: cell('原始登記廠商名稱'),
    moa: cell('作用機制'),
  };
}

/** A row's content key: the same content gives the same key, whatever its source-row number. */
function contentHash(use: Omit<PesticideUse, 'rowKey'>): string {
  const { sourceRow: _sourceRow, ...content } = use;
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 32);
}

export type PesticideFileInput = string | Uint8Array | AsyncIterable<Uint8Array | string>;

/** Rows read between two turns of the event loop, so other requests are answered during a large preview. */
const rowsBetweenTurns = 100;
/**
 * The parser takes text in pieces this size: csv-parse parses each piece in one go, so a whole
 * file (the command line's, a test's) or a storage stream's 64 KB chunk is cut smaller first.
 */
const pieceBytes = 16 * 1024;

/** Lets the event loop run what waits (other requests' I/O) before going on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Bytes in pieces: csv-parse parses each chunk it is given in one go, without a pause. */
function* inPieces(bytes: Uint8Array): Generator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += pieceBytes) yield bytes.subarray(start, start + pieceBytes);
}

/**
 * The file's text in pieces, refusing bytes that are not UTF-8 (Big5 from an old Excel, a binary
 * file); `counted` is told the bytes of each piece as it is handed on.
 */
async function* utf8Text(
  input: PesticideFileInput,
  counted: (bytes: number) => void = () => {},
): AsyncGenerator<string> {
  const chunks: AsyncIterable<Uint8Array | string> =
    typeof input === 'string' || input instanceof Uint8Array
      ? Readable.from(inPieces(typeof input === 'string' ? new TextEncoder().encode(input) : input))
      : input;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of chunks) {
      if (typeof chunk === 'string') {
        counted(Buffer.byteLength(chunk));
        yield chunk;
        continue;
      }
      for (const piece of inPieces(chunk)) {
        counted(piece.length);
        if (piece.length > 0) yield decoder.decode(piece, { stream: true });
      }
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch (error) {
    if (error instanceof TypeError) throw new PesticideFileError(pesticideImportMessages.notUtf8);
    throw error;
  }
}

/**
 * Parses and checks a pesticide-use file as it streams in (csv-parse's stream parser, so a
 * 12,000-row file is never held as one string). A wrong header, bytes that are not UTF-8 or a
 * broken CSV reject the whole file (PesticideFileError); a bad row is rejected with its line and
 * reason and the rest are accepted. It gives the event loop a turn every few hundred rows. Each accepted row gets a natural key — a hash of its content
 * (not of its source-row number, which shifts between snapshots) plus the count of identical rows
 * before it — so importing the same data again changes nothing.
 */
export async function parsePesticideFile(
  input: PesticideFileInput,
  options: {
    /** Told the data rows and the bytes read so far, every few hundred rows; awaited. */
    onProgress?: (rowsRead: number, bytesRead: number) => void | Promise<void>;
  } = {},
): Promise<ParsedPesticideFile> {
  const accepted: AcceptedRow[] = [];
  const rejected: RejectedRow[] = [];
  const seen = new Map<string, number>();
  let columns: ColumnMap | null = null;
  let rows = 0;
  let bytes = 0;
  const handle = (cells: string[], info: Info) => {
    if (!columns) {
      columns = mapColumns(cells);
      return;
    }
    if ((rows += 1) > maxRows)
      throw new PesticideFileError(`檔案超過 ${maxRows.toLocaleString('en')} 列，不是農藥登記資料`);
    // The line the row ends on (a quoted cell may span lines), as an editor numbers lines.
    const line = info.lines;
    const reject = (reason: string) =>
      rejected.push({
        line,
        sourceRow: columns?.index === null ? '' : (cells[0] ?? '').trim(),
        reason,
        cells: cells.slice(0, 4),
      });
    if (cells.length !== columns.width) {
      reject(`欄位數為 ${cells.length}，應為 ${columns.width}`);
      return;
    }
    try {
      const use = toUse(cells, columns);
      const hash = contentHash(use);
      const occurrence = seen.get(hash) ?? 0;
      seen.set(hash, occurrence + 1);
      accepted.push({ ...use, rowKey: `${hash}:${occurrence}`, line });
    } catch (error) {
      reject((error as Error).message);
    }
  };
  try {
    await pipeline(
      utf8Text(input, (piece) => (bytes += piece)),
      parse({ relax_column_count: true, skip_empty_lines: true, bom: true, info: true }),
      async (records: AsyncIterable<{ record: string[]; info: Info }>) => {
        for await (const { record, info } of records) {
          handle(record, info);
          // Records come from a parsed chunk without a pause in between (promises only): a turn
          // of the event loop now and then lets the server answer other requests (decision 0329).
          if (rows % rowsBetweenTurns === 0) {
            await options.onProgress?.(rows, bytes);
            await nextTurn();
          }
        }
      },
    );
  } catch (error) {
    throw asFileError(error);
  }
  if (!columns) throw new PesticideFileError('檔案是空的');
  await options.onProgress?.(rows, bytes);
  return { accepted, rejected };
}

/** The header row is at most this long; a file without a line break by then is not the pesticide file. */
const maxHeaderBytes = 64 * 1024;

/**
 * Checks only the file's first row (the column headers), reading no more of the stream than that:
 * the upload refuses a wrong file beside its field at once, before the whole file is read in the
 * background (decision 0350). Throws a PesticideFileError as parsePesticideFile would.
 */
export async function checkPesticideHeader(input: AsyncIterable<Uint8Array | string>): Promise<void> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let text = '';
  try {
    for await (const chunk of input) {
      text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      if (text.includes('\n') || text.length >= maxHeaderBytes) break;
    }
  } catch (error) {
    if (error instanceof TypeError) throw new PesticideFileError(pesticideImportMessages.notUtf8);
    throw error;
  }
  const line = text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
  if (line.trim() === '') throw new PesticideFileError('檔案是空的');
  let header: string[];
  try {
    [header = []] = parseSync(line, { relax_column_count: true, to_line: 1 }) as string[][];
  } catch (error) {
    throw asFileError(error);
  }
  mapColumns(header);
}

/** csv-parse's errors in words an editor can act on, with the line. */
function asFileError(error: unknown): Error {
  if (error instanceof PesticideFileError) return error;
  const { code, lines } = error as { code?: string; lines?: number };
  const where = typeof lines === 'number' ? `（第 ${lines} 行附近）` : '';
  switch (code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return new PesticideFileError(`CSV 的引號沒有成對結束${where}，檔案可能不完整`);
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
      return new PesticideFileError(`CSV 的引號位置有誤${where}`);
    case undefined:
      return error as Error;
    default:
      return new PesticideFileError(`無法解析 CSV${where}`);
  }
}
