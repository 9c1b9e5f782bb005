import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { recordPictureUrl } from '../record-pictures-url';
import { recordPictures } from '../schema';

/** The thumbnail address of each record's first displayed album picture, by record id. */
export async function listRecordThumbs(db: Executor, recordIds: readonly number[]): Promise<Map<number, string>> {
  const thumbs = new Map<number, string>();
  if (recordIds.length === 0) return thumbs;
  const rows = await db
    .selectDistinctOn([recordPictures.recordId], {
      recordId: recordPictures.recordId,
      name: recordPictures.name,
      type: recordPictures.type,
      updatedAt: recordPictures.updatedAt,
    })
    .from(recordPictures)
    .where(
      and(
        inArray(recordPictures.recordId, [...recordIds]),
        eq(recordPictures.display, true),
        eq(recordPictures.class, 'album'),
      ),
    )
    .orderBy(asc(recordPictures.recordId), asc(recordPictures.sort), asc(recordPictures.id));
  for (const row of rows) thumbs.set(row.recordId, recordPictureUrl(row, '_thumb'));
  return thumbs;
}
