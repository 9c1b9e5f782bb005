import { coverImageText, type videosAdminContract } from '@pest/contracts';
import type { z } from 'zod';
import type { videos } from '../schema';

export type VideoAdminRow = z.input<typeof videosAdminContract.row>;

/** A video as the admin lists and shows it, and as its audit entries record it. */
export function videoAdminRow(row: typeof videos.$inferSelect): VideoAdminRow {
  return {
    id: row.id,
    title: row.title,
    detail: row.detail,
    youtube: row.youtubeId ? `https://www.youtube.com/watch?v=${row.youtubeId}` : '',
    source: row.youtubeId ? 'YouTube' : `網站存放的影片（${row.clipName ?? ''}）`,
    state: row.status === 1 ? 'published' : 'draft',
    cover: row.coverFileId,
    cover_image: coverImageText({ pic: row.coverPic, width: row.coverWidth, height: row.coverHeight }),
    updated_at: row.updatedAt.toISOString(),
  };
}
