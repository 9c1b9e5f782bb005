import type { IpmSheet } from '@pest/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { ipmSheets } from '../schema';
import { toIpmSheet } from './to-reading-room-items';

/**
 * Every shown IPM sheet, or those of one category, in display order; categories appear in the order
 * of their first sheet.
 */
export async function listIpmSheets(db: Executor, category?: string): Promise<IpmSheet[]> {
  const rows = await db
    .select()
    .from(ipmSheets)
    .where(and(eq(ipmSheets.status, 1), category === undefined ? undefined : eq(ipmSheets.category, category)))
    .orderBy(asc(ipmSheets.sort), asc(ipmSheets.id));
  return rows.map(toIpmSheet);
}
