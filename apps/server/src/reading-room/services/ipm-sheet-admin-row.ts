import { coverImageText, type ipmSheetsAdminContract } from '@pest/contracts';
import type { z } from 'zod';
import type { ipmSheets } from '../schema';

export type IpmSheetAdminRow = z.input<typeof ipmSheetsAdminContract.row>;

/** A sheet as the admin lists and shows it, and as its audit entries record it. */
export function ipmSheetAdminRow(row: typeof ipmSheets.$inferSelect, crops: readonly string[] = []): IpmSheetAdminRow {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    detail: row.detail,
    sort: row.sort,
    state: row.status === 1 ? 'published' : 'draft',
    crops: crops.join('\n'),
    pdf_name: row.pdfName,
    pdf: row.pdfFileId,
    cover: row.coverFileId,
    cover_image: coverImageText({ pic: row.coverPic, width: row.coverWidth, height: row.coverHeight }),
    updated_at: row.updatedAt.toISOString(),
  };
}
