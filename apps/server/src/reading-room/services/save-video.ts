import {
  readingRoomAdminMessages,
  youtubeVideoId,
  type videoCreateSchema,
  type videoUpdateSchema,
} from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import type { FileStorage } from '../../platform/storage/file-storage';
import { AppError } from '../../platform/http/app-error';
import { videos } from '../schema';
import { applyCover, type CoverInput } from './apply-cover';
import { videoAdminRow } from './video-admin-row';
import { writeReadingRoomItem } from './write-reading-room-item';

export type VideoInput = z.output<typeof videoCreateSchema> | z.output<typeof videoUpdateSchema>;

/**
 * Creates a video (`id` absent) or changes one, with its cover picture (applyCover), its search row
 * and the audit entry, in one transaction. Its source is a YouTube address (decision 0243): required
 * for a new video; on an edit, left empty it keeps the current source, a seeded self-hosted clip
 * included, and given it replaces a clip (whose bytes stay with the seed).
 */
export async function saveVideo(
  db: Database,
  storage: FileStorage,
  actor: Viewer,
  input: VideoInput,
  id?: number,
): Promise<{ id: number; created: boolean }> {
  const youtubeId = input.youtube === '' ? null : youtubeVideoId(input.youtube);
  if (input.youtube !== '' && !youtubeId) {
    throw AppError.invalid([{ path: 'youtube', message: readingRoomAdminMessages.youtubeInvalid }]);
  }
  if (id === undefined && !youtubeId) {
    throw AppError.invalid([{ path: 'youtube', message: readingRoomAdminMessages.youtubeRequired }]);
  }
  const values = {
    title: input.title,
    detail: input.detail,
    status: input.state === 'published' ? 1 : 0,
    updatedAt: sql`now()`,
    ...(youtubeId ? { youtubeId, clipKey: null, clipName: null, clipSize: null } : {}),
  };
  return db.transaction((tx) =>
    writeReadingRoomItem(tx, actor, id, {
      kind: 'video',
      entity: 'video',
      unknownMessage: readingRoomAdminMessages.videoUnknown,
      lock: async (videoId) => (await tx.select().from(videos).where(eq(videos.id, videoId)).for('update'))[0],
      write: async (row) => {
        const cover = await applyCover(tx, storage, actor, input as CoverInput, row);
        if (!row) {
          const [created] = await tx
            .insert(videos)
            .values({ ...values, ...cover })
            .returning({ id: videos.id });
          return created!.id;
        }
        await tx
          .update(videos)
          .set({ ...values, ...cover })
          .where(eq(videos.id, row.id));
        return row.id;
      },
      read: async (videoId) => (await tx.select().from(videos).where(eq(videos.id, videoId)))[0]!,
      adminRow: videoAdminRow,
    }),
  );
}
