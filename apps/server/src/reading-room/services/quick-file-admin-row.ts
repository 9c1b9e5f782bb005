import type { quickFilesAdminContract } from '@pest/contracts';
import type { z } from 'zod';
import type { quickFiles } from '../schema';

export type QuickFileAdminRow = z.input<typeof quickFilesAdminContract.row>;

/** A quick-start item's file as the admin lists and shows it, and as its audit entries record it. */
export function quickFileAdminRow(row: typeof quickFiles.$inferSelect, quickTitle: string): QuickFileAdminRow {
  return {
    id: row.id,
    quick_id: row.quickId,
    quick_title: quickTitle,
    name: row.fileName,
    size: row.size,
    sort: row.sort,
    upload: row.storedFileId,
  };
}
