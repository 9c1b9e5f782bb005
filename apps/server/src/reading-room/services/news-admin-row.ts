import { formatTaiwanDateTime, type newsAdminContract } from '@pest/contracts';
import type { z } from 'zod';
import type { news } from '../schema';

export type NewsAdminRow = z.input<typeof newsAdminContract.row>;

/** Whether visitors see the item now, in words, for the list's last column. */
function visibleNow(row: typeof news.$inferSelect, now: Date): string {
  if (row.status === 0) return '看不到（草稿）';
  if (row.postAt.getTime() > now.getTime()) return '看不到（預約發布）';
  return '看得到';
}

/** A news item as the admin lists and shows it, and as its audit entries record it. */
export function newsAdminRow(row: typeof news.$inferSelect, now = new Date()): NewsAdminRow {
  return {
    id: row.id,
    title: row.title,
    class: row.class,
    summary: row.summary,
    content: row.content,
    post_at: formatTaiwanDateTime(row.postAt),
    state: row.status === 0 ? 'draft' : 'published',
    visible: visibleNow(row, now),
  };
}
