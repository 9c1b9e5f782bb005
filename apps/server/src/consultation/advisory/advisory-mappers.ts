import type { AdvisoryCard } from '@pest/contracts';
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { consultationCasePhotos, consultationCases } from '../schema';
import { advisoryPhotoUrl } from './advisory-photo-url';

/** A case the public may see: published, and complete (never one still receiving its photos). */
export const isPublic = and(isNotNull(consultationCases.publishedAt), ne(consultationCases.status, 'receiving'));

/** When the case was sent (its card's date). */
export const announceTime = sql<Date>`coalesce(${consultationCases.submittedAt}, ${consultationCases.createdAt})`;

/**
 * The columns a card is made from — never the asker's name, e-mail or phone, so no mistake in a
 * mapper can put them in a public answer.
 */
export const cardColumns = {
  id: consultationCases.id,
  cropName: consultationCases.cropName,
  countyName: consultationCases.countyName,
  townshipName: consultationCases.townshipName,
  description: consultationCases.description,
  repliedAt: consultationCases.repliedAt,
  replyHtml: consultationCases.replyHtml,
  demo: consultationCases.demo,
  announceTime: announceTime.mapWith((value: string | Date) => new Date(value)),
};

export interface CardRow {
  id: number;
  cropName: string;
  countyName: string;
  townshipName: string;
  description: string;
  replyHtml: string | null;
  demo: boolean;
  announceTime: Date;
}

export const placeOf = (row: { countyName: string; townshipName: string }) => `${row.countyName}${row.townshipName}`;

export function toAdvisoryCard(row: CardRow, picnow: string | null): AdvisoryCard {
  return {
    id: row.id,
    cname: row.cropName,
    announceTime: row.announceTime.toISOString(),
    place: placeOf(row),
    describe: row.description,
    picnow,
    replied: row.replyHtml !== null && row.replyHtml.trim() !== '',
    demo: row.demo,
  };
}

/** The thumbnail of each case's first photo, far photos first (the card's `picnow`). */
export async function firstPhotoThumbs(db: Executor, caseIds: readonly number[]): Promise<Map<number, string>> {
  if (caseIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([consultationCasePhotos.caseId], {
      caseId: consultationCasePhotos.caseId,
      photoId: consultationCasePhotos.id,
    })
    .from(consultationCasePhotos)
    .where(inArray(consultationCasePhotos.caseId, [...caseIds]))
    .orderBy(
      asc(consultationCasePhotos.caseId),
      asc(consultationCasePhotos.photoGroup),
      asc(consultationCasePhotos.id),
    );
  return new Map(rows.map((row) => [row.caseId, advisoryPhotoUrl(row.photoId, 'thumb')]));
}

export const byCaseId = (id: number) => eq(consultationCases.id, id);
