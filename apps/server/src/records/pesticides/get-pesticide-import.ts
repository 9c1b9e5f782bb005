import {
  pesticideChangeKinds,
  pesticideChangeRow,
  pesticideChangesPageSize,
  pesticideImportMessages,
  type PesticideChange,
  type PesticideChangeKind,
  type PesticideImportDetail,
} from '@pest/contracts';
import { and, asc, count, desc, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../platform/database/database';
import { pesticideImportChanges, pesticideImports } from '../schema';
import { countCurrentRows } from './apply-pesticide-import';
import { findCurrentImport } from './pesticide-data-state';
import { toPesticideImportRow } from './pesticide-import-row';

const rejectedCells = z.object({ cells: z.array(z.string()) });

function toChange(row: typeof pesticideImportChanges.$inferSelect): PesticideChange {
  switch (row.kind) {
    case 'added':
      return { kind: 'added', line: row.line ?? 0, after: pesticideChangeRow.parse(row.after) };
    case 'changed':
      return {
        kind: 'changed',
        line: row.line ?? 0,
        before: pesticideChangeRow.parse(row.before),
        after: pesticideChangeRow.parse(row.after),
        fields: (row.reason ?? '').split(',').filter(Boolean),
      };
    case 'removed':
      return { kind: 'removed', before: pesticideChangeRow.parse(row.before) };
    case 'rejected':
      return {
        kind: 'rejected',
        line: row.line ?? 0,
        reason: row.reason ?? '',
        cells: rejectedCells.parse(row.after).cells,
      };
  }
}

/**
 * One import with one page of its changes of one kind (the preview and detail screen): by
 * default the first kind it has, in the order 新增, 變更, 移除, 無法匯入. Null when there is no
 * such import.
 */
export async function getPesticideImport(
  db: Executor,
  importId: number,
  options: { kind?: PesticideChangeKind | undefined; page?: number } = {},
): Promise<PesticideImportDetail | null> {
  const [found] = await db.select().from(pesticideImports).where(eq(pesticideImports.id, importId)).limit(1);
  if (!found) return null;
  const current = await findCurrentImport(db);
  const currentId = current?.id ?? null;
  const counts: Record<PesticideChangeKind, number> = {
    added: found.inserted,
    changed: found.changed,
    removed: found.removed,
    rejected: found.rejected,
  };
  const kind = options.kind ?? pesticideChangeKinds.find((candidate) => counts[candidate] > 0) ?? 'added';
  const page = options.page ?? 1;
  const where = and(eq(pesticideImportChanges.importId, importId), eq(pesticideImportChanges.kind, kind));
  const [rows, [stored]] = await Promise.all([
    db
      .select()
      .from(pesticideImportChanges)
      .where(where)
      .orderBy(asc(pesticideImportChanges.position))
      .limit(pesticideChangesPageSize)
      .offset((page - 1) * pesticideChangesPageSize),
    db.select({ total: count() }).from(pesticideImportChanges).where(eq(pesticideImportChanges.importId, importId)),
  ]);
  const sameAsCurrent =
    found.inserted + found.changed + found.removed === 0 &&
    current?.source === found.source &&
    current.snapshotDate === found.snapshotDate;
  const stale = found.status === 'pending' && found.baseImportId !== currentId;
  const notApplicableReason =
    found.status !== 'pending'
      ? null
      : stale
        ? pesticideImportMessages.stale
        : sameAsCurrent
          ? pesticideImportMessages.nothingToApply
          : null;
  const [previous] =
    found.status === 'applied' && found.sequence !== null
      ? await db
          .select()
          .from(pesticideImports)
          .where(and(eq(pesticideImports.status, 'applied'), lt(pesticideImports.sequence, found.sequence)))
          .orderBy(desc(pesticideImports.sequence))
          .limit(1)
      : [];
  const expected = Object.values(counts).reduce((sum, value) => sum + value, 0);
  return {
    import: toPesticideImportRow(found, currentId),
    currentImportId: currentId,
    currentRows: await countCurrentRows(db),
    previousImport: previous ? toPesticideImportRow(previous, currentId) : null,
    applicable: found.status === 'pending' && notApplicableReason === null,
    notApplicableReason,
    changesKept: expected === 0 || (stored?.total ?? 0) > 0,
    counts,
    kind,
    page,
    pageSize: pesticideChangesPageSize,
    total: counts[kind],
    changes: rows.map(toChange),
  };
}
