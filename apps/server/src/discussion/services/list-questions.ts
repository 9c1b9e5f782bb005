import type { DiscussionQuestion } from '@pest/contracts';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { canModerate, type DiscussionActor } from '../discussion-actor';
import { discussionComments, discussionIdentities, discussionQuestionPhotos, discussionQuestions } from '../schema';
import { discussionPhotoName, discussionPhotoUrl } from './discussion-photo-url';
import { adminGramFilter } from '../../platform/admin/admin-list-search';
import { throughGramIndex } from '../../platform/search/through-gram-index';
import { questionSearchSource } from './refresh-question-search';

/** The list shows the newest questions; older ones are reached by keyword. */
export const questionListLimit = 200;

/** A question is public while neither its asker nor staff removed it. */
export const visibleQuestion = and(isNull(discussionQuestions.deletedAt), isNull(discussionQuestions.hiddenAt));

/**
 * The questions, newest first: all of them, or the actor's own ("my questions",
 * by the session's identity, never a body's lineid), filtered by a keyword over describe and note.
 */
export async function listQuestions(
  db: Executor,
  actor: DiscussionActor,
  options: { keyword?: string | undefined; mine?: boolean; id?: number },
): Promise<DiscussionQuestion[]> {
  const conditions: SQL[] = [visibleQuestion as SQL];
  if (options.mine) {
    if (!actor.identity) return [];
    conditions.push(eq(discussionQuestions.identityId, actor.identity.id));
  }
  if (options.id !== undefined) conditions.push(eq(discussionQuestions.id, options.id));
  // The keyword through the questions' gram index, as the moderation list (decision 0441): a keyword
  // that matches little no longer reads every question. It is normalised, so 臺/台 and full-width meet.
  const keyword = await adminGramFilter(db, options.keyword, questionSearchSource);
  if (keyword) conditions.push(keyword);
  const read = (tx: Executor) =>
    tx
      .select({
        question: discussionQuestions,
        lineUserId: discussionIdentities.lineUserId,
        username: discussionIdentities.displayName,
        userpic: discussionIdentities.pictureUrl,
        comments: sql<number>`(SELECT count(*)::int FROM ${discussionComments} WHERE ${discussionComments.questionId} = ${discussionQuestions.id} AND ${discussionComments.deletedAt} IS NULL AND ${discussionComments.hiddenAt} IS NULL)`,
      })
      .from(discussionQuestions)
      .innerJoin(discussionIdentities, eq(discussionIdentities.id, discussionQuestions.identityId))
      .where(and(...conditions))
      .orderBy(desc(discussionQuestions.createdAt), desc(discussionQuestions.id))
      .limit(questionListLimit);
  const rows = await (keyword ? throughGramIndex(db, read) : read(db));
  if (rows.length === 0) return [];
  const photos = await db
    .select({
      questionId: discussionQuestionPhotos.questionId,
      fileId: discussionQuestionPhotos.storedFileId,
      status: storedFiles.status,
    })
    .from(discussionQuestionPhotos)
    .innerJoin(storedFiles, eq(storedFiles.id, discussionQuestionPhotos.storedFileId))
    .where(
      inArray(
        discussionQuestionPhotos.questionId,
        rows.map((row) => row.question.id),
      ),
    )
    .orderBy(asc(discussionQuestionPhotos.position));
  const moderator = canModerate(actor);
  return rows.map(({ question, lineUserId, username, userpic, comments }) => {
    const own = actor.identity?.id === question.identityId;
    const mine = photos.filter((photo) => photo.questionId === question.id);
    return {
      id: question.id,
      dclass: question.dclass,
      type: question.cropType,
      typeOther: question.cropOther,
      describe: question.describe,
      note: question.note,
      pic: mine.map((photo) => discussionPhotoName(photo.fileId)).join(','),
      lineid: own ? lineUserId : '',
      newtime: question.createdAt.toISOString(),
      username,
      userpic,
      photos: mine.map((photo) => ({
        name: discussionPhotoName(photo.fileId),
        status: photo.status === 'processing' ? 'processing' : photo.status === 'failed' ? 'failed' : 'ready',
        url: discussionPhotoUrl(question.id, photo.fileId, 'full'),
        thumbUrl: discussionPhotoUrl(question.id, photo.fileId, 'thumb'),
      })),
      comments,
      mine: own,
      canDelete: own || moderator,
    };
  });
}
