import { lt } from 'drizzle-orm';
import type { Executor } from '../../database/database';
import { rateLimitHits } from './rate-limit.schema';

/** Deletes the counts of windows that ended before `now`. */
export async function deleteEndedRateLimitWindows(db: Executor, now: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, now));
}
