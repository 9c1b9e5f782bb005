import { listMembersQuery, type ListMembersQuery, type MemberAdminRow, type MemberClass } from '@pest/contracts';
import { and, asc, desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { memberRoles, members } from '../schema';
import { rolesOf } from './load-member-summary';
import { adminGramFilter } from '../../platform/admin/admin-list-search';
import { throughGramIndex } from '../../platform/search/through-gram-index';
import { countUpTo, pageTotal } from '../../platform/admin/admin-list-count';
import { memberSearchSource } from './refresh-member-search';

export interface MemberPage {
  items: MemberAdminRow[];
  total: number;
  /** More members than `total` (10,000) match (decision 0429). */
  totalCapped: boolean;
  page: number;
  pageSize: number;
}

/** The columns the staff list sorts by (the admin screen's sortable columns). */
const sortColumns = {
  id: members.id,
  account: members.account,
  name: members.name,
  created_at: members.createdAt,
  last_login_at: members.lastLoginAt,
} as const;
export type MemberSort = { key: keyof typeof sortColumns; direction: 'asc' | 'desc' };

/** Staff list of members: search by account, name or e-mail, filter by role, a page at a time (by id unless sorted). */
export async function listMembers(db: Executor, query: ListMembersQuery, sort?: MemberSort): Promise<MemberPage> {
  const { query: text, role, page, pageSize } = listMembersQuery.parse(query);
  const conditions: SQL[] = [];
  // Through the members' gram index, never a read of every member (decision 0441).
  const matches = await adminGramFilter(db, text, memberSearchSource);
  if (matches) conditions.push(matches);
  if (role && role !== 'member') {
    conditions.push(
      sql`exists (select 1 from ${memberRoles} where ${memberRoles.memberId} = ${members.id} and ${memberRoles.role} = ${role})`,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  return matches
    ? throughGramIndex(db, (tx) => readPage(tx, where, { page, pageSize }, sort))
    : readPage(db, where, { page, pageSize }, sort);
}

async function readPage(
  db: Executor,
  where: SQL | undefined,
  { page, pageSize }: { page: number; pageSize: number },
  sort: MemberSort | undefined,
): Promise<MemberPage> {
  const rows = await db
    .select()
    .from(members)
    .where(where)
    .orderBy(
      ...(sort ? [sort.direction === 'desc' ? desc(sortColumns[sort.key]) : asc(sortColumns[sort.key])] : []),
      asc(members.id),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const ids = rows.map((row) => row.id);
  const roleRows = ids.length > 0 ? await db.select().from(memberRoles).where(inArray(memberRoles.memberId, ids)) : [];
  const items = rows.map((row): MemberAdminRow => ({
    id: row.id,
    account: row.account,
    name: row.name,
    email: row.email,
    class: row.memberClass as MemberClass,
    roles: rolesOf(roleRows.filter((entry) => entry.memberId === row.id).map((entry) => entry.role)),
    email_confirmed: row.emailConfirmedAt !== null,
    disabled: row.disabledAt !== null,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  }));
  const counted = await pageTotal({ page, pageSize }, rows.length, () =>
    countUpTo(db, db.select({ id: members.id }).from(members).where(where)),
  );
  return { items, ...counted, page, pageSize };
}
