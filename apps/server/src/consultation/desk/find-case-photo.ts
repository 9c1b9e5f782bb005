import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { consultationCasePhotos, consultationCases } from '../schema';

/** One photo of a case staff may see (submitted or answered), as the upload pipeline stored it. */
export async function findCasePhoto(db: Database, caseId: number, photoId: number) {
  const [row] = await db
    .select({
      sha256: storedFiles.sha256,
      contentType: storedFiles.contentType,
      status: storedFiles.status,
      fileName: storedFiles.fileName,
    })
    .from(consultationCasePhotos)
    .innerJoin(consultationCases, eq(consultationCases.id, consultationCasePhotos.caseId))
    .innerJoin(storedFiles, eq(storedFiles.id, consultationCasePhotos.storedFileId))
    .where(
      and(
        eq(consultationCasePhotos.id, photoId),
        eq(consultationCasePhotos.caseId, caseId),
        inArray(consultationCases.status, ['submitted', 'answered']),
      ),
    );
  return row ?? null;
}
