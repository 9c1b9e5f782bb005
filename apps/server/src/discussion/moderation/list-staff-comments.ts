import type { AdminListPage, AdminListQuery, discussionCommentsAdminContract } from '@pest/contracts';
import { and, asc, desc, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/database/database';
import { discussionComments } from '../schema';
import { adminTextFilter } from '../../platform/admin/admin-list-search';
import { adminListPage, adminPageOffset } from '../../platform/admin/admin-list-count';
import { postStatus, statusCondition } from './moderation-status';

type Filters = z.output<typeof discussionCommentsAdminContract.filters>;
type Row = z.input<typeof discussionCommentsAdminContract.row>;

/** Every comment for moderation, newest first. */
export async function listStaffComments(db: Database, query: AdminListQuery<Filters>): Promise<AdminListPage<Row>> {
  const conditions: SQL[] = [];
  const status = statusCondition(discussionComments, query.filters.status);
  if (status) conditions.push(status);
  const matches = adminTextFilter(query.filters.q, [discussionComments.content]);
  if (matches) conditions.push(matches);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const order = query.sort.direction === 'asc' ? asc : desc;
  const sortColumn = query.sort.key === 'id' ? discussionComments.id : discussionComments.createdAt;
  const ordered = [order(sortColumn), order(discussionComments.id)];
  // The page's ids first: the offset (at most 10,000, decision 0430) is skipped in the time index.
  const page = db
    .select({ id: discussionComments.id })
    .from(discussionComments)
    .where(where)
    .orderBy(...ordered)
    .limit(query.pageSize)
    .offset(adminPageOffset(query));
  const rows = await db
    .select()
    .from(discussionComments)
    .where(inArray(discussionComments.id, page))
    .orderBy(...ordered);
  return adminListPage(
    db,
    query,
    rows.map((comment) => ({
      id: comment.id,
      title: comment.content,
      status: postStatus(comment),
      question_id: comment.questionId,
      author: comment.username,
      created_at: comment.createdAt.toISOString(),
    })),
    db.select({ id: discussionComments.id }).from(discussionComments).where(where),
  );
}
