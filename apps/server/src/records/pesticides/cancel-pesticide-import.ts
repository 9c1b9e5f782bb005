import { errorCodes, pesticideImportMessages } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit, type AuditEntry } from '../../platform/audit/record-audit';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { detachFiles } from '../../platform/uploads/detach-files';
import { pesticideImportChanges, pesticideImports } from '../schema';
import { lockPesticideData } from './pesticide-data-state';

/**
 * Drops a preview the editor does not want: its change list goes, its uploaded file returns to
 * the upload cleanup, the import stays in the history as cancelled. Cancelling it again is a
 * no-op; an applied or rolled-back import is not a preview (409). Nothing the public sees changes.
 */
export async function cancelPesticideImport(
  db: Executor,
  actor: AuditEntry['actor'],
  importId: number,
): Promise<{ cancelled: boolean }> {
  return db.transaction(async (tx) => {
    await lockPesticideData(tx);
    const [found] = await tx.select().from(pesticideImports).where(eq(pesticideImports.id, importId)).limit(1);
    if (!found) throw AppError.notFound(pesticideImportMessages.notFound);
    if (found.status === 'cancelled') return { cancelled: false };
    // A preview still being read may be cancelled too: its job stops at its next batch (decision 0350).
    if (found.status !== 'pending' && found.status !== 'reading') {
      throw new AppError(409, errorCodes.conflict, pesticideImportMessages.notPending);
    }
    await tx.update(pesticideImports).set({ status: 'cancelled' }).where(eq(pesticideImports.id, importId));
    await tx.delete(pesticideImportChanges).where(eq(pesticideImportChanges.importId, importId));
    if (found.fileId) await detachFiles(tx, [found.fileId]);
    await recordAudit(tx, {
      actor,
      action: 'pesticide-import.cancel',
      entity: 'pesticide-import',
      entityId: importId,
      before: { status: found.status, fileName: found.fileName, snapshotDate: found.snapshotDate },
      after: { status: 'cancelled' },
    });
    return { cancelled: true };
  });
}
