import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { adminSearchEntry, writeAdminSearchRows } from '../../platform/admin/admin-search-rows';
import type { Executor } from '../../platform/database/database';
import { members, memberSearch } from '../schema';

/**
 * Writes the search rows of the given members from their account, name and e-mail, or of every
 * member without one (`'missing'`, the start hook): every save that changes those texts calls it in
 * its transaction (decision 0441). An erased member's row goes with the member (cascade).
 */
export function refreshMemberSearch(db: Executor, which: readonly number[] | 'missing'): Promise<number> {
  const read = (limit: number, after: number) =>
    db
      .select({ id: members.id, account: members.account, name: members.name, email: members.email })
      .from(members)
      .leftJoin(memberSearch, eq(memberSearch.memberId, members.id))
      .where(
        which === 'missing'
          ? and(isNull(memberSearch.memberId), gt(members.id, after))
          : inArray(members.id, [...which]),
      )
      .orderBy(asc(members.id))
      .limit(limit);
  return writeAdminSearchRows(which, read, async (rows) => {
    const insert = db
      .insert(memberSearch)
      .values(rows.map((row) => ({ memberId: row.id, ...adminSearchEntry([row.account, row.name, row.email]) })));
    // A row a save wrote while the backfill ran holds the newer text: the backfill leaves it.
    await (which === 'missing'
      ? insert.onConflictDoNothing()
      : insert.onConflictDoUpdate({
          target: memberSearch.memberId,
          set: { textKey: sql`excluded.text_key`, grams: sql`excluded.grams` },
        }));
  });
}
