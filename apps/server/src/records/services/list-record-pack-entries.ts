import {
  layoutFor,
  pictureClassSchema,
  type DiseaseClass,
  type PictureClass,
  type RecordLayout,
  type RecordType,
} from '@pest/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { recordPictureUrl } from '../record-pictures-url';
import { recordPictures, records } from '../schema';

export interface RecordPackEntry {
  id: number;
  layout: RecordLayout;
  updatedAt: Date;
  /** The displayed pictures' `_mod` addresses (no base path), the variant the record page loads on a phone. */
  pictures: Array<{ class: PictureClass; modUrl: string }>;
}

/**
 * The published records among these ids, with their layout (which tabs a saved crop keeps), their
 * last change (the pack's date and version, decision 0390) and their displayed pictures (decision 0424).
 */
export async function listRecordPackEntries(db: Executor, ids: readonly number[]): Promise<RecordPackEntry[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: records.id, type: records.type, diseaseClass: records.diseaseClass, updatedAt: records.updatedAt })
    .from(records)
    .where(and(inArray(records.id, unique), eq(records.state, 'published')))
    .orderBy(asc(records.id));
  const pictures =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(recordPictures)
          .where(
            and(
              inArray(
                recordPictures.recordId,
                rows.map((row) => row.id),
              ),
              eq(recordPictures.display, true),
            ),
          )
          .orderBy(asc(recordPictures.sort), asc(recordPictures.id));
  return rows.map((row) => ({
    id: row.id,
    layout: layoutFor({ type: row.type as RecordType, diseaseClass: row.diseaseClass as DiseaseClass | null }),
    updatedAt: row.updatedAt,
    pictures: pictures
      .filter((picture) => picture.recordId === row.id)
      .map((picture) => ({
        class: pictureClassSchema.parse(picture.class),
        modUrl: recordPictureUrl(picture, '_mod'),
      })),
  }));
}
