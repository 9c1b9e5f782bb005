import type { FollowUpAnswer } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { consultationCases } from '../schema';
import { hashCaseToken } from '../case-token';

/** Whether a follow-up token is current (the page shows the question only then). */
export async function checkFollowUpToken(
  db: Database,
  token: string,
): Promise<{ caseId: number; answer: FollowUpAnswer | null } | null> {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await db
    .select({ id: consultationCases.id, answer: consultationCases.followUpAnswer })
    .from(consultationCases)
    .where(eq(consultationCases.followUpTokenHash, hashCaseToken(token)));
  return row ? { caseId: row.id, answer: (row.answer as FollowUpAnswer | null) ?? null } : null;
}
