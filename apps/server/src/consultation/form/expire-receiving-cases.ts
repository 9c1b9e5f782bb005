import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { detachFiles } from '../../platform/uploads/detach-files';
import { consultationCasePhotos, consultationCases } from '../schema';

/** How long a form may wait for its next photo chunk or its closing call (decision 0396). */
export const receivingLifetimeMs = 24 * 60 * 60 * 1000;

/**
 * Removes cases whose closing call never came (a draft given up): no half case stays. Counted
 * from the case's last progress (each photo chunk notes it), so a slow field upload is not cut. Their photos are detached, so the uploads cleanup removes them. Returns how many went.
 */
export async function expireReceivingCases(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - receivingLifetimeMs);
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: consultationCases.id })
      .from(consultationCases)
      .where(and(eq(consultationCases.status, 'receiving'), lt(consultationCases.updatedAt, cutoff)))
      .for('update', { skipLocked: true });
    const ids = stale.map((row) => row.id);
    if (ids.length === 0) return 0;
    const photos = await tx
      .select({ fileId: consultationCasePhotos.storedFileId })
      .from(consultationCasePhotos)
      .where(inArray(consultationCasePhotos.caseId, ids));
    await tx
      .delete(consultationCases)
      .where(and(inArray(consultationCases.id, ids), eq(consultationCases.status, 'receiving')));
    await detachFiles(
      tx,
      photos.map((photo) => photo.fileId),
    );
    return ids.length;
  });
}
