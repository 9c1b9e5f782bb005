import { readingRoomAdminMessages } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { detachFiles } from '../../platform/uploads/detach-files';
import { readingRoomSearch, videos } from '../schema';
import { videoAdminRow } from './video-admin-row';

/** Deletes a video and its search row, audited, in one transaction; its uploaded cover goes back to the cleanup (a seeded clip's bytes stay with the seed). */
export async function deleteVideo(db: Database, actor: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(videos).where(eq(videos.id, id)).returning();
    if (!row) throw AppError.notFound(readingRoomAdminMessages.videoUnknown);
    await tx
      .delete(readingRoomSearch)
      .where(and(eq(readingRoomSearch.kind, 'video'), eq(readingRoomSearch.itemId, id)));
    if (row.coverFileId) await detachFiles(tx, [row.coverFileId]);
    await recordAudit(tx, { actor, action: 'video.delete', entity: 'video', entityId: id, before: videoAdminRow(row) });
  });
}
