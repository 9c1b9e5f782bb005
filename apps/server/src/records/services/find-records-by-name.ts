import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { recordPictureUrl } from '../record-pictures-url';
import { recordPictures, records } from '../schema';
import { isPublishedRecord } from './record-visibility';

export interface RecordByName {
  id: number;
  cName: string;
  /** The `_mod` (480 px wide) addresses of its displayed album pictures, in album order. */
  albumPictures: string[];
}

/**
 * Records by exact Chinese name, with their album pictures, for other features' demo content
 * (the consultation wizard links its final options to records and shows their pictures). A name
 * two records share is left out, so a caller never links the wrong one.
 */
export async function findRecordsByName(db: Executor, names: readonly string[]): Promise<Map<string, RecordByName>> {
  const found = new Map<string, RecordByName>();
  if (names.length === 0) return found;
  const rows = await db
    .select({ id: records.id, cName: records.cName })
    .from(records)
    .where(and(inArray(records.cName, [...new Set(names)]), isPublishedRecord));
  for (const row of rows) {
    const sharedName = rows.some((other) => other.cName === row.cName && other.id !== row.id);
    if (!sharedName) found.set(row.cName, { ...row, albumPictures: [] });
  }
  if (found.size === 0) return found;
  const byId = new Map([...found.values()].map((record) => [record.id, record]));
  const pictures = await db
    .select({
      recordId: recordPictures.recordId,
      name: recordPictures.name,
      type: recordPictures.type,
      updatedAt: recordPictures.updatedAt,
    })
    .from(recordPictures)
    .where(
      and(
        inArray(recordPictures.recordId, [...byId.keys()]),
        eq(recordPictures.display, true),
        eq(recordPictures.class, 'album'),
      ),
    )
    .orderBy(asc(recordPictures.recordId), asc(recordPictures.sort), asc(recordPictures.id));
  for (const picture of pictures) byId.get(picture.recordId)?.albumPictures.push(recordPictureUrl(picture, '_mod'));
  return found;
}
