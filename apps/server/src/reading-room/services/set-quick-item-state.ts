import { readingRoomItemsMessages, type PublicationState } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { quickItems } from '../schema';
import { countQuickFiles } from './count-quick-files';
import { quickItemAdminRow } from './quick-item-admin-row';

/** Publishes a quick-start item or takes it back to a draft, audited; the same state again writes nothing. */
export async function setQuickItemState(
  db: Database,
  actor: Viewer,
  id: number,
  state: PublicationState,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(quickItems).where(eq(quickItems.id, id)).for('update');
    if (!row) throw AppError.notFound(readingRoomItemsMessages.quickItemUnknown);
    const status = state === 'published' ? 1 : 0;
    if (row.status === status) return false;
    const [after] = await tx
      .update(quickItems)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(quickItems.id, id))
      .returning();
    const files = await countQuickFiles(tx, id);
    await recordAudit(tx, {
      actor,
      action: state === 'published' ? 'quick-item.publish' : 'quick-item.unpublish',
      entity: 'quick-item',
      entityId: id,
      before: quickItemAdminRow(row, files),
      after: quickItemAdminRow(after!, files),
    });
    return true;
  });
}
