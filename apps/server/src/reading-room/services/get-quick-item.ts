import type { QuickDetail } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { sanitizeRichText } from '../../platform/html/sanitize-rich-text';
import { quickItems } from '../schema';

export async function getQuickItem(db: Executor, id: number): Promise<QuickDetail> {
  const [row] = await db
    .select()
    .from(quickItems)
    .where(and(eq(quickItems.id, id), eq(quickItems.status, 1)));
  if (!row) throw AppError.notFound('找不到這則快速入門');
  return {
    id: row.id,
    title: row.title,
    announceTime: row.announceTime.toISOString(),
    Ncontent: sanitizeRichText(row.content),
  };
}
