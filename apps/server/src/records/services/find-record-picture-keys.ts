import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { recordPictureKey } from '../record-pictures-url';
import { recordPictures, records } from '../schema';

/**
 * Records by Chinese name, with the storage keys of their full-size pictures by picture name
 * (another feature's demo content copies them, e.g. consultation's demo case photos).
 */
export async function findRecordPictureKeys(
  db: Executor,
  cNames: readonly string[],
): Promise<Map<string, { recordId: number; pictures: Map<string, string> }>> {
  const found = new Map<string, { recordId: number; pictures: Map<string, string> }>();
  if (cNames.length === 0) return found;
  const rows = await db
    .select({ recordId: records.id, cName: records.cName, name: recordPictures.name, type: recordPictures.type })
    .from(records)
    .leftJoin(recordPictures, and(eq(recordPictures.recordId, records.id), eq(recordPictures.display, true)))
    .where(inArray(records.cName, [...cNames]));
  for (const row of rows) {
    const entry = found.get(row.cName) ?? { recordId: row.recordId, pictures: new Map<string, string>() };
    if (row.name !== null && row.type !== null)
      entry.pictures.set(row.name, recordPictureKey(row.recordId, row.name, row.type));
    found.set(row.cName, entry);
  }
  return found;
}
