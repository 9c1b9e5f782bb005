import { errorCodes, pesticideImportMessages } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import { recordAudit, type AuditEntry } from '../../platform/audit/record-audit';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { pesticideImports, pesticideUses } from '../schema';
import { countCurrentRows } from './apply-pesticide-import';
import { findCurrentImport, lockPesticideData } from './pesticide-data-state';

/**
 * Rolls back the import the site's data belongs to, in one transaction (decision 0234): the rows
 * it added go, the rows it replaced or removed come back exactly as they were (the same rows,
 * kept marked), and the import before it is current again — its source and date on the pages.
 * Rolling back again is a no-op; only the current import can be rolled back, and only while the
 * rows it replaced are kept.
 */
export async function rollBackPesticideImport(
  db: Executor,
  actor: AuditEntry['actor'],
  importId: number,
): Promise<{ rolledBack: boolean }> {
  return db.transaction(async (tx) => {
    await lockPesticideData(tx);
    const [found] = await tx.select().from(pesticideImports).where(eq(pesticideImports.id, importId)).limit(1);
    if (!found) throw AppError.notFound(pesticideImportMessages.notFound);
    if (found.status === 'rolled-back') return { rolledBack: false };
    const refuse = (message: string) => new AppError(409, errorCodes.conflict, message);
    if (found.status !== 'applied') throw refuse(pesticideImportMessages.notApplied);
    const current = await findCurrentImport(tx);
    if (current?.id !== importId) throw refuse(pesticideImportMessages.notLatest);
    if (!found.historyKept) throw refuse(pesticideImportMessages.historyGone);
    const rowsBefore = await countCurrentRows(tx);
    // Its own rows first: a restored row may have the content key of one it added.
    await tx.delete(pesticideUses).where(eq(pesticideUses.importId, importId));
    await tx
      .update(pesticideUses)
      .set({ removedByImportId: null })
      .where(eq(pesticideUses.removedByImportId, importId));
    await tx
      .update(pesticideImports)
      .set({
        status: 'rolled-back',
        rolledBackAt: sql`now()`,
        rolledBackBy: actor.memberId === null ? actor.label : actor.account,
      })
      .where(eq(pesticideImports.id, importId));
    const previous = await findCurrentImport(tx);
    await recordAudit(tx, {
      actor,
      action: 'pesticide-import.roll-back',
      entity: 'pesticide-import',
      entityId: importId,
      before: { import: importId, snapshotDate: found.snapshotDate, source: found.source, rows: rowsBefore },
      after: {
        import: previous?.id ?? null,
        snapshotDate: previous?.snapshotDate ?? null,
        source: previous?.source ?? null,
        rows: await countCurrentRows(tx),
      },
    });
    return { rolledBack: true };
  });
}
