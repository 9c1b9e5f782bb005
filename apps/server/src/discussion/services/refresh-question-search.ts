import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { adminSearchEntry, writeAdminSearchRows } from '../../platform/admin/admin-search-rows';
import type { Executor } from '../../platform/database/database';
import { discussionQuestions, discussionQuestionSearch } from '../schema';

/**
 * Writes the search rows of the given questions from their description and note, or of every
 * question without one (`'missing'`, the start hook): asking calls it in its transaction (decision
 * 0441); hiding and deleting keep the text, and erasing an identity removes the rows with the questions.
 */
export function refreshQuestionSearch(db: Executor, which: readonly number[] | 'missing'): Promise<number> {
  const read = (limit: number, after: number) =>
    db
      .select({ id: discussionQuestions.id, describe: discussionQuestions.describe, note: discussionQuestions.note })
      .from(discussionQuestions)
      .leftJoin(discussionQuestionSearch, eq(discussionQuestionSearch.questionId, discussionQuestions.id))
      .where(
        which === 'missing'
          ? and(isNull(discussionQuestionSearch.questionId), gt(discussionQuestions.id, after))
          : inArray(discussionQuestions.id, [...which]),
      )
      .orderBy(asc(discussionQuestions.id))
      .limit(limit);
  return writeAdminSearchRows(which, read, async (rows) => {
    const insert = db
      .insert(discussionQuestionSearch)
      .values(rows.map((row) => ({ questionId: row.id, ...adminSearchEntry([row.describe, row.note]) })));
    // A row a save wrote while the backfill ran holds the newer text: the backfill leaves it.
    await (which === 'missing'
      ? insert.onConflictDoNothing()
      : insert.onConflictDoUpdate({
          target: discussionQuestionSearch.questionId,
          set: { textKey: sql`excluded.text_key`, grams: sql`excluded.grams` },
        }));
  });
}
