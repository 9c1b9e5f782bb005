import type { Paged, Publication } from '@pest/contracts';
import { and, between, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { publications } from '../schema';
import { toPublication } from './to-reading-room-items';

/**
 * Shown publications, newest year first, optionally within a year range (the /publication tabs).
 * Without a page size it returns them all (the /pub call).
 */
export async function listPublications(
  db: Executor,
  input: { yearRange?: { from: number; to: number }; page?: number; pageSize?: number } = {},
): Promise<Paged<Publication>> {
  const where = and(
    eq(publications.status, 1),
    input.yearRange ? between(publications.year, input.yearRange.from, input.yearRange.to) : undefined,
  );
  const page = input.page ?? 1;
  const query = db
    .select()
    .from(publications)
    .where(where)
    .orderBy(desc(publications.year), desc(publications.publishedAt), desc(publications.id))
    .$dynamic();
  if (input.pageSize) query.limit(input.pageSize).offset((page - 1) * input.pageSize);
  const [rows, [counted]] = await Promise.all([query, db.select({ total: count() }).from(publications).where(where)]);
  const total = counted?.total ?? 0;
  return { total, page, pageSize: input.pageSize ?? total, items: rows.map(toPublication) };
}
