import type { DiseaseClass, RecordType } from '@pest/contracts';
import type { Executor } from '../../platform/database/database';
import { markContentChanged } from '../../platform/ssr/page-cache';
import { records } from '../schema';
import { recordSearchColumns } from '../search/record-search-columns';

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
}

/** The row to insert for a record, search columns included. */
export function recordRow(input: RecordInput): typeof records.$inferInsert {
  const body = [
    input.property,
    input.life,
    input.distribute,
    input.harm,
    input.harmPart,
    input.harmDetail,
    input.control,
    input.liter,
  ];
  const createdAt = input.createdAt ?? new Date();
  return {
    ...input,
    createdAt,
    updatedAt: createdAt,
    ...recordSearchColumns({ cName: input.cName, eName: input.eName, name: input.name, aliases: input.aliases, body }),
  };
}

/** Adds records (in one statement) and returns their ids in input order. */
export async function createRecords(db: Executor, inputs: readonly RecordInput[]): Promise<number[]> {
  if (inputs.length === 0) return [];
  const rows = await db.insert(records).values(inputs.map(recordRow)).returning({ id: records.id });
  markContentChanged();
  return rows.map((row) => row.id);
}
