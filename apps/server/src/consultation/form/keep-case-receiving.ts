import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { consultationCases } from '../schema';
import { requireReceivingCase } from './require-receiving-case';

/**
 * Checks a chunk's case and token before any byte is read (requireReceivingCase), and notes the
 * progress: a case still receiving photos is not expired, however long ago its form was sent
 * (expire-receiving-cases.ts counts from the last progress, decision 0396).
 */
export async function keepCaseReceiving(db: Database, input: { caseId: number; token: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await requireReceivingCase(tx, input, { lock: true });
    await tx
      .update(consultationCases)
      .set({ updatedAt: sql`now()` })
      .where(eq(consultationCases.id, input.caseId));
  });
}
