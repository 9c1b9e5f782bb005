import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { ipmSheets } from '../schema';

/**
 * An IPM sheet another feature is about to link to (a wizard card's target): its title and
 * whether visitors see it (status 0 is a draft, decision 0240). Null when there is no such sheet.
 */
export async function findIpmSheetLinkTarget(
  db: Executor,
  id: number,
): Promise<{ id: number; name: string; published: boolean } | null> {
  const [row] = await db
    .select({ id: ipmSheets.id, title: ipmSheets.title, status: ipmSheets.status })
    .from(ipmSheets)
    .where(eq(ipmSheets.id, id));
  return row ? { id: row.id, name: row.title, published: row.status === 1 } : null;
}
