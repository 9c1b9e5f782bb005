import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { refreshCaseSearch } from '../advisory/services/refresh-case-search';
import { hashCaseToken } from '../case-token';
import { storedFileKey } from '../../platform/uploads/stored-file-keys';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { consultationCasePhotos, consultationCases, consultationCrops, consultationExpertCrops } from '../schema';

export interface TestCase {
  cropId?: number | null;
  cropName?: string;
  countyName?: string;
  askerName?: string;
  askerEmail?: string;
  memberId?: number | null;
  /** Hours since it was submitted (the respond-by clock). */
  hoursAgo?: number;
  photos?: number;
  /** The asker's answer to the publication question (the form's default: not agreed). */
  publishConsent?: 'none' | 'asker' | 'prior-publication';
  /** The submission mail's follow token, when the test opens the asker's page. */
  followToken?: string;
  assignedExpertId?: number | null;
  askerPhone?: string;
}

/** A wizard crop for test cases (the form sets `crop_id` when the farmer's crop is one of them). */
export async function insertCrop(app: FastifyInstance, id: number, cname: string, expertIds: number[] = []) {
  await app.db.insert(consultationCrops).values({ id, cname }).onConflictDoNothing();
  if (expertIds.length > 0) {
    await app.db
      .insert(consultationExpertCrops)
      .values(expertIds.map((memberId) => ({ memberId, cropId: id })))
      .onConflictDoNothing();
  }
}

let photoNumber = 0;

/**
 * A case as the consultation form leaves it once every photo arrived (status 'submitted'): its
 * photos are real JPEGs in the app's file storage with their stored_files rows, as the upload
 * pipeline stores them. Returns the case id.
 */
export async function insertSubmittedCase(app: FastifyInstance, values: TestCase = {}): Promise<number> {
  const submittedAt = new Date(Date.now() - (values.hoursAgo ?? 1) * 3_600_000);
  const [row] = await app.db
    .insert(consultationCases)
    .values({
      status: 'submitted',
      askerName: values.askerName ?? '王小明',
      askerEmail: values.askerEmail ?? 'farmer@example.org',
      askerPhone: values.askerPhone ?? '0912345678',
      memberId: values.memberId ?? null,
      publishConsent: values.publishConsent ?? 'none',
      followTokenHash: values.followToken ? hashCaseToken(values.followToken) : null,
      assignedExpertId: values.assignedExpertId ?? null,
      countyId: '66000',
      countyName: values.countyName ?? '臺中市',
      townshipName: '霧峰區',
      cropName: values.cropName ?? '番茄',
      cropId: values.cropId ?? null,
      description: '葉片出現黃色斑點，逐漸擴大。',
      createdAt: submittedAt,
      submittedAt,
    })
    .returning({ id: consultationCases.id });
  const caseId = row!.id;
  for (let index = 0; index < (values.photos ?? 1); index++) {
    photoNumber += 1;
    const bytes = await sharp({
      create: {
        width: 64,
        height: 48,
        channels: 3,
        background: { r: 40 + (photoNumber % 200), g: (photoNumber * 37) % 256, b: (photoNumber * 71) % 256 },
      },
    })
      .jpeg()
      .toBuffer();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    // Every size the upload pipeline makes (photo-variants.ts), so pages that show _mod or _thumb work.
    for (const variant of ['full', 'mod', 'thumb'] as const)
      await app.storage.put(storedFileKey(sha256, variant), bytes);
    const [file] = await app.db
      .insert(storedFiles)
      .values({
        sha256,
        storageKey: storedFileKey(sha256, 'full'),
        size: bytes.length,
        sourceType: 'image/jpeg',
        contentType: 'image/jpeg',
        fileName: `far-${index + 1}.jpg`,
        width: 64,
        height: 48,
        purpose: 'consultation-photo',
        uploaderHash: 'test',
        status: 'attached',
        attachedAt: new Date(),
      })
      .returning({ id: storedFiles.id });
    await app.db.insert(consultationCasePhotos).values({ caseId, photoGroup: 'pic1', storedFileId: file!.id });
  }
  // As the form's closing call leaves it: searchable (the desk's filters read the search rows).
  await refreshCaseSearch(app.db, [caseId]);
  return caseId;
}
