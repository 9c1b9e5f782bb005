import type { PictureClass, RecordPicture } from '@pest/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { FileStorage } from '../../platform/storage/file-storage';
import { makePictureVariants, type PictureVariants } from '../pictures/make-picture-variants';
import { toRecordPicture } from '../record-mappers';
import { recordPictureKey } from '../record-pictures-url';
import { recordPictures, records } from '../schema';
import { recordNotFoundMessage } from './get-record-detail';

export interface AddRecordPictureInput {
  recordId: number;
  /** An image file (any format sharp reads), or variants already made by makePictureVariants. */
  image: Buffer | PictureVariants;
  class: PictureClass;
  caption: string;
  sort: number;
  /** File name without extension: letters, digits, '-' and '_' only. */
  name: string;
  display?: boolean;
}

const fileNamePattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,80}$/;

/**
 * Stores pictures of records under records/<id>/ with their _mod and _thumb variants and
 * records them, rows in one statement. Storing a picture again under the
 * same name replaces it, and the new updated_at changes its address (the cache-buster), so
 * browsers fetch the new one.
 * Caches learn of it through the bound records services, which publish the change once committed.
 */
export async function addRecordPictures(
  db: Executor,
  storage: FileStorage,
  inputs: readonly AddRecordPictureInput[],
): Promise<RecordPicture[]> {
  if (inputs.length === 0) return [];
  for (const input of inputs) {
    if (!fileNamePattern.test(input.name)) throw AppError.badRequest('圖片檔名只能使用英數字、- 與 _');
  }
  const recordIds = [...new Set(inputs.map((input) => input.recordId))];
  const found = await db.select({ id: records.id }).from(records).where(inArray(records.id, recordIds));
  if (found.length !== recordIds.length) throw AppError.notFound(recordNotFoundMessage);

  const files: Array<[string, Buffer]> = [];
  const prepared = await Promise.all(
    inputs.map(async (input) => {
      const variants = Buffer.isBuffer(input.image) ? await makePictureVariants(input.image) : input.image;
      const { type } = variants;
      files.push(
        [recordPictureKey(input.recordId, input.name, type), variants.full],
        [recordPictureKey(input.recordId, input.name, type, '_mod'), variants.mod],
        [recordPictureKey(input.recordId, input.name, type, '_thumb'), variants.thumb],
      );
      return { input, variants };
    }),
  );
  // Files first: a row must never point at a file that is not there yet.
  for (let start = 0; start < files.length; start += 16) {
    await Promise.all(files.slice(start, start + 16).map(([key, data]) => storage.put(key, data)));
  }
  const now = new Date();
  const rows = await db
    .insert(recordPictures)
    .values(
      prepared.map(({ input, variants }) => ({
        recordId: input.recordId,
        name: input.name,
        type: variants.type,
        class: input.class,
        obj: 'pic',
        display: input.display ?? true,
        caption: input.caption,
        width: variants.width,
        height: variants.height,
        sort: input.sort,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [recordPictures.recordId, recordPictures.name, recordPictures.type],
      set: {
        class: sql`excluded.class`,
        caption: sql`excluded.caption`,
        display: sql`excluded.display`,
        width: sql`excluded.width`,
        height: sql`excluded.height`,
        sort: sql`excluded.sort`,
        updatedAt: now,
      },
    })
    .returning();
  return rows.map(toRecordPicture);
}

/** Stores one picture of a record (see addRecordPictures). */
export async function addRecordPicture(
  db: Executor,
  storage: FileStorage,
  input: AddRecordPictureInput,
): Promise<RecordPicture> {
  const [picture] = await addRecordPictures(db, storage, [input]);
  if (!picture) throw new Error('picture row was not written');
  return picture;
}
