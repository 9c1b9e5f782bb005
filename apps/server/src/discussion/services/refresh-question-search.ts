import { refreshAdminSearchRows, type AdminSearchSource } from '../../platform/admin/admin-search-rows';
import type { Executor } from '../../platform/database/database';
import { discussionQuestions, discussionQuestionSearch } from '../schema';

/** What the admin lists search of each row, and where its search row is (decision 0441). */
export const questionSearchSource: AdminSearchSource = {
  table: discussionQuestions,
  id: discussionQuestions.id,
  texts: [discussionQuestions.describe, discussionQuestions.note],
  search: {
    table: discussionQuestionSearch,
    rowId: discussionQuestionSearch.questionId,
    textKey: discussionQuestionSearch.textKey,
    grams: discussionQuestionSearch.grams,
  },
};

/**
 * Writes the search rows of the given questions from their description and note, or of every
 * question without one (`'missing'`, the start hook): asking calls it in its transaction (decision
 * 0441); hiding and deleting keep the text, and erasing an identity removes the rows with the questions.
 */
export function refreshQuestionSearch(db: Executor, which: readonly number[] | 'missing'): Promise<number> {
  return refreshAdminSearchRows(db, which, questionSearchSource);
}
