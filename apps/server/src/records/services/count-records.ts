import { count } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { records } from '../schema';
import { isPublishedRecord } from './record-visibility';

/** Number of published records (the search page's total line and /bugCount). */
export async function countRecords(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(records).where(isPublishedRecord);
  return row?.total ?? 0;
}
