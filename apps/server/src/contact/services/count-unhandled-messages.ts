import type { AdminFigure } from '@pest/contracts';
import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { contactMessages } from '../schema';

/** The admin home's figure for the inbox: messages no one has answered or marked handled yet. */
export async function countUnhandledMessages(db: Executor): Promise<AdminFigure[]> {
  const [row] = await db.select({ total: count() }).from(contactMessages).where(eq(contactMessages.status, 0));
  return [{ label: '未處理訊息', value: row?.total ?? 0, query: 'handled=no', attention: true }];
}
