import {
  ipmSheetPdfUploadPurpose,
  readingRoomAdminMessages,
  type ipmSheetCreateSchema,
  type ipmSheetUpdateSchema,
} from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { listLinkedCrops, replaceCropLinks } from '../../crops';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import type { FileStorage } from '../../platform/storage/file-storage';
import { AppError } from '../../platform/http/app-error';
import { ipmSheets } from '../schema';
import { applyCover, type CoverInput } from './apply-cover';
import { applyPdf } from './apply-pdf';
import { ipmSheetAdminRow } from './ipm-sheet-admin-row';
import { refreshReadingRoomSearch } from './refresh-reading-room-search';

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
  return db.transaction(async (tx) => {
    const values = {
      title: input.title,
      category: input.category,
      detail: input.detail,
      sort: input.sort,
      status: input.state === 'published' ? 1 : 0,
      updatedAt: sql`now()`,
    };
    let before: ReturnType<typeof ipmSheetAdminRow> | null = null;
    let sheetId: number;
    if (id === undefined) {
      const [created] = await tx
        .insert(ipmSheets)
        .values({
          ...values,
          ...(await applyPdf(tx, actor, ipmSheetPdfUploadPurpose, input.pdf, null)),
          ...(await applyCover(tx, storage, actor, input as CoverInput, null)),
        })
        .returning({ id: ipmSheets.id });
      sheetId = created!.id;
    } else {
      const [row] = await tx.select().from(ipmSheets).where(eq(ipmSheets.id, id)).for('update');
      if (!row) throw AppError.notFound(readingRoomAdminMessages.ipmSheetUnknown);
      before = ipmSheetAdminRow(row, (await listLinkedCrops(tx, 'ipm', [id])).get(id));
      const pdf = await applyPdf(tx, actor, ipmSheetPdfUploadPurpose, input.pdf, row);
      const cover = await applyCover(tx, storage, actor, input as CoverInput, row);
      await tx
        .update(ipmSheets)
        .set({ ...values, ...pdf, ...cover })
        .where(eq(ipmSheets.id, id));
      sheetId = id;
    }
    await refreshReadingRoomSearch(tx, 'ipm', [sheetId]);
    const crops = await replaceCropLinks(tx, 'ipm', sheetId, input.crops);
    const [after] = await tx.select().from(ipmSheets).where(eq(ipmSheets.id, sheetId));
    await recordAudit(tx, {
      actor,
      action: id === undefined ? 'ipm-sheet.create' : 'ipm-sheet.update',
      entity: 'ipm-sheet',
      entityId: sheetId,
      ...(before ? { before } : {}),
      after: ipmSheetAdminRow(after!, crops),
    });
    return { id: sheetId, created: id === undefined };
  });
}
