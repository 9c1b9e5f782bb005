import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../platform/database/database';
import { storedFiles } from '../../../platform/uploads/stored-files.schema';
import { consultationCasePhotos, consultationCases } from '../../schema';
import { isPublic } from '../advisory-mappers';

/** The stored file of a photo, only when its case is public (null otherwise: the route's 404). */
export async function getPublishedPhotoFile(db: Executor, photoId: number) {
  const [row] = await db
    .select({
      sha256: storedFiles.sha256,
      contentType: storedFiles.contentType,
      status: storedFiles.status,
      fileName: storedFiles.fileName,
      caseId: consultationCases.id,
    })
    .from(consultationCasePhotos)
    .innerJoin(consultationCases, eq(consultationCases.id, consultationCasePhotos.caseId))
    .innerJoin(storedFiles, eq(storedFiles.id, consultationCasePhotos.storedFileId))
    .where(and(eq(consultationCasePhotos.id, photoId), isPublic));
  return row ?? null;
}
