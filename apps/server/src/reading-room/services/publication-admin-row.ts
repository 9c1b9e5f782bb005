import { coverImageText, type publicationsAdminContract } from '@pest/contracts';
import type { z } from 'zod';
import type { publications } from '../schema';

export type PublicationAdminRow = z.input<typeof publicationsAdminContract.row>;

/** A publication as the admin lists and shows it, and as its audit entries record it. */
export function publicationAdminRow(row: typeof publications.$inferSelect): PublicationAdminRow {
  return {
    id: row.id,
    title: row.title,
    year: row.year,
    detail: row.detail,
    state: row.status === 1 ? 'published' : 'draft',
    pdf_name: row.pdfName,
    pdf: row.pdfFileId,
    cover: row.coverFileId,
    cover_image: coverImageText({ pic: row.coverPic, width: row.coverWidth, height: row.coverHeight }),
    demo: row.demo,
    updated_at: row.updatedAt.toISOString(),
  };
}
