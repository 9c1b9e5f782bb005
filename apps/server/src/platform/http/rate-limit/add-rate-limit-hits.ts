import { sql } from 'drizzle-orm';
import type { Executor } from '../../database/database';
import { rateLimitHits } from './rate-limit.schema';

export interface RateLimitHits {
  key: string;
  windowStart: Date;
  expiresAt: Date;
  hits: number;
}

/**
 * Adds one process's hits to the shared counts in one upsert per window and key, and returns
 * the totals of every process so far (matched by key and window start).
 */
export async function addRateLimitHits(
  db: Executor,
  rows: readonly RateLimitHits[],
): Promise<Array<{ key: string; windowStart: Date; hits: number }>> {
  if (rows.length === 0) return [];
  return db
    .insert(rateLimitHits)
    .values([...rows])
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + excluded.hits` },
    })
    .returning({ key: rateLimitHits.key, windowStart: rateLimitHits.windowStart, hits: rateLimitHits.hits });
}
