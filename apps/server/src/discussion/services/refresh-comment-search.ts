import { refreshAdminSearchRows, type AdminSearchSource } from '../../platform/admin/admin-search-rows';
import type { Executor } from '../../platform/database/database';
import { discussionComments, discussionCommentSearch } from '../schema';

/** What the admin lists search of each row, and where its search row is (decision 0441). */
export const commentSearchSource: AdminSearchSource = {
  table: discussionComments,
  id: discussionComments.id,
  texts: [discussionComments.content],
  search: {
    table: discussionCommentSearch,
    rowId: discussionCommentSearch.commentId,
    textKey: discussionCommentSearch.textKey,
    grams: discussionCommentSearch.grams,
  },
};

/**
 * Writes the search rows of the given comments from their content, or of every comment without one
 * (`'missing'`, the start hook): commenting calls it in its transaction (decision 0441); hiding and
 * deleting keep the text, and erasing an identity removes the rows with the comments.
 */
export function refreshCommentSearch(db: Executor, which: readonly number[] | 'missing'): Promise<number> {
  return refreshAdminSearchRows(db, which, commentSearchSource);
}
