import type { pesticideImportChanges } from '../schema';
import type { RejectedRow } from './parse-pesticide-csv';
import type { PesticideChangePlan } from './plan-pesticide-changes';

export type PesticideChangeInsert = typeof pesticideImportChanges.$inferInsert;

/**
 * A preview's stored change list: added, changed, removed and rejected rows in that order, each
 * kind numbered from 0 (the screen pages through one kind by position).
 */
export function toPesticideChangeRows(
  importId: number,
  plan: PesticideChangePlan,
  rejected: readonly RejectedRow[],
): PesticideChangeInsert[] {
  return [
    ...plan.added.map(({ rowKey, line, ...after }, position) => ({
      importId,
      kind: 'added' as const,
      position,
      line,
      after: { ...after, rowKey },
    })),
    ...plan.changed.map(({ before, after: { rowKey, line, ...after }, fields }, position) => ({
      importId,
      kind: 'changed' as const,
      position,
      line,
      useId: before.id,
      before: withoutKeys(before),
      after: { ...after, rowKey },
      reason: fields.join(','),
    })),
    ...plan.removed.map((before, position) => ({
      importId,
      kind: 'removed' as const,
      position,
      useId: before.id,
      before: withoutKeys(before),
    })),
    ...rejected.map((row, position) => ({
      importId,
      kind: 'rejected' as const,
      position,
      line: row.line,
      reason: row.reason,
      after: { cells: row.cells },
    })),
  ];
}

function withoutKeys<Row extends { id: number; rowKey: string }>(row: Row): Omit<Row, 'id' | 'rowKey'> {
  const { id: _id, rowKey: _rowKey, ...rest } = row;
  return rest;
}
