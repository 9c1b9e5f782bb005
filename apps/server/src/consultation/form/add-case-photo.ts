import { consultationFormMessages, photosPerGroup, type PhotoGroup } from '@pest/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { attachFiles } from '../../platform/uploads/attach-files';
import type { Uploader } from '../../platform/uploads/identify-uploader';
import type { ReceivedUpload } from '../../platform/uploads/receive-uploads';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { consultationCasePhotos } from '../schema';
import { requireReceivingCase } from './require-receiving-case';

/** Uploads of the consultation form: recorded under this purpose, attached only to a case. */
export const consultationPhotoPurpose = 'consultation-photo';

/**
 * One photo of a receiving case (the spec's upload: id, cl, file; plus the token). The case row is
 * locked so the five-per-group count holds under concurrent uploads. The same photo sent again to
 * the same group (a retry whose first answer was lost) answers the photo already there.
 */
export async function addCasePhoto(
  db: Database,
  input: { caseId: number; group: PhotoGroup; token: string; file: ReceivedUpload; uploader: Uploader },
): Promise<{ photoId: number; group: PhotoGroup; fileName: string; photos: number }> {
  return db.transaction(async (tx) => {
    await requireReceivingCase(tx, input, { lock: true });

    const [sent] = await tx
      .select({ sha256: storedFiles.sha256 })
      .from(storedFiles)
      .where(eq(storedFiles.id, input.file.id));
    const [again] = sent
      ? await tx
          .select({ id: consultationCasePhotos.id })
          .from(consultationCasePhotos)
          .innerJoin(storedFiles, eq(storedFiles.id, consultationCasePhotos.storedFileId))
          .where(
            and(
              eq(consultationCasePhotos.caseId, input.caseId),
              eq(consultationCasePhotos.photoGroup, input.group),
              eq(storedFiles.sha256, sent.sha256),
            ),
          )
          .limit(1)
      : [];
    let photoId = again?.id;
    if (photoId === undefined) {
      const [inGroup] = await tx
        .select({ photos: count() })
        .from(consultationCasePhotos)
        .where(
          and(eq(consultationCasePhotos.caseId, input.caseId), eq(consultationCasePhotos.photoGroup, input.group)),
        );
      if ((inGroup?.photos ?? 0) >= photosPerGroup) throw AppError.badRequest(consultationFormMessages.groupFull);
      await attachFiles(tx, [input.file.id], { owner: input.uploader, purpose: consultationPhotoPurpose });
      const [row] = await tx
        .insert(consultationCasePhotos)
        .values({ caseId: input.caseId, photoGroup: input.group, storedFileId: input.file.id })
        .returning({ id: consultationCasePhotos.id });
      if (!row) throw new Error('consultation photo row was not written');
      photoId = row.id;
    }
    const [all] = await tx
      .select({ photos: count() })
      .from(consultationCasePhotos)
      .where(eq(consultationCasePhotos.caseId, input.caseId));
    return { photoId, group: input.group, fileName: input.file.fileName, photos: all?.photos ?? 0 };
  });
}
