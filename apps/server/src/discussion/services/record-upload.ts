import type { Executor } from '../../platform/database/database';
import { discussionUploads } from '../schema';

/** Records which LINE identity sent a photo: only it may put the photo in a question. */
export async function recordUpload(db: Executor, identityId: number, storedFileId: string): Promise<void> {
  await db.insert(discussionUploads).values({ storedFileId, identityId }).onConflictDoNothing();
}
