import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { consultationCases } from '../schema';
import { idempotencyKeyHash } from './form-tokens';

/** Whether a form with this idempotency key was already received (a retry creates nothing). */
export async function checkCaseExists(db: Database, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: consultationCases.id })
    .from(consultationCases)
    .where(eq(consultationCases.idempotencyKey, idempotencyKeyHash(key)));
  return row !== undefined;
}
