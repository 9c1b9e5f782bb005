import { readingRoomItemsMessages, type QuickDetail } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { sanitizeRichText } from '../../platform/html/sanitize-rich-text';
import { quickItems } from '../schema';
import { shownQuickItem, type Visibility } from './visibility';

export async function getQuickItem(db: Executor, id: number, visibility?: Visibility): Promise<QuickDetail> {
  const [row] = await db
    .select()
    .from(quickItems)
    .where(and(eq(quickItems.id, id), shownQuickItem(visibility)));
  if (!row) throw AppError.notFound(readingRoomItemsMessages.quickItemUnknown);
  return {
    id: row.id,
    title: row.title,
    announceTime: row.announceTime.toISOString(),
    Ncontent: sanitizeRichText(row.content),
  };
}
