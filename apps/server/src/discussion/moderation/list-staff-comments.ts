import type { AdminListPage, AdminListQuery, discussionCommentsAdminContract } from '@pest/contracts';
import { and, asc, desc, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../platform/database/database';
import { discussionComments } from '../schema';
import { adminGramFilter } from '../../platform/admin/admin-list-search';
import { throughGramIndex } from '../../platform/search/through-gram-index';
import { adminListPage, adminPageOffset } from '../../platform/admin/admin-list-count';
import { postStatus, statusCondition } from './moderation-status';
import { commentSearchSource } from '../services/refresh-comment-search';

type Filters = z.output<typeof discussionCommentsAdminContract.filters>;
type Row = z.input<typeof discussionCommentsAdminContract.row>;

/** Every comment for moderation, newest first. */
export async function listStaffComments(db: Database, query: AdminListQuery<Filters>): Promise<AdminListPage<Row>> {
  const conditions: SQL[] = [];
  const status = statusCondition(discussionComments, query.filters.status);
  if (status) conditions.push(status);
  // Through the comments' gram index, never a read of every comment (decision 0441).
  const matches = await adminGramFilter(db, query.filters.q, commentSearchSource);
  if (matches) conditions.push(matches);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const order = query.sort.direction === 'asc' ? asc : desc;
  const sortColumn = query.sort.key === 'id' ? discussionComments.id : discussionComments.createdAt;
  const ordered = [order(sortColumn), order(discussionComments.id)];
  // The page's ids first: the offset (at most 10,000, decision 0430) is skipped in the time index.
  const read = async (tx: Executor) => {
    const page = tx
      .select({ id: discussionComments.id })
      .from(discussionComments)
      .where(where)
      .orderBy(...ordered)
      .limit(query.pageSize)
      .offset(adminPageOffset(query));
    const rows = await tx
      .select()
      .from(discussionComments)
      .where(inArray(discussionComments.id, page))
      .orderBy(...ordered);
    return adminListPage(
      tx,
      query,
      rows.map((comment) => ({
        id: comment.id,
        title: comment.content,
        status: postStatus(comment),
        question_id: comment.questionId,
        author: comment.username,
        created_at: comment.createdAt.toISOString(),
      })),
      tx.select({ id: discussionComments.id }).from(discussionComments).where(where),
    );
  };
  return matches ? throughGramIndex(db, read) : read(db);
}
