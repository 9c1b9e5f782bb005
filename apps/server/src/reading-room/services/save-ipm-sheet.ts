import {
  ipmSheetPdfUploadPurpose,
  readingRoomAdminMessages,
  type ipmSheetCreateSchema,
  type ipmSheetUpdateSchema,
} from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { listLinkedCrops, replaceCropLinks } from '../../crops';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import type { FileStorage } from '../../platform/storage/file-storage';
import { ipmSheets } from '../schema';
import { applyCover, type CoverInput } from './apply-cover';
import { applyPdf } from './apply-pdf';
import { ipmSheetAdminRow } from './ipm-sheet-admin-row';
import { writeReadingRoomItem } from './write-reading-room-item';

export type IpmSheetInput = z.output<typeof ipmSheetCreateSchema> | z.output<typeof ipmSheetUpdateSchema>;

/**
 * Creates an IPM sheet (`id` absent) or changes one: its text, state, order and, when one is sent,
 * its PDF (applyPdf) and its cover picture (applyCover), with its search row, its crops (decision 0361) and the audit entry,
 * in one transaction. Returns its id, and whether it is new.
 */
export async function saveIpmSheet(
  db: Database,
  storage: FileStorage,
  actor: Viewer,
  input: IpmSheetInput,
  id?: number,
): Promise<{ id: number; created: boolean }> {
  const values = {
    title: input.title,
    category: input.category,
    detail: input.detail,
    sort: input.sort,
    status: input.state === 'published' ? 1 : 0,
    updatedAt: sql`now()`,
  };
  return db.transaction((tx) =>
    writeReadingRoomItem(tx, actor, id, {
      kind: 'ipm',
      entity: 'ipm-sheet',
      unknownMessage: readingRoomAdminMessages.ipmSheetUnknown,
      lock: async (sheetId) => (await tx.select().from(ipmSheets).where(eq(ipmSheets.id, sheetId)).for('update'))[0],
      write: async (row) => {
        if (!row) {
          const [created] = await tx
            .insert(ipmSheets)
            .values({
              ...values,
              ...(await applyPdf(tx, actor, ipmSheetPdfUploadPurpose, input.pdf, null)),
              ...(await applyCover(tx, storage, actor, input as CoverInput, null)),
            })
            .returning({ id: ipmSheets.id });
          return created!.id;
        }
        const pdf = await applyPdf(tx, actor, ipmSheetPdfUploadPurpose, input.pdf, row);
        const cover = await applyCover(tx, storage, actor, input as CoverInput, row);
        await tx
          .update(ipmSheets)
          .set({ ...values, ...pdf, ...cover })
          .where(eq(ipmSheets.id, row.id));
        return row.id;
      },
      afterWrite: (sheetId) => replaceCropLinks(tx, 'ipm', sheetId, input.crops),
      read: async (sheetId) => (await tx.select().from(ipmSheets).where(eq(ipmSheets.id, sheetId)))[0]!,
      adminRow: async (row) => ipmSheetAdminRow(row, (await listLinkedCrops(tx, 'ipm', [row.id])).get(row.id)),
    }),
  );
}
