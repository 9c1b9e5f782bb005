import type { Video } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { videos } from '../schema';
import { toVideo } from './to-reading-room-items';

export async function getVideo(db: Executor, id: number): Promise<Video> {
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, id), eq(videos.status, 1)));
  if (!row) throw AppError.notFound('找不到這部影片');
  return toVideo(row);
}
