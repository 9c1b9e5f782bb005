import type { AdvisoryCrop, AdvisoryList, AdvisoryListQuery } from '@pest/contracts';
import { advisoryPageSize } from '@pest/contracts';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { cropsByNameKey } from '../../../crops';
import type { Executor } from '../../../platform/database/database';
import { matchingTerm } from '../../../platform/search/matching-term';
import { throughGramIndex } from '../../../platform/search/through-gram-index';
import { normaliseSearchText } from '../../../platform/search/normalise-search-text';
import { cropKeys } from '../crop-keys';
import { consultationCases, consultationCaseSearch } from '../../schema';
import { announceTime, cardColumns, firstPhotoThumbs, isPublic, toAdvisoryCard } from '../advisory-mappers';

/** What the archive's lists read once and keep until the archive changes (advisory-services.ts). */
export interface PublishedCasesKept {
  /** The crop menu. */
  publishedCrops: () => Promise<AdvisoryCrop[]>;
  /** A filter's total (its crop keys and words), `count` reading it when it is not kept (decision 0448). */
  totalOf: (filter: string, count: () => Promise<number>) => Promise<number>;
}

/**
 * The archive: published cases, newest first, 6 a page, by crop and by words. Both
 * filters use the records' text rules through the platform's search (decision 0160): the crop is
 * compared whole after normalising (番茄 meets 蕃茄, 台/臺), the words as a substring of the crop,
 * place, description or reply. With the page come the crops of every published case (the menu).
 */
export async function listPublishedCases(
  db: Executor,
  query: AdvisoryListQuery,
  kept: PublishedCasesKept,
): Promise<AdvisoryList> {
  const { page } = query;
  const pageSize = advisoryPageSize;
  const crop = normaliseSearchText(query.crop);
  // Any name of the crop (檬果 finds the 芒果 cases, decision 0360).
  const keys = crop === '' ? [] : await cropKeys(db, query.crop);
  const term = normaliseSearchText(query.term);
  const crops = await kept.publishedCrops();
  const empty: AdvisoryList = { total: 0, page, pageSize, items: [], crops };
  // Only punctuation or symbols: nothing can match, and listing everything would surprise.
  if ((term === '' && query.term.trim() !== '') || (crop === '' && query.crop.trim() !== '')) return empty;

  const search = consultationCaseSearch;
  const conditions: SQL[] = [isPublic as SQL];
  if (crop !== '') conditions.push(inArray(search.cropKey, keys));
  if (term !== '')
    conditions.push(
      matchingTerm(term, { grams: search.grams, nameKeys: [search.nameKey], bodyKeys: [search.bodyKey] }),
    );
  const where = and(...conditions);
  const filtered = crop !== '' || term !== '';

  // Unfiltered, a published case without a search row yet is still listed. The page is read in the
  // archive index's order and counted apart: a total on every row would read every published case.
  // Words are looked up in the gram index, never by reading every case's grams (decision 0382).
  const read = (tx: Executor) => {
    const base = tx.select(cardColumns).from(consultationCases);
    const counting = tx.select({ total: count() }).from(consultationCases);
    return Promise.all([
      (filtered ? base.innerJoin(search, eq(search.caseId, consultationCases.id)) : base)
        .where(where)
        .orderBy(desc(announceTime), desc(consultationCases.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      // A common word's total counts every case holding it: the later pages of the same filter reuse it.
      kept.totalOf(JSON.stringify({ crop: crop === '' ? null : keys, term }), async () => {
        const [counted] = await (
          filtered ? counting.innerJoin(search, eq(search.caseId, consultationCases.id)) : counting
        ).where(where);
        return counted?.total ?? 0;
      }),
    ]);
  };
  const [rows, total] = await (term === '' ? read(db) : throughGramIndex(db, read));
  if (rows.length === 0) return { ...empty, total };
  const thumbs = await firstPhotoThumbs(
    db,
    rows.map((row) => row.id),
  );
  return { total, page, pageSize, items: rows.map((row) => toAdvisoryCard(row, thumbs.get(row.id) ?? null)), crops };
}

/**
 * The crops of the published cases with their counts, most cases first (the side menu). The
 * names of one crop in the vocabulary count as one entry under the name shown (芒果 and 檬果 are
 * one line, 檬果), so the menu and the filter agree.
 */
export async function listPublishedCrops(db: Executor): Promise<AdvisoryCrop[]> {
  const key = sql<string>`coalesce(${consultationCaseSearch.cropKey}, ${consultationCases.cropName})`;
  const [rows, vocabulary] = await Promise.all([
    db
      .select({ key, cname: sql<string>`min(${consultationCases.cropName})`, count: count() })
      .from(consultationCases)
      .leftJoin(consultationCaseSearch, eq(consultationCaseSearch.caseId, consultationCases.id))
      .where(isPublic)
      .groupBy(key)
      .orderBy(desc(count()), sql`min(${consultationCases.cropName}) collate "C"`),
    cropsByNameKey(db),
  ]);
  const merged = new Map<string, AdvisoryCrop>();
  for (const row of rows) {
    const cname = vocabulary.get(normaliseSearchText(row.key))?.name ?? row.cname;
    const entry = merged.get(cname) ?? { cname, count: 0 };
    entry.count += Number(row.count);
    merged.set(cname, entry);
  }
  return [...merged.values()].sort((a, b) => b.count - a.count || (a.cname < b.cname ? -1 : a.cname > b.cname ? 1 : 0));
}
