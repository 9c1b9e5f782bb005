import type { followUpStatsAdminContract } from '@pest/contracts';
import { type AdminListPage, type AdminListQuery } from '@pest/contracts';
import { isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { listMemberNames } from '../../accounts';
import type { Database } from '../../platform/database/database';
import { consultationCases } from '../schema';

type Filters = z.output<typeof followUpStatsAdminContract.filters>;
type StatsRow = z.input<typeof followUpStatsAdminContract.row>;

/**
 * The follow-up answers of replied cases, per expert who replied or per crop: how many replies,
 * follow-ups sent, and each answer. Few groups, so sorting and paging happen here.
 */
export async function listFollowUpStats(
  db: Database,
  query: AdminListQuery<Filters>,
): Promise<AdminListPage<StatsRow>> {
  const group = query.filters.by === 'crop' ? consultationCases.cropName : consultationCases.repliedBy;
  const counted = (answer: string) =>
    sql<number>`count(*) filter (where ${consultationCases.followUpAnswer} = ${answer})`.mapWith(Number);
  const groups = await db
    .select({
      group,
      replied: sql<number>`count(*)`.mapWith(Number),
      asked: sql<number>`count(${consultationCases.followUpSentAt})`.mapWith(Number),
      solved: counted('solved'),
      partly: counted('partly'),
      unsolved: counted('unsolved'),
    })
    .from(consultationCases)
    .where(isNotNull(consultationCases.repliedAt))
    .groupBy(group);
  const names =
    query.filters.by === 'expert'
      ? await listMemberNames(
          db,
          groups.map((row) => row.group).filter((id): id is number => typeof id === 'number'),
        )
      : new Map<number, string>();
  const rows: StatsRow[] = groups.map((row) => {
    const name =
      query.filters.by === 'crop'
        ? String(row.group)
        : row.group === null
          ? '（不明）'
          : (names.get(Number(row.group)) ?? `會員 ${row.group}`);
    const answered = row.solved + row.partly + row.unsolved;
    return {
      key: `${query.filters.by}-${row.group ?? 'none'}`.slice(0, 40),
      name,
      replied: row.replied,
      asked: row.asked,
      solved: row.solved,
      partly: row.partly,
      unsolved: row.unsolved,
      unanswered: row.asked - answered,
    };
  });
  const sign = query.sort.direction === 'desc' ? -1 : 1;
  rows.sort((a, b) =>
    query.sort.key === 'name' ? sign * a.name.localeCompare(b.name, 'zh-Hant') : sign * (a.replied - b.replied),
  );
  const start = (query.page - 1) * query.pageSize;
  return {
    rows: rows.slice(start, start + query.pageSize),
    total: rows.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}
