import { maskAskerName } from '@pest/contracts';
import { and, asc, count, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { definePersonalDataPart } from '../../platform/personal-data/personal-data-part';
import { detachFiles } from '../../platform/uploads/detach-files';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { consultationCasePhotos, consultationCases } from '../schema';

/**
 * The consultation's part in a member's rights (decision 0307): the cases they sent while signed
 * in, with their photos. Erasing removes an unpublished case with its photos and search row; a
 * published case stays only in the form the archive shows (decision 0310): the masked name, no
 * e-mail, no phone, no member, no private links.
 */
export const consultationPersonalData = definePersonalDataPart({
  async exportFor(db, memberId) {
    const cases = await db
      .select()
      .from(consultationCases)
      .where(and(eq(consultationCases.memberId, memberId), ne(consultationCases.status, 'receiving')))
      .orderBy(asc(consultationCases.id));
    const ids = cases.map((row) => row.id);
    const photos =
      ids.length === 0
        ? []
        : await db
            .select({
              caseId: consultationCasePhotos.caseId,
              group: consultationCasePhotos.photoGroup,
              storageKey: storedFiles.storageKey,
            })
            .from(consultationCasePhotos)
            .innerJoin(storedFiles, eq(storedFiles.id, consultationCasePhotos.storedFileId))
            .where(inArray(consultationCasePhotos.caseId, ids))
            .orderBy(
              asc(consultationCasePhotos.caseId),
              asc(consultationCasePhotos.photoGroup),
              asc(consultationCasePhotos.id),
            );
    const files = photos.map((photo, index) => {
      const before = photos
        .slice(0, index)
        .filter((other) => other.caseId === photo.caseId && other.group === photo.group);
      return { storageKey: photo.storageKey, name: `cases/${photo.caseId}/${photo.group}-${before.length + 1}.jpg` };
    });
    return {
      sections: {
        cases: cases.map((row) => ({
          id: row.id,
          status: row.status,
          name: row.askerName,
          email: row.askerEmail,
          phone: row.askerPhone,
          county: row.countyName,
          township: row.townshipName,
          crop: row.cropName,
          description: row.description,
          reply_html: row.replyHtml,
          replied_at: row.repliedAt,
          published_at: row.publishedAt,
          follow_up_answer: row.followUpAnswer,
          created_at: row.createdAt,
          submitted_at: row.submittedAt,
          photos: files.filter((file) => file.name.startsWith(`cases/${row.id}/`)).map((file) => file.name),
        })),
      },
      files,
    };
  },
  async eraseFor(tx, memberId) {
    const cases = await tx
      .select({
        id: consultationCases.id,
        name: consultationCases.askerName,
        email: consultationCases.askerEmail,
        phone: consultationCases.askerPhone,
        publishedAt: consultationCases.publishedAt,
      })
      .from(consultationCases)
      .where(eq(consultationCases.memberId, memberId))
      .for('update');
    const unpublished = cases.filter((row) => row.publishedAt === null).map((row) => row.id);
    const photos =
      unpublished.length === 0
        ? []
        : await tx
            .select({ fileId: consultationCasePhotos.storedFileId })
            .from(consultationCasePhotos)
            .where(inArray(consultationCasePhotos.caseId, unpublished));
    if (unpublished.length > 0) {
      // Photos, reply links and the search row go with the case (foreign keys).
      await tx
        .delete(consultationCases)
        .where(and(inArray(consultationCases.id, unpublished), isNull(consultationCases.publishedAt)));
    }
    const fileIds = photos.map((photo) => photo.fileId);
    await detachFiles(tx, fileIds);
    for (const row of cases.filter((entry) => entry.publishedAt !== null)) {
      await tx
        .update(consultationCases)
        .set({
          askerName: maskAskerName(row.name),
          askerEmail: '',
          askerPhone: '',
          memberId: null,
          idempotencyKey: null,
          uploadTokenHash: null,
          followTokenHash: null,
          followUpTokenHash: null,
          updatedAt: new Date(),
        })
        .where(and(eq(consultationCases.id, row.id), isNotNull(consultationCases.publishedAt)));
    }
    return {
      storedFileIds: fileIds,
      addresses: cases.map((row) => row.email),
      identifyingTexts: cases.flatMap((row) => [row.name, row.phone]),
      auditEntities: cases.map((row) => ({ entity: 'consultation-case', entityId: row.id })),
    };
  },
  async isUsedBy(db, memberId) {
    const [row] = await db
      .select({ cases: count() })
      .from(consultationCases)
      .where(and(eq(consultationCases.memberId, memberId), ne(consultationCases.status, 'receiving')));
    return (row?.cases ?? 0) > 0;
  },
});
