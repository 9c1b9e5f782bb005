import type { IpmSheet } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { ipmSheets } from '../schema';
import { toIpmSheet } from './to-reading-room-items';

export async function getIpmSheet(db: Executor, id: number): Promise<IpmSheet> {
  const [row] = await db
    .select()
    .from(ipmSheets)
    .where(and(eq(ipmSheets.id, id), eq(ipmSheets.status, 1)));
  if (!row) throw AppError.notFound('找不到這份 IPM 技術資料');
  return toIpmSheet(row);
}
