import { count } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { records } from '../schema';

/** Number of published records (the search page's total line and /bugCount). */
export async function countRecords(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(records);
  return row?.total ?? 0;
}
