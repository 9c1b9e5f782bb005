import type { deskCasesAdminContract } from '@pest/contracts';
import {
  deskRespondByHours,
  respondByText,
  type AdminListPage,
  type AdminListQuery,
  type FollowUpAnswer,
} from '@pest/contracts';
import { and, arrayContains, asc, desc, eq, gte, inArray, isNull, like, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { listMemberNames } from '../../accounts';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database, Executor } from '../../platform/database/database';
import { normaliseSearchText } from '../../platform/search/normalise-search-text';
import { termGrams } from '../../platform/search/search-grams';
import { throughGramIndex } from '../../platform/search/through-gram-index';
import { countUpTo } from '../../platform/admin/admin-list-count';
import { consultationCases, consultationCaseSearch } from '../schema';
import { isOverdue } from './desk-case-state';

/**
 * Cases whose crop, county or township holds `text`, through their search rows' name grams (the
 * platform's search, decision 0160): 台中 finds 臺中市 and 蕃茄 finds 番茄, and the filter reads the gram
 * index, not every case's text (docs/performance.md, "Ten years of data"). Only punctuation finds nothing.
 */
function namesHold(text: string): SQL {
  const term = normaliseSearchText(text);
  if (term === '') return sql`false`;
  const grams = termGrams(term);
  const search = consultationCaseSearch;
  const holds = and(
    arrayContains(search.grams, grams.names),
    grams.exact ? undefined : like(search.nameKey, `%${term}%`),
  );
  return sql`exists (select 1 from ${search} where ${search.caseId} = ${consultationCases.id} and ${holds})`;
}

type Filters = z.output<typeof deskCasesAdminContract.filters>;
type QueueRow = z.input<typeof deskCasesAdminContract.row>;

/** The desk's queue: submitted and answered cases, filtered by status, crop, county, age and assignment. */
export async function listDeskCases(
  db: Database,
  query: AdminListQuery<Filters>,
  viewer: Viewer,
): Promise<AdminListPage<QueueRow>> {
  const { filters } = query;
  const submittedAt = sql`coalesce(${consultationCases.submittedAt}, ${consultationCases.createdAt})`;
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  const conditions: SQL[] = [
    filters.status
      ? eq(consultationCases.status, filters.status)
      : inArray(consultationCases.status, ['submitted', 'answered']),
  ];
  if (filters.crop) conditions.push(namesHold(filters.crop));
  if (filters.county) conditions.push(namesHold(filters.county));
  if (filters.age === 'overdue') {
    conditions.push(eq(consultationCases.status, 'submitted'), lt(submittedAt, hoursAgo(deskRespondByHours)));
  } else if (filters.age === 'within-48h') {
    conditions.push(gte(submittedAt, hoursAgo(deskRespondByHours)));
  } else if (filters.age === 'older-than-7d') {
    conditions.push(lt(submittedAt, hoursAgo(24 * 7)));
  }
  if (filters.assigned === 'mine') conditions.push(eq(consultationCases.assignedExpertId, viewer.memberId));
  if (filters.assigned === 'unassigned') conditions.push(isNull(consultationCases.assignedExpertId));
  const where = and(...conditions);
  const sortColumn =
    query.sort.key === 'id'
      ? consultationCases.id
      : query.sort.key === 'replied_at'
        ? consultationCases.repliedAt
        : submittedAt;
  const order = query.sort.direction === 'desc' ? desc(sortColumn) : asc(sortColumn);
  // Cases still waiting for an answer come before answered ones, whatever the column's order
  // (decision 0375): the queue is read from the top.
  const waitingFirst = sql`(${consultationCases.status} = 'answered')`;
  const read = (tx: Executor) =>
    Promise.all([
      tx
        .select()
        .from(consultationCases)
        .where(where)
        .orderBy(waitingFirst, order, asc(consultationCases.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      countUpTo(tx, tx.select({ id: consultationCases.id }).from(consultationCases).where(where)),
    ]);
  // A crop or county is looked up in the gram index, never by reading every case's grams (decision 0382).
  const [rows, counted] = await (filters.crop || filters.county ? throughGramIndex(db, read) : read(db));
  const names = await listMemberNames(
    db,
    rows.map((row) => row.assignedExpertId).filter((id): id is number => id !== null),
  );
  return {
    rows: rows.map((row) => ({
      id: row.id,
      title: `${row.id} ${row.cropName}（${row.countyName}${row.townshipName}）`,
      status: row.status as QueueRow['status'],
      overdue: isOverdue(row),
      respond_by: respondByText(row.status as QueueRow['status'], row.submittedAt ?? row.createdAt),
      crop_name: row.cropName,
      county_name: row.countyName,
      township_name: row.townshipName,
      submitted_at: (row.submittedAt ?? row.createdAt).toISOString(),
      assigned_expert: row.assignedExpertId === null ? null : (names.get(row.assignedExpertId) ?? null),
      replied_at: row.repliedAt?.toISOString() ?? null,
      published: row.publishedAt !== null,
      follow_up_answer: (row.followUpAnswer as FollowUpAnswer | null) ?? null,
    })),
    ...counted,
    page: query.page,
    pageSize: query.pageSize,
  };
}
