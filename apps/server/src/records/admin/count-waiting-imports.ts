import type { AdminFigure } from '@pest/contracts';
import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { pesticideImports } from '../schema';

/** The admin home's figure for the pesticide import: previews ready and waiting to be applied or cancelled. */
export async function countWaitingImports(db: Executor): Promise<AdminFigure[]> {
  const [row] = await db
    .select({ total: count() })
    .from(pesticideImports)
    .where(eq(pesticideImports.status, 'pending'));
  return [{ label: '等待套用的匯入', value: row?.total ?? 0, query: 'status=pending', attention: true }];
}
