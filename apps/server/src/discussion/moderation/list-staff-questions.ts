import type { AdminListPage, AdminListQuery, discussionQuestionsAdminContract } from '@pest/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../platform/database/database';
import { discussionComments, discussionIdentities, discussionQuestions } from '../schema';
import { adminGramFilter } from '../../platform/admin/admin-list-search';
import { throughGramIndex } from '../../platform/search/through-gram-index';
import { adminListPage, adminPageOffset } from '../../platform/admin/admin-list-count';
import { postStatus, statusCondition } from './moderation-status';
import { questionSearchSource } from '../services/refresh-question-search';

type Filters = z.output<typeof discussionQuestionsAdminContract.filters>;
type Row = z.input<typeof discussionQuestionsAdminContract.row>;

/** Every question for moderation, newest first: hidden and deleted ones too, with their status. */
export async function listStaffQuestions(db: Database, query: AdminListQuery<Filters>): Promise<AdminListPage<Row>> {
  const conditions: SQL[] = [];
  const status = statusCondition(discussionQuestions, query.filters.status);
  if (status) conditions.push(status);
  // Through the questions' gram index, never a read of every question (decision 0441).
  const matches = await adminGramFilter(db, query.filters.q, questionSearchSource);
  if (matches) conditions.push(matches);
  const commentCount = sql<number>`(SELECT count(*)::int FROM ${discussionComments} WHERE ${discussionComments.questionId} = ${discussionQuestions.id} AND ${discussionComments.deletedAt} IS NULL)`;
  if (query.filters.unanswered === 'true') conditions.push(sql`${commentCount} = 0`);
  if (query.filters.unanswered === 'false') conditions.push(sql`${commentCount} > 0`);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const order = query.sort.direction === 'asc' ? asc : desc;
  const sortColumn = query.sort.key === 'id' ? discussionQuestions.id : discussionQuestions.createdAt;
  const ordered = [order(sortColumn), order(discussionQuestions.id)];
  // The page's ids first (the offset skipped in the time index); the asker and the comments counted
  // for those rows only, not for every row a deep page skips (docs/performance.md, "Ten years of data").
  const read = async (tx: Executor) => {
    const page = tx
      .select({ id: discussionQuestions.id })
      .from(discussionQuestions)
      .where(where)
      .orderBy(...ordered)
      .limit(query.pageSize)
      .offset(adminPageOffset(query));
    const rows = await tx
      .select({ question: discussionQuestions, asker: discussionIdentities.displayName, comments: commentCount })
      .from(discussionQuestions)
      .innerJoin(discussionIdentities, eq(discussionIdentities.id, discussionQuestions.identityId))
      .where(inArray(discussionQuestions.id, page))
      .orderBy(...ordered);
    return adminListPage(
      tx,
      query,
      rows.map(({ question, asker, comments }) => ({
        id: question.id,
        title: question.describe.slice(0, 40),
        status: postStatus(question),
        dclass: question.dclass,
        crop_type: question.cropOther ? `${question.cropType}（${question.cropOther}）` : question.cropType,
        describe: question.describe,
        note: question.note,
        asker,
        comments,
        created_at: question.createdAt.toISOString(),
      })),
      tx.select({ id: discussionQuestions.id }).from(discussionQuestions).where(where),
    );
  };
  return matches ? throughGramIndex(db, read) : read(db);
}
