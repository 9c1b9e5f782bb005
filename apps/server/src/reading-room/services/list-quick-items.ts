import type { Paged, QuickItem } from '@pest/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { quickItems } from '../schema';

/** Shown quick-start notices, newest first; without a page size, all of them (the nclassList call). */
export async function listQuickItems(
  db: Executor,
  input: { page?: number; pageSize?: number } = {},
): Promise<Paged<QuickItem>> {
  const where = eq(quickItems.status, 1);
  const page = input.page ?? 1;
  const query = db
    .select({ id: quickItems.id, title: quickItems.title, announceTime: quickItems.announceTime })
    .from(quickItems)
    .where(where)
    .orderBy(desc(quickItems.announceTime), desc(quickItems.id))
    .$dynamic();
  if (input.pageSize) query.limit(input.pageSize).offset((page - 1) * input.pageSize);
  const [rows, [counted]] = await Promise.all([query, db.select({ total: count() }).from(quickItems).where(where)]);
  const total = counted?.total ?? 0;
  return {
    total,
    page,
    pageSize: input.pageSize ?? total,
    items: rows.map((row) => ({ id: row.id, title: row.title, announceTime: row.announceTime.toISOString() })),
  };
}
