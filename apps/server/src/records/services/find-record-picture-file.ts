import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { recordPictures, records } from '../schema';

/** A picture's file as its address names it, and whether visitors may see it. */
export interface RecordPictureFile {
  /** Published record and a displayed picture: anyone may see it, and caches may keep it. */
  public: boolean;
  /** The upload pipeline's file of an editor's upload; null for the seed's variants under records/<id>/. */
  storedFile: typeof storedFiles.$inferSelect | null;
}

/** The picture of a record stored as `name`.`type`, or null when there is none. */
export async function findRecordPictureFile(
  db: Executor,
  recordId: number,
  name: string,
  type: string,
): Promise<RecordPictureFile | null> {
  const [row] = await db
    .select({ state: records.state, display: recordPictures.display, storedFile: storedFiles })
    .from(recordPictures)
    .innerJoin(records, eq(records.id, recordPictures.recordId))
    .leftJoin(storedFiles, eq(storedFiles.id, recordPictures.storedFileId))
    .where(and(eq(recordPictures.recordId, recordId), eq(recordPictures.name, name), eq(recordPictures.type, type)));
  if (!row) return null;
  return { public: row.state === 'published' && row.display, storedFile: row.storedFile };
}
