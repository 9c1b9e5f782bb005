import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { records } from '../schema';

/**
 * A record another feature is about to link to (a wizard card's target): its name and whether
 * visitors see it (a draft is a 404 to them, decision 0250). Null when there is no such record.
 */
export async function findRecordLinkTarget(
  db: Executor,
  id: number,
): Promise<{ id: number; name: string; published: boolean } | null> {
  const [row] = await db
    .select({ id: records.id, name: records.cName, state: records.state })
    .from(records)
    .where(eq(records.id, id));
  return row ? { id: row.id, name: row.name, published: row.state === 'published' } : null;
}
