import type { FollowedCase } from '@pest/contracts';
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { consultationCasePhotos, consultationCases } from '../schema';
import { sanitizeRichText } from '../../platform/html/sanitize-rich-text';
import { secretHash } from './form-tokens';

/** Where the asker's page shows a photo of their case (the follow token authorises it). */
export const followedPhotoUrl = (photoId: number, variant: 'full' | 'mod' | 'thumb', token: string) =>
  `/files/consultation/followed/${photoId}/${variant}?token=${encodeURIComponent(token)}`;

/**
 * A follow token's case: the submission mail's link, valid for the life of the case, or the latest
 * reply mail's (decision 0303). A withdrawn case has neither.
 */
export function followedBy(token: string): SQL {
  const hash = secretHash(token);
  return and(
    or(eq(consultationCases.followTokenHash, hash), eq(consultationCases.replyTokenHash, hash)),
    inArray(consultationCases.status, ['submitted', 'answered']),
  )!;
}

/**
 * The asker's case through the private follow link: their data, photos and the reply. Null for an
 * unknown token or a case not submitted (a receiving case has no follow token yet).
 */
export async function findFollowedCase(db: Database, token: string): Promise<FollowedCase | null> {
  if (token.length < 20 || token.length > 100) return null;
  const [found] = await db.select().from(consultationCases).where(followedBy(token));
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
    published: found.publishedAt !== null,
    publishConsent: found.publishConsent === 'asker',
  };
}

/** A photo of a followed case, when the token is that case's. */
export async function findFollowedPhoto(db: Database, token: string, photoId: number) {
  const [row] = await db
    .select({ storedFileId: consultationCasePhotos.storedFileId })
    .from(consultationCasePhotos)
    .innerJoin(consultationCases, eq(consultationCases.id, consultationCasePhotos.caseId))
    .where(and(eq(consultationCasePhotos.id, photoId), followedBy(token)));
  return row ?? null;
}
