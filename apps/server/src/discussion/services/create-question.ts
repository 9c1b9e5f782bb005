import { discussionQuestionInput, uploadMessages, type DiscussionQuestionInput } from '@pest/contracts';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { attachFiles } from '../../platform/uploads/attach-files';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { requirePoster, type DiscussionActor } from '../discussion-actor';
import { discussionErrors } from '../discussion-errors';
import { discussionPhotoPurpose } from '../discussion-limits';
import { discussionQuestionPhotos, discussionQuestions, discussionUploads } from '../schema';
import { storedFileIdOf } from './discussion-photo-url';
import { refreshQuestionSearch } from './refresh-question-search';

/** Questions per identity and hour. */
export const questionsPerHour = 10;

/**
 * Posts a question with its photos: validated with the contract, the
 * photos only the asker's own discussion uploads (recorded per LINE identity), attached in the
 * same transaction. Sent again with the same photos (a retry, a double tap) it answers the
 * question already made.
 */
export async function createQuestion(
  db: Database,
  actor: DiscussionActor,
  body: DiscussionQuestionInput,
): Promise<{ id: number }> {
  const identity = requirePoster(actor);
  const parsed = discussionQuestionInput.safeParse(body);
  if (!parsed.success) {
    throw AppError.invalid(
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  const input = parsed.data;
  const fileIds = [...new Set(input.pic.map(storedFileIdOf))];
  return db.transaction(async (tx) => {
    const [already] = await tx
      .select({ id: discussionQuestions.id })
      .from(discussionQuestionPhotos)
      .innerJoin(discussionQuestions, eq(discussionQuestions.id, discussionQuestionPhotos.questionId))
      .where(
        and(
          eq(discussionQuestionPhotos.storedFileId, fileIds[0] ?? ''),
          eq(discussionQuestions.identityId, identity.id),
        ),
      );
    if (already) return { id: already.id };
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(discussionQuestions)
      .where(
        and(
          eq(discussionQuestions.identityId, identity.id),
          gt(discussionQuestions.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    if ((recent?.count ?? 0) >= questionsPerHour) throw discussionErrors.tooMany();
    const owned = await tx
      .select({ id: storedFiles.id, ownerMemberId: storedFiles.ownerMemberId, uploaderHash: storedFiles.uploaderHash })
      .from(discussionUploads)
      .innerJoin(storedFiles, eq(storedFiles.id, discussionUploads.storedFileId))
      .where(and(inArray(discussionUploads.storedFileId, fileIds), eq(discussionUploads.identityId, identity.id)));
    if (owned.length !== fileIds.length) throw AppError.badRequest(uploadMessages.notYours);
    // The upload pipeline knows its uploader by member or client address; the discussion's own
    // record above proves these are the identity's, whichever address the phone has now.
    for (const file of owned) {
      await attachFiles(tx, [file.id], {
        owner: { memberId: file.ownerMemberId, hash: file.uploaderHash, hashes: [file.uploaderHash] },
        purpose: discussionPhotoPurpose,
      });
    }
    const [question] = await tx
      .insert(discussionQuestions)
      .values({
        identityId: identity.id,
        dclass: input.dclass,
        cropType: input.type,
        cropOther: input.type === '其他' ? input.typeOther : '',
        describe: input.describe,
        note: input.note,
      })
      .returning({ id: discussionQuestions.id });
    if (!question) throw new Error('question insert returned nothing');
    await refreshQuestionSearch(tx, [question.id]);
    await tx
      .insert(discussionQuestionPhotos)
      .values(fileIds.map((storedFileId, position) => ({ questionId: question.id, storedFileId, position })));
    return { id: question.id };
  });
}
