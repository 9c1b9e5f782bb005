import type { IpmSheet } from '@pest/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { ipmSheets } from '../schema';
import { toIpmSheet } from './to-reading-room-items';

/** Every shown IPM sheet, in display order; categories appear in the order of their first sheet. */
export async function listIpmSheets(db: Executor): Promise<IpmSheet[]> {
  const rows = await db
    .select()
    .from(ipmSheets)
    .where(eq(ipmSheets.status, 1))
    .orderBy(asc(ipmSheets.sort), asc(ipmSheets.id));
  return rows.map(toIpmSheet);
}
