import {
  readingRoomAdminMessages,
  youtubeVideoId,
  type videoCreateSchema,
  type videoUpdateSchema,
} from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import type { FileStorage } from '../../platform/storage/file-storage';
import { AppError } from '../../platform/http/app-error';
import { videos } from '../schema';
import { applyCover, type CoverInput } from './apply-cover';
import { refreshReadingRoomSearch } from './refresh-reading-room-search';
import { videoAdminRow } from './video-admin-row';

export type VideoInput = z.output<typeof videoCreateSchema> | z.output<typeof videoUpdateSchema>;

/**
 * Creates a video (`id` absent) or changes one, with its search row and the audit entry, in one
 * transaction, with its cover picture (applyCover). Its source is a YouTube address (decision 0243): required for a new video; on an
 * edit, left empty it keeps the current source, a seeded self-hosted clip included, and given it
 * replaces a clip (whose bytes stay with the seed).
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
  return db.transaction(async (tx) => {
    const values = {
      title: input.title,
      detail: input.detail,
      status: input.state === 'published' ? 1 : 0,
      updatedAt: sql`now()`,
      ...(youtubeId ? { youtubeId, clipKey: null, clipName: null, clipSize: null } : {}),
    };
    let before: ReturnType<typeof videoAdminRow> | null = null;
    let videoId: number;
    if (id === undefined) {
      const [created] = await tx
        .insert(videos)
        .values({ ...values, ...(await applyCover(tx, storage, actor, input as CoverInput, null)) })
        .returning({ id: videos.id });
      videoId = created!.id;
    } else {
      const [row] = await tx.select().from(videos).where(eq(videos.id, id)).for('update');
      if (!row) throw AppError.notFound(readingRoomAdminMessages.videoUnknown);
      before = videoAdminRow(row);
      const cover = await applyCover(tx, storage, actor, input as CoverInput, row);
      await tx
        .update(videos)
        .set({ ...values, ...cover })
        .where(eq(videos.id, id));
      videoId = id;
    }
    await refreshReadingRoomSearch(tx, 'video', [videoId]);
    const [after] = await tx.select().from(videos).where(eq(videos.id, videoId));
    await recordAudit(tx, {
      actor,
      action: id === undefined ? 'video.create' : 'video.update',
      entity: 'video',
      entityId: videoId,
      ...(before ? { before } : {}),
      after: videoAdminRow(after!),
    });
    return { id: videoId, created: id === undefined };
  });
}
