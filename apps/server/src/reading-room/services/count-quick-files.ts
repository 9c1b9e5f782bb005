import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { quickFiles } from '../schema';

/** How many files a quick-start item has (its admin row's and audit entry's `files`). */
export async function countQuickFiles(db: Executor, quickId: number): Promise<number> {
  const [counted] = await db.select({ files: count() }).from(quickFiles).where(eq(quickFiles.quickId, quickId));
  return counted?.files ?? 0;
}
