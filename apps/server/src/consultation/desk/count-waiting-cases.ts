import { deskRespondByHours, type AdminFigure } from '@pest/contracts';
import { count, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { consultationCases } from '../schema';

/** The admin home's figures for the desk: cases waiting for an answer, and those past the 48 hours. */
export async function countWaitingCases(db: Executor, now = Date.now()): Promise<AdminFigure[]> {
  const submittedAt = sql`coalesce(${consultationCases.submittedAt}, ${consultationCases.createdAt})`;
  const late = new Date(now - deskRespondByHours * 3_600_000);
  const [row] = await db
    .select({ waiting: count(), overdue: count(sql`case when ${lt(submittedAt, late)} then 1 end`) })
    .from(consultationCases)
    .where(eq(consultationCases.status, 'submitted'));
  return [
    { label: '待回覆案件', value: row?.waiting ?? 0, query: 'status=submitted', attention: true },
    { label: '逾 48 小時未回覆', value: row?.overdue ?? 0, query: 'age=overdue', attention: true },
  ];
}
