import { readingRoomAdminMessages, type PublicationState } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { publications } from '../schema';
import { publicationAdminRow } from './publication-admin-row';

/** Publishes a publication or takes it back to a draft, audited; the same state again writes nothing. */
export async function setPublicationState(
  db: Database,
  actor: Viewer,
  id: number,
  state: PublicationState,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(publications).where(eq(publications.id, id)).for('update');
    if (!row) throw AppError.notFound(readingRoomAdminMessages.publicationUnknown);
    const status = state === 'published' ? 1 : 0;
    if (row.status === status) return false;
    const [after] = await tx
      .update(publications)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(publications.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: state === 'published' ? 'publication.publish' : 'publication.unpublish',
      entity: 'publication',
      entityId: id,
      before: publicationAdminRow(row),
      after: publicationAdminRow(after!),
    });
    return true;
  });
}
