import {
  adminFields,
  diseaseClassLabels,
  recordFormSchema,
  recordTypeLabels,
  type OpenDataFormat,
  type OpenDataPesticideUse,
  type OpenDataPesticideUses,
  type OpenDataRecord,
  type OpenDataRecords,
} from '@pest/contracts';
import { stringify } from 'csv-stringify/sync';
import type { OpenDataSource } from './open-data-source';

type Column<Row> = [label: string, value: (row: Row) => string];

const formLabels = new Map(adminFields(recordFormSchema).map((field) => [field.name, field.label]));
const label = (field: string) => formLabels.get(field) ?? field;

/** The record columns, labelled as the records' form labels them. */
const recordColumns: Array<Column<OpenDataRecord>> = [
  ['編號', (row) => String(row.id)],
  [label('type'), (row) => recordTypeLabels[row.type]],
  [label('disease_class'), (row) => (row.diseaseClass ? diseaseClassLabels[row.diseaseClass] : '')],
  [label('c_name'), (row) => row.CName],
  [label('e_name'), (row) => row.EName],
  [label('name'), (row) => row.Name],
  [label('aliases'), (row) => row.aliases.join('、')],
  [label('e_class1'), (row) => row.EClass1],
  [label('e_class2'), (row) => row.EClass2],
  [label('e_class3'), (row) => row.EClass3],
  [label('e_class4'), (row) => row.EClass4],
  [label('e_class5'), (row) => row.EClass5],
  [label('c_class1'), (row) => row.CClass1],
  [label('c_class2'), (row) => row.CClass2],
  [label('c_class3'), (row) => row.CClass3],
  [label('property'), (row) => row.Property],
  [label('life'), (row) => row.Life],
  [label('distribute'), (row) => row.Distribute],
  [label('harm'), (row) => row.Harm],
  [label('harm_part'), (row) => row.HarmPart],
  [label('harm_detail'), (row) => row.HarmDatail],
  [label('liter'), (row) => row.Liter],
  [label('control'), (row) => row.Control],
  [label('pesticide_names'), (row) => row.pesticideNames.join('、')],
  ['示範資料', (row) => (row.demo ? '是' : '否')],
  ['網址', (row) => row.url],
  ['建立時間', (row) => row.createdAt],
  ['最後更新', (row) => row.updatedAt],
];

/** The government file's columns (its header names, the approval date as yyyy-MM-dd), then source and date. */
function pesticideColumns(
  data: Pick<OpenDataPesticideUses['data'], 'source' | 'snapshotDate'>,
): Array<Column<OpenDataPesticideUse>> {
  return [
    ['原始列號', (row) => (row.sourceRow === null ? '' : String(row.sourceRow))],
    ['作物名稱', (row) => row.plant],
    ['病蟲名稱', (row) => row.bugname],
    ['普通名稱', (row) => row.cname],
    ['含量', (row) => row.amount],
    ['劑型代碼', (row) => row.typecode],
    ['每公頃每次用量', (row) => row.use_a],
    ['稀釋倍數', (row) => row.use_r],
    ['使用時期', (row) => row.use_p],
    ['施藥間隔', (row) => row.use_t],
    ['施用次數', (row) => row.usecount],
    ['安全採收期', (row) => row.safe],
    ['施藥方法', (row) => row.type],
    ['注意事項', (row) => row.notice],
    ['說明', (row) => row.note],
    ['核准日期', (row) => row.approvedOn ?? ''],
    ['原始登記廠商名稱', (row) => row.registrant],
    ['作用機制', (row) => row.moa],
    // On every row, so a filtered or pasted copy keeps them.
    ['資料來源', () => data.source],
    ['資料日期', () => data.snapshotDate ?? ''],
  ];
}

/**
 * CSV as Excel on Taiwanese Windows opens it: UTF-8 with a byte-order mark (without one it reads
 * Big5 and the Chinese turns to mojibake), CRLF line ends, cells quoted by csv-stringify where needed.
 * Written a batch at a time: each record ends with its own CRLF, so the pieces join into the same file.
 */
async function* csv<Row>(columns: Array<Column<Row>>, batches: AsyncIterable<Row[]>): AsyncGenerator<Buffer> {
  const lines = (rows: string[][]) => stringify(rows, { record_delimiter: 'windows' });
  yield Buffer.from(`\uFEFF${lines([columns.map(([heading]) => heading)])}`, 'utf8');
  for await (const rows of batches) {
    if (rows.length > 0) yield Buffer.from(lines(rows.map((row) => columns.map(([, value]) => value(row)))), 'utf8');
  }
}

/** `{ data: { ...head, items: [...] } }`, the items written a batch at a time. */
async function* json<Row>(head: object, batches: AsyncIterable<Row[]>): AsyncGenerator<Buffer> {
  yield Buffer.from(`{"data":${JSON.stringify(head).slice(0, -1)},"items":[`, 'utf8');
  let first = true;
  for await (const rows of batches) {
    if (rows.length === 0) continue;
    yield Buffer.from(`${first ? '' : ','}${rows.map((row) => JSON.stringify(row)).join(',')}`, 'utf8');
    first = false;
  }
  yield Buffer.from(']}}', 'utf8');
}

export function recordsFile(
  source: OpenDataSource<OpenDataRecords['data'], OpenDataRecord>,
  format: OpenDataFormat,
): AsyncIterable<Buffer> {
  return format === 'json' ? json(source.head, source.rows()) : csv(recordColumns, source.rows());
}

export function pesticideUsesFile(
  source: OpenDataSource<OpenDataPesticideUses['data'], OpenDataPesticideUse>,
  format: OpenDataFormat,
): AsyncIterable<Buffer> {
  return format === 'json' ? json(source.head, source.rows()) : csv(pesticideColumns(source.head), source.rows());
}
