import { pesticidePreviewHours } from '@pest/contracts';
import { and, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { detachFiles } from '../../platform/uploads/detach-files';
import { pesticideImportChanges, pesticideImports } from '../schema';
import { lockPesticideData } from './pesticide-data-state';

/**
 * Cancels previews nobody applied within `pesticidePreviewHours`: their change lists go and their
 * uploaded files return to the upload cleanup (an hourly job). Returns how many were cancelled.
 */
export async function expirePesticidePreviews(db: Executor, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - pesticidePreviewHours * 3_600_000);
  return db.transaction(async (tx) => {
    await lockPesticideData(tx);
    const expired = await tx
      .update(pesticideImports)
      .set({ status: 'cancelled' })
      // A preview still `reading` a day later was left by a job that never finished.
      .where(and(inArray(pesticideImports.status, ['pending', 'reading']), lt(pesticideImports.createdAt, cutoff)))
      .returning({ id: pesticideImports.id, fileId: pesticideImports.fileId });
    if (expired.length === 0) return 0;
    await tx.delete(pesticideImportChanges).where(
      inArray(
        pesticideImportChanges.importId,
        expired.map((row) => row.id),
      ),
    );
    await detachFiles(
      tx,
      expired.flatMap((row) => (row.fileId ? [row.fileId] : [])),
    );
    return expired.length;
  });
}
