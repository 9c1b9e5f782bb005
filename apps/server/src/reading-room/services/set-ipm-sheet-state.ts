import { readingRoomAdminMessages, type PublicationState } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { ipmSheets } from '../schema';
import { ipmSheetAdminRow } from './ipm-sheet-admin-row';

/**
 * Publishes an IPM sheet or takes it back to a draft, audited, in one transaction. The same state
 * again writes nothing (a double click): returns whether it changed.
 */
export async function setIpmSheetState(
  db: Database,
  actor: Viewer,
  id: number,
  state: PublicationState,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(ipmSheets).where(eq(ipmSheets.id, id)).for('update');
    if (!row) throw AppError.notFound(readingRoomAdminMessages.ipmSheetUnknown);
    const status = state === 'published' ? 1 : 0;
    if (row.status === status) return false;
    const [after] = await tx
      .update(ipmSheets)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(ipmSheets.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: state === 'published' ? 'ipm-sheet.publish' : 'ipm-sheet.unpublish',
      entity: 'ipm-sheet',
      entityId: id,
      before: ipmSheetAdminRow(row),
      after: ipmSheetAdminRow(after!),
    });
    return true;
  });
}
