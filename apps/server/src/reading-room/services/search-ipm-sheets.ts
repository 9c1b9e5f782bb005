import type { IpmSearchResult, Paged } from '@pest/contracts';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { ipmSheets } from '../schema';
import { containsPattern } from './like-pattern';
import { toPicture } from './to-reading-room-items';

/** IPM sheets whose title, summary or category contains the term (every sheet for an empty term). */
export async function searchIpmSheets(
  db: Executor,
  input: { term: string; page: number; pageSize: number },
): Promise<Paged<IpmSearchResult>> {
  const pattern = containsPattern(input.term);
  const where = and(
    eq(ipmSheets.status, 1),
    input.term
      ? or(ilike(ipmSheets.title, pattern), ilike(ipmSheets.detail, pattern), ilike(ipmSheets.category, pattern))
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(ipmSheets)
      .where(where)
      .orderBy(asc(ipmSheets.sort), asc(ipmSheets.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: count() }).from(ipmSheets).where(where),
  ]);
  return {
    total: counted?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      detail: row.detail,
      name: row.category,
      ...toPicture(row),
    })),
  };
}
