import type { Publication } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { publications } from '../schema';
import { toPublication } from './to-reading-room-items';

export async function getPublication(db: Executor, id: number): Promise<Publication> {
  const [row] = await db
    .select()
    .from(publications)
    .where(and(eq(publications.id, id), eq(publications.status, 1)));
  if (!row) throw AppError.notFound('找不到這份出版品');
  return toPublication(row);
}
