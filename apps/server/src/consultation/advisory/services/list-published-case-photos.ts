import { advisoryNotFoundMessage, type AdvisoryPhoto } from '@pest/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../../platform/database/database';
import { AppError } from '../../../platform/http/app-error';
import { storedFiles } from '../../../platform/uploads/stored-files.schema';
import { consultationCasePhotos, consultationCases } from '../../schema';
import { byCaseId, isPublic } from '../advisory-mappers';
import { advisoryPhotoUrl } from '../advisory-photo-url';

/** The photos of a published case by group, pic1 → pic3, in the order they were sent. */
export async function listPublishedCasePhotos(db: Executor, caseId: number): Promise<AdvisoryPhoto[]> {
  const [found] = await db
    .select({ id: consultationCases.id })
    .from(consultationCases)
    .where(and(byCaseId(caseId), isPublic));
  if (!found) throw AppError.notFound(advisoryNotFoundMessage);
  const rows = await db
    .select({
      id: consultationCasePhotos.id,
      datatype: consultationCasePhotos.photoGroup,
      width: storedFiles.width,
      height: storedFiles.height,
    })
    .from(consultationCasePhotos)
    .innerJoin(storedFiles, eq(storedFiles.id, consultationCasePhotos.storedFileId))
    .where(and(eq(consultationCasePhotos.caseId, caseId), ne(storedFiles.status, 'failed')))
    .orderBy(asc(consultationCasePhotos.photoGroup), asc(consultationCasePhotos.id));
  return rows.map((row) => ({
    ...row,
    url: advisoryPhotoUrl(row.id),
    modUrl: advisoryPhotoUrl(row.id, 'mod'),
    thumbUrl: advisoryPhotoUrl(row.id, 'thumb'),
  }));
}
