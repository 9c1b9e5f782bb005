import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { discussionErrors } from '../discussion-errors';
import { uploadsPerHour } from '../discussion-limits';
import { discussionUploads } from '../schema';

/** Refuses an identity's upload past its hourly allowance (before the bytes are read). */
export async function checkUploadAllowance(db: Executor, identityId: number): Promise<void> {
  const [recent] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(discussionUploads)
    .where(
      and(
        eq(discussionUploads.identityId, identityId),
        gt(discussionUploads.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  if ((recent?.count ?? 0) >= uploadsPerHour) throw discussionErrors.tooMany();
}
