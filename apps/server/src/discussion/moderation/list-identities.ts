import type { AdminListPage, AdminListQuery, discussionIdentitiesAdminContract } from '@pest/contracts';
import { and, asc, desc, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { listMemberNames } from '../../accounts';
import type { Database } from '../../platform/database/database';
import { discussionComments, discussionIdentities, discussionQuestions } from '../schema';
import { adminTextFilter } from '../../platform/admin/admin-list-search';
import { adminListPage, adminPageOffset } from '../../platform/admin/admin-list-count';

type Filters = z.output<typeof discussionIdentitiesAdminContract.filters>;
type Row = z.input<typeof discussionIdentitiesAdminContract.row>;

/** The LINE identities that signed in, newest first, with what they posted. */
export async function listIdentities(db: Database, query: AdminListQuery<Filters>): Promise<AdminListPage<Row>> {
  const conditions: SQL[] = [];
  const matches = adminTextFilter(query.filters.q, [discussionIdentities.displayName, discussionIdentities.lineUserId]);
  if (matches) conditions.push(matches);
  if (query.filters.blocked === 'true') conditions.push(isNotNull(discussionIdentities.blockedAt));
  if (query.filters.blocked === 'false') conditions.push(isNull(discussionIdentities.blockedAt));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const order = query.sort.direction === 'asc' ? asc : desc;
  const sortColumn = query.sort.key === 'id' ? discussionIdentities.id : discussionIdentities.createdAt;
  const rows = await db
    .select({
      identity: discussionIdentities,
      questions: sql<number>`(SELECT count(*)::int FROM ${discussionQuestions} WHERE ${discussionQuestions.identityId} = ${discussionIdentities.id})`,
      comments: sql<number>`(SELECT count(*)::int FROM ${discussionComments} WHERE ${discussionComments.identityId} = ${discussionIdentities.id})`,
    })
    .from(discussionIdentities)
    .where(where)
    .orderBy(order(sortColumn), order(discussionIdentities.id))
    .limit(query.pageSize)
    .offset(adminPageOffset(query));
  const memberIds = rows.flatMap((row) => (row.identity.memberId === null ? [] : [row.identity.memberId]));
  const names = await listMemberNames(db, memberIds);
  return adminListPage(
    db,
    query,
    rows.map(({ identity, questions, comments }) => ({
      id: identity.id,
      display_name: identity.displayName,
      line_user_id: identity.lineUserId,
      demo: identity.demo,
      linked_member: identity.memberId === null ? null : (names.get(identity.memberId) ?? `會員 ${identity.memberId}`),
      blocked: identity.blockedAt !== null,
      questions,
      comments,
      created_at: identity.createdAt.toISOString(),
    })),
    db.select({ id: discussionIdentities.id }).from(discussionIdentities).where(where),
  );
}
