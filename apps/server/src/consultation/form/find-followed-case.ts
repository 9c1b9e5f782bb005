import type { FollowedCase } from '@pest/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { consultationCasePhotos, consultationCases } from '../schema';
import { sanitizeRichText } from '../../platform/html/sanitize-rich-text';
import { secretHash } from './form-tokens';

/** Where the asker's page shows a photo of their case (the follow token authorises it). */
export const followedPhotoUrl = (photoId: number, variant: 'full' | 'mod' | 'thumb', token: string) =>
  `/files/consultation/followed/${photoId}/${variant}?token=${encodeURIComponent(token)}`;

/**
 * The asker's case through the private follow link: their data, photos and the reply. Null for an
 * unknown token or a case not submitted (a receiving case has no follow token yet).
 */
export async function findFollowedCase(db: Database, token: string): Promise<FollowedCase | null> {
  if (token.length < 20 || token.length > 100) return null;
  const [found] = await db
    .select()
    .from(consultationCases)
    .where(
      and(
        eq(consultationCases.followTokenHash, secretHash(token)),
        inArray(consultationCases.status, ['submitted', 'answered']),
      ),
    );
  if (!found || found.status === 'receiving') return null;
  const photos = await db
    .select({ id: consultationCasePhotos.id, group: consultationCasePhotos.photoGroup })
    .from(consultationCasePhotos)
    .where(eq(consultationCasePhotos.caseId, found.id))
    .orderBy(asc(consultationCasePhotos.photoGroup), asc(consultationCasePhotos.id));
  return {
    id: found.id,
    status: found.status,
    submittedAt: (found.submittedAt ?? found.createdAt).toISOString(),
    county: found.countyName,
    township: found.townshipName,
    crop: found.cropName,
    description: found.description,
    askerName: found.askerName,
    photos: photos.map((photo) => ({ ...photo, url: followedPhotoUrl(photo.id, 'mod', token) })),
    // Sanitised again on the way out: the page shows it as HTML.
    replyHtml: found.status === 'answered' && found.replyHtml ? sanitizeRichText(found.replyHtml) : null,
    repliedAt: found.status === 'answered' ? (found.repliedAt?.toISOString() ?? null) : null,
  };
}

/** A photo of a followed case, when the token is that case's. */
export async function findFollowedPhoto(db: Database, token: string, photoId: number) {
  const [row] = await db
    .select({ storedFileId: consultationCasePhotos.storedFileId })
    .from(consultationCasePhotos)
    .innerJoin(consultationCases, eq(consultationCases.id, consultationCasePhotos.caseId))
    .where(
      and(
        eq(consultationCasePhotos.id, photoId),
        eq(consultationCases.followTokenHash, secretHash(token)),
        inArray(consultationCases.status, ['submitted', 'answered']),
      ),
    );
  return row ?? null;
}
