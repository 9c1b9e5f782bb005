import type { DiseaseClass, RecordType } from '@pest/contracts';
import type { Executor } from '../../platform/database/database';
import { records, recordSearch } from '../schema';
import { recordSearchEntry } from '../search/record-search-entry';

/** A record as written: the spec's fields (camelCase) plus type, class, aliases and pesticide links. */
export interface RecordInput {
  type: RecordType;
  diseaseClass: DiseaseClass | null;
  cName: string;
  eName: string;
  name: string;
  aliases: string[];
  eClass1: string;
  eClass2: string;
  eClass3: string;
  eClass4: string;
  eClass5: string;
  cClass1: string;
  cClass2: string;
  cClass3: string;
  property: string;
  life: string;
  distribute: string;
  harm: string;
  harmPart: string;
  harmDetail: string;
  liter: string;
  control: string;
  pesticideNames: string[];
  createdAt?: Date;
  views?: number;
  /** Demo content written by the site team (the seed); staff records are real. */
  demo?: boolean;
}

/** The fields search reads; `type` as stored (a checked column), so stored rows qualify too. */
type SearchSource = { type: string } & Pick<
  RecordInput,
  | 'cName'
  | 'eName'
  | 'name'
  | 'aliases'
  | 'property'
  | 'life'
  | 'distribute'
  | 'harm'
  | 'harmPart'
  | 'harmDetail'
  | 'control'
  | 'liter'
>;

/** The search row of a record (without the id it may be yet to get). */
export function recordSearchRow(source: SearchSource): Omit<typeof recordSearch.$inferInsert, 'recordId'> {
  const body = [
    source.property,
    source.life,
    source.distribute,
    source.harm,
    source.harmPart,
    source.harmDetail,
    source.control,
    source.liter,
  ];
  return {
    type: source.type,
    cName: source.cName,
    ...recordSearchEntry({
      cName: source.cName,
      eName: source.eName,
      name: source.name,
      aliases: source.aliases,
      body,
    }),
  };
}

/** The rows to insert for a record: its own, and its search row. */
export function recordRows(input: RecordInput) {
  const createdAt = input.createdAt ?? new Date();
  return { record: { ...input, createdAt, updatedAt: createdAt }, search: recordSearchRow(input) };
}

/**
 * Adds records with their search rows (in one transaction) and returns their ids in input order.
 * Caches learn of it through the bound records services, which publish the change once committed.
 */
export async function createRecords(db: Executor, inputs: readonly RecordInput[]): Promise<number[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map(recordRows);
  const ids = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(records)
      .values(rows.map((row) => row.record))
      .returning({ id: records.id });
    await tx.insert(recordSearch).values(rows.map((row, index) => ({ ...row.search, recordId: inserted[index]!.id })));
    return inserted.map((row) => row.id);
  });
  return ids;
}
