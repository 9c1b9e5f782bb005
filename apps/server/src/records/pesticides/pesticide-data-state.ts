import type { PesticideChangeRow } from '@pest/contracts';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { pesticideImports, pesticideUses } from '../schema';
import type { CurrentUse } from './plan-pesticide-changes';

/**
 * Serialises everything that reads or changes which pesticide rows are current — previews (which
 * record the data they were computed against), applies and rollbacks — across every server
 * process, until the transaction ends.
 */
export async function lockPesticideData(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('pesticide-data', 0))`);
}

/** The import whose data the site shows: the applied one applied last. */
export async function findCurrentImport(db: Executor) {
  const [current] = await db
    .select()
    .from(pesticideImports)
    .where(and(eq(pesticideImports.status, 'applied'), isNotNull(pesticideImports.sequence)))
    .orderBy(desc(pesticideImports.sequence))
    .limit(1);
  return current ?? null;
}

/** Only rows no import has replaced or removed are on the site. */
export const isCurrentUse = isNull(pesticideUses.removedByImportId);

/** The rows on the site, in source order. */
export async function listCurrentUses(db: Executor): Promise<CurrentUse[]> {
  const rows = await db
    .select()
    .from(pesticideUses)
    .where(isCurrentUse)
    .orderBy(sql`${pesticideUses.sourceRow} NULLS LAST`, asc(pesticideUses.id));
  return rows.map((row) => ({ id: row.id, rowKey: row.rowKey, ...toChangeRow(row) }));
}

type UseColumns = Omit<typeof pesticideUses.$inferSelect, 'id' | 'rowKey' | 'importId' | 'removedByImportId'>;

/** A stored row's fields as previews, exports and the history show them. */
export function toChangeRow(row: UseColumns): PesticideChangeRow {
  return {
    sourceRow: row.sourceRow,
    plant: row.plant,
    bugname: row.bugname,
    cname: row.cname,
    amount: row.amount,
    typecode: row.typecode,
    useA: row.useA,
    useR: row.useR,
    useP: row.useP,
    useT: row.useT,
    usecount: row.usecount,
    safe: row.safe,
    method: row.method,
    notice: row.notice,
    note: row.note,
    approvedOn: row.approvedOn,
    registrant: row.registrant,
    moa: row.moa,
  };
}
