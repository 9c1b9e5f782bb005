import type { Video } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { videos } from '../schema';
import { toVideo } from './to-reading-room-items';
import { shownVideo, type Visibility } from './visibility';

/** One shown video (any for a staff preview, its clip address then asks for the preview too). */
export async function getVideo(db: Executor, id: number, visibility: Visibility = {}): Promise<Video> {
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, id), shownVideo(visibility)));
  if (!row) throw AppError.notFound('找不到這部影片');
  const video = toVideo(row);
  return visibility.drafts && video.clip_url ? { ...video, clip_url: `${video.clip_url}?preview=1` } : video;
}
