import { formatTaiwanDateTime, type quickItemsAdminContract } from '@pest/contracts';
import type { z } from 'zod';
import type { quickItems } from '../schema';

export type QuickItemAdminRow = z.input<typeof quickItemsAdminContract.row>;

/** A quick-start item as the admin lists and shows it, and as its audit entries record it. */
export function quickItemAdminRow(row: typeof quickItems.$inferSelect, files: number): QuickItemAdminRow {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    announce_time: formatTaiwanDateTime(row.announceTime),
    state: row.status === 1 ? 'published' : 'draft',
    files,
    updated_at: row.updatedAt.toISOString(),
  };
}
