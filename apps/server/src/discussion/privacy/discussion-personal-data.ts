import { and, asc, count, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import {
  definePersonalDataPart,
  type ErasureResult,
  type PersonalDataExport,
} from '../../platform/personal-data/personal-data-part';
import { detachFiles } from '../../platform/uploads/detach-files';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import {
  discussionComments,
  discussionIdentities,
  discussionQuestionPhotos,
  discussionQuestions,
  discussionSessions,
  discussionUploads,
} from '../schema';

/** The kind of person the discussion alone knows: a LINE identity (decision 0312). */
export const lineSubjectKind = 'discussion-identity';

/** Everything the discussion holds about one LINE identity: its profile, questions, comments and photos. */
export async function exportIdentity(db: Executor, identityId: number): Promise<PersonalDataExport> {
  const [identity] = await db.select().from(discussionIdentities).where(eq(discussionIdentities.id, identityId));
  if (!identity) return { sections: {}, files: [] };
  const questions = await db
    .select()
    .from(discussionQuestions)
    .where(eq(discussionQuestions.identityId, identityId))
    .orderBy(asc(discussionQuestions.id));
  const comments = await db
    .select()
    .from(discussionComments)
    .where(eq(discussionComments.identityId, identityId))
    .orderBy(asc(discussionComments.id));
  const ids = questions.map((question) => question.id);
  const photos =
    ids.length === 0
      ? []
      : await db
          .select({
            questionId: discussionQuestionPhotos.questionId,
            position: discussionQuestionPhotos.position,
            storageKey: storedFiles.storageKey,
          })
          .from(discussionQuestionPhotos)
          .innerJoin(storedFiles, eq(storedFiles.id, discussionQuestionPhotos.storedFileId))
          .where(inArray(discussionQuestionPhotos.questionId, ids))
          .orderBy(asc(discussionQuestionPhotos.questionId), asc(discussionQuestionPhotos.position));
  const files = photos.map((photo) => ({
    storageKey: photo.storageKey,
    name: `questions/${photo.questionId}/photo-${photo.position + 1}.jpg`,
  }));
  return {
    sections: {
      'line-identity': {
        line_user_id: identity.lineUserId,
        display_name: identity.displayName,
        picture_url: identity.pictureUrl,
        linked_to_member: identity.memberId !== null,
        blocked_at: identity.blockedAt,
        created_at: identity.createdAt,
        last_seen_at: identity.lastSeenAt,
      },
      questions: questions.map((question) => ({
        id: question.id,
        class: question.dclass,
        crop: question.cropType,
        crop_other: question.cropOther,
        describe: question.describe,
        note: question.note,
        created_at: question.createdAt,
        hidden_at: question.hiddenAt,
        deleted_at: question.deletedAt,
        photos: files.filter((file) => file.name.startsWith(`questions/${question.id}/`)).map((file) => file.name),
      })),
      comments: comments.map((comment) => ({
        id: comment.id,
        question_id: comment.questionId,
        content: comment.content,
        name_shown: comment.username,
        created_at: comment.createdAt,
        hidden_at: comment.hiddenAt,
        deleted_at: comment.deletedAt,
      })),
    },
    files,
  };
}

/**
 * Erases a LINE identity (decision 0312): its comments; its questions with their photos and the
 * comments others wrote under them (a thread without its question means nothing); its pending
 * uploads, sessions and the identity row itself. Deleted and hidden posts go too: the rows kept for
 * moderation were theirs.
 */
export async function eraseIdentity(tx: Executor, identityId: number): Promise<ErasureResult> {
  const [identity] = await tx
    .select()
    .from(discussionIdentities)
    .where(eq(discussionIdentities.id, identityId))
    .for('update');
  if (!identity) return {};
  const questions = await tx
    .select({ id: discussionQuestions.id })
    .from(discussionQuestions)
    .where(eq(discussionQuestions.identityId, identityId));
  const questionIds = questions.map((question) => question.id);
  const photos =
    questionIds.length === 0
      ? []
      : await tx
          .select({ id: discussionQuestionPhotos.storedFileId })
          .from(discussionQuestionPhotos)
          .where(inArray(discussionQuestionPhotos.questionId, questionIds));
  const comments = await tx
    .delete(discussionComments)
    .where(
      questionIds.length === 0
        ? eq(discussionComments.identityId, identityId)
        : or(eq(discussionComments.identityId, identityId), inArray(discussionComments.questionId, questionIds)),
    )
    .returning({ id: discussionComments.id });
  if (questionIds.length > 0) await tx.delete(discussionQuestions).where(inArray(discussionQuestions.id, questionIds));
  // Uploads never attached to a question (sent, then the form abandoned).
  const pending = await tx
    .select({ id: discussionUploads.storedFileId })
    .from(discussionUploads)
    .innerJoin(storedFiles, eq(storedFiles.id, discussionUploads.storedFileId))
    .where(and(eq(discussionUploads.identityId, identityId), isNull(storedFiles.attachedAt)));
  const fileIds = [...photos.map((photo) => photo.id), ...pending.map((upload) => upload.id)];
  await detachFiles(tx, fileIds);
  await tx.delete(discussionSessions).where(eq(discussionSessions.identityId, identityId));
  await tx.delete(discussionUploads).where(eq(discussionUploads.identityId, identityId));
  await tx.delete(discussionIdentities).where(eq(discussionIdentities.id, identityId));
  return {
    storedFileIds: fileIds,
    identifyingTexts: [identity.lineUserId, identity.displayName],
    auditEntities: [
      { entity: 'discussion_identities', entityId: identityId },
      ...questionIds.map((id) => ({ entity: 'discussion_questions', entityId: id })),
      ...comments.map((comment) => ({ entity: 'discussion_comments', entityId: comment.id })),
    ],
  };
}

async function linkedIdentity(db: Executor, memberId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: discussionIdentities.id })
    .from(discussionIdentities)
    .where(eq(discussionIdentities.memberId, memberId));
  return row?.id ?? null;
}

/**
 * The discussion's part in a member's rights (decision 0307): the LINE identity linked to the
 * member, its posts and photos; and LINE-only people as a subject of their own (decision 0312).
 */
export const discussionPersonalData = definePersonalDataPart({
  async exportFor(db, memberId) {
    const identityId = await linkedIdentity(db, memberId);
    return identityId === null ? { sections: {}, files: [] } : exportIdentity(db, identityId);
  },
  async eraseFor(tx, memberId) {
    const identityId = await linkedIdentity(tx, memberId);
    return identityId === null ? undefined : eraseIdentity(tx, identityId);
  },
  async isUsedBy(db, memberId) {
    const identityId = await linkedIdentity(db, memberId);
    if (identityId === null) return false;
    const [questions] = await db
      .select({ posts: count() })
      .from(discussionQuestions)
      .where(eq(discussionQuestions.identityId, identityId));
    const [comments] = await db
      .select({ posts: count() })
      .from(discussionComments)
      .where(eq(discussionComments.identityId, identityId));
    return (questions?.posts ?? 0) + (comments?.posts ?? 0) > 0;
  },
  subjects: { [lineSubjectKind]: exportIdentity },
});
