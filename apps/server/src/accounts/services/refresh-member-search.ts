import { refreshAdminSearchRows, type AdminSearchSource } from '../../platform/admin/admin-search-rows';
import type { Executor } from '../../platform/database/database';
import { members, memberSearch } from '../schema';

/** What the admin lists search of each row, and where its search row is (decision 0441). */
export const memberSearchSource: AdminSearchSource = {
  table: members,
  id: members.id,
  texts: [members.account, members.name, members.email],
  search: {
    table: memberSearch,
    rowId: memberSearch.memberId,
    textKey: memberSearch.textKey,
    grams: memberSearch.grams,
  },
};

/**
 * Writes the search rows of the given members from their account, name and e-mail, or of every
 * member without one (`'missing'`, the start hook): every save that changes those texts calls it in
 * its transaction (decision 0441). An erased member's row goes with the member (cascade).
 */
export function refreshMemberSearch(db: Executor, which: readonly number[] | 'missing'): Promise<number> {
  return refreshAdminSearchRows(db, which, memberSearchSource);
}
