import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { adminSearchEntry, writeAdminSearchRows } from '../../platform/admin/admin-search-rows';
import type { Executor } from '../../platform/database/database';
import { discussionComments, discussionCommentSearch } from '../schema';

/**
 * Writes the search rows of the given comments from their content, or of every comment without one
 * (`'missing'`, the start hook): commenting calls it in its transaction (decision 0441); hiding and
 * deleting keep the text, and erasing an identity removes the rows with the comments.
 */
export function refreshCommentSearch(db: Executor, which: readonly number[] | 'missing'): Promise<number> {
  const read = (limit: number, after: number) =>
    db
      .select({ id: discussionComments.id, content: discussionComments.content })
      .from(discussionComments)
      .leftJoin(discussionCommentSearch, eq(discussionCommentSearch.commentId, discussionComments.id))
      .where(
        which === 'missing'
          ? and(isNull(discussionCommentSearch.commentId), gt(discussionComments.id, after))
          : inArray(discussionComments.id, [...which]),
      )
      .orderBy(asc(discussionComments.id))
      .limit(limit);
  return writeAdminSearchRows(which, read, async (rows) => {
    const insert = db
      .insert(discussionCommentSearch)
      .values(rows.map((row) => ({ commentId: row.id, ...adminSearchEntry([row.content]) })));
    // A row a save wrote while the backfill ran holds the newer text: the backfill leaves it.
    await (which === 'missing'
      ? insert.onConflictDoNothing()
      : insert.onConflictDoUpdate({
          target: discussionCommentSearch.commentId,
          set: { textKey: sql`excluded.text_key`, grams: sql`excluded.grams` },
        }));
  });
}
