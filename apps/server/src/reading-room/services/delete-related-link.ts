import { readingRoomItemsMessages } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { relatedLinks } from '../schema';
import { relatedLinkAdminRow } from './related-link-admin-row';

/** Deletes a related link, audited, in one transaction. */
export async function deleteRelatedLink(db: Database, actor: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(relatedLinks).where(eq(relatedLinks.id, id)).returning();
    if (!row) throw AppError.notFound(readingRoomItemsMessages.relatedLinkUnknown);
    await recordAudit(tx, {
      actor,
      action: 'related-link.delete',
      entity: 'related-link',
      entityId: id,
      before: relatedLinkAdminRow(row),
    });
  });
}
