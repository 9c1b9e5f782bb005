import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { sessions } from '../schema';

/** Ends one session or bearer token, by the id a viewer carries (`viewer.sessionId`, the stored hash). */
export async function endSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, sessionId));
}
