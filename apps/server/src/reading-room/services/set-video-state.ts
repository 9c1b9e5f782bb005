import { readingRoomAdminMessages, type PublicationState } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { videos } from '../schema';
import { videoAdminRow } from './video-admin-row';

/** Publishes a video or takes it back to a draft, audited; the same state again writes nothing. */
export async function setVideoState(
  db: Database,
  actor: Viewer,
  id: number,
  state: PublicationState,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(videos).where(eq(videos.id, id)).for('update');
    if (!row) throw AppError.notFound(readingRoomAdminMessages.videoUnknown);
    const status = state === 'published' ? 1 : 0;
    if (row.status === status) return false;
    const [after] = await tx
      .update(videos)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(videos.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: state === 'published' ? 'video.publish' : 'video.unpublish',
      entity: 'video',
      entityId: id,
      before: videoAdminRow(row),
      after: videoAdminRow(after!),
    });
    return true;
  });
}
