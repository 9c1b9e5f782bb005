import type { Publication } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { publications } from '../schema';
import { toPublication } from './to-reading-room-items';
import { shownPublication, type Visibility } from './visibility';

/** One shown publication (any for a staff preview, its PDF address then asks for the preview too). */
export async function getPublication(db: Executor, id: number, visibility: Visibility = {}): Promise<Publication> {
  const [row] = await db
    .select()
    .from(publications)
    .where(and(eq(publications.id, id), shownPublication(visibility)));
  if (!row) throw AppError.notFound('找不到這份出版品');
  const publication = toPublication(row);
  return visibility.drafts ? { ...publication, pdf_url: `${publication.pdf_url}?preview=1` } : publication;
}
