import type { AdminListPage, AdminListQuery, discussionCommentsAdminContract } from '@pest/contracts';
import { and, asc, desc, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/database/database';
import { discussionComments } from '../schema';
import { containsPattern } from '../../platform/database/contains-pattern';
import { postStatus, statusCondition } from './moderation-status';

type Filters = z.output<typeof discussionCommentsAdminContract.filters>;
type Row = z.input<typeof discussionCommentsAdminContract.row>;

/** Every comment for moderation, newest first. */
export async function listStaffComments(db: Database, query: AdminListQuery<Filters>): Promise<AdminListPage<Row>> {
  const conditions: SQL[] = [];
  const status = statusCondition(discussionComments, query.filters.status);
  if (status) conditions.push(status);
  if (query.filters.q) conditions.push(ilike(discussionComments.content, containsPattern(query.filters.q)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const order = query.sort.direction === 'asc' ? asc : desc;
  const sortColumn = query.sort.key === 'id' ? discussionComments.id : discussionComments.createdAt;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(discussionComments)
      .where(where)
      .orderBy(order(sortColumn), order(discussionComments.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(discussionComments)
      .where(where),
  ]);
  return {
    rows: rows.map((comment) => ({
      id: comment.id,
      title: comment.content,
      status: postStatus(comment),
      question_id: comment.questionId,
      author: comment.username,
      created_at: comment.createdAt.toISOString(),
    })),
    total: total?.count ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
