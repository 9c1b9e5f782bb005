import type { AdvisoryCrop, AdvisoryList, AdvisoryListQuery } from '@pest/contracts';
import { advisoryPageSize } from '@pest/contracts';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { cropsByNameKey } from '../../../crops';
import type { Executor } from '../../../platform/database/database';
import { idList, parseIdList } from '../../../platform/database/id-list';
import { matchingTerm } from '../../../platform/search/matching-term';
import { throughGramIndex } from '../../../platform/search/through-gram-index';
import { normaliseSearchText } from '../../../platform/search/normalise-search-text';
import { cropKeys } from '../crop-keys';
import { consultationCases, consultationCaseSearch } from '../../schema';
import { announceTime, cardColumns, firstPhotoThumbs, isPublic, toAdvisoryCard } from '../advisory-mappers';

/** Every published case in the archive's order, newest first (decision 0450). */
export interface ArchiveOrder {
  /** The cases' ids, newest first. */
  ids: Int32Array;
  /** Indexed by case id: its place in `ids` plus one, 0 for a case not in the archive. */
  rankOf: Int32Array;
}

/** What the archive's lists read once and keep until the archive changes (advisory-services.ts). */
export interface PublishedCasesKept {
  /** The crop menu. */
  publishedCrops: () => Promise<AdvisoryCrop[]>;
  /** The archive's order (`readArchiveOrder`). */
  archiveOrder: () => Promise<ArchiveOrder>;
  /** A filter's matching cases in the archive's order (its normalised crop and words), `read` finding them when not kept. */
  matchesOf: (filter: string, read: () => Promise<Int32Array>) => Promise<Int32Array>;
}

/**
 * The archive: published cases, newest first, 6 a page, by crop and by words. Both
 * filters use the records' text rules through the platform's search (decision 0160): the crop is
 * compared whole after normalising (番茄 meets 蕃茄, 台/臺), the words as a substring of the crop,
 * place, description or reply. With the page come the crops of every published case (the menu).
 * Pages are cut from the kept order of the archive or of the filter's matches (decision 0450): no
 * page counts the cases or skips past the earlier pages' rows in the database.
 */
export async function listPublishedCases(
  db: Executor,
  query: AdvisoryListQuery,
  kept: PublishedCasesKept,
): Promise<AdvisoryList> {
  const { page } = query;
  const pageSize = advisoryPageSize;
  const crop = normaliseSearchText(query.crop);
  const term = normaliseSearchText(query.term);
  const crops = await kept.publishedCrops();
  const empty: AdvisoryList = { total: 0, page, pageSize, items: [], crops };
  // Only punctuation or symbols: nothing can match, and listing everything would surprise.
  if ((term === '' && query.term.trim() !== '') || (crop === '' && query.crop.trim() !== '')) return empty;

  const order = await kept.archiveOrder();
  // A filter's matches are kept by its words and normalised crop, which decides the crop's keys: any
  // name of the crop (檬果 finds the 芒果 cases, decision 0360), read from the vocabulary once a filter.
  const readMatches = async () => {
    const keys = crop === '' ? null : await cropKeys(db, query.crop);
    return inArchiveOrder(await findMatchingCaseIds(db, keys, term), order);
  };
  const matches =
    crop === '' && term === '' ? order.ids : await kept.matchesOf(JSON.stringify({ crop, term }), readMatches);
  const pageIds = [...matches.subarray((page - 1) * pageSize, page * pageSize)];
  if (pageIds.length === 0) return { ...empty, total: matches.length };
  // Still public: a case taken back since the order was kept leaves the page at once.
  const [rows, thumbs] = await Promise.all([
    db
      .select(cardColumns)
      .from(consultationCases)
      .where(and(isPublic, inArray(consultationCases.id, pageIds))),
    firstPhotoThumbs(db, pageIds),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = pageIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toAdvisoryCard(row, thumbs.get(id) ?? null)] : [];
  });
  return { total: matches.length, page, pageSize, items, crops };
}

/**
 * The archive's order: every published case's id, newest first. Read once per change of the archive
 * (advisory-services.ts keeps it), the only statement that reads every published case.
 */
export async function readArchiveOrder(db: Executor): Promise<ArchiveOrder> {
  const [row] = await db
    .select({
      ids: idList(consultationCases.id, sql`${announceTime} desc, ${consultationCases.id} desc`),
    })
    .from(consultationCases)
    .where(isPublic);
  const ids = parseIdList(row?.ids);
  const rankOf = new Int32Array(ids.reduce((highest, id) => Math.max(highest, id), 0) + 1);
  ids.forEach((id, index) => {
    rankOf[id] = index + 1;
  });
  return { ids, rankOf };
}

/**
 * The ids of the cases whose search rows match the crop keys (null: any crop) and the words,
 * published or not: the search rows alone are read, through the gram index for words (decision
 * 0382), never the cases.
 */
async function findMatchingCaseIds(db: Executor, keys: readonly string[] | null, term: string): Promise<Int32Array> {
  const search = consultationCaseSearch;
  const conditions: SQL[] = [];
  // A crop filter whose names all normalise away matches nothing (`IN ()` is false), never everything.
  if (keys !== null) conditions.push(inArray(search.cropKey, [...keys]));
  if (term !== '')
    conditions.push(
      matchingTerm(term, { grams: search.grams, nameKeys: [search.nameKey], bodyKeys: [search.bodyKey] }),
    );
  const read = (tx: Executor) =>
    tx
      .select({ ids: idList(search.caseId) })
      .from(search)
      .where(and(...conditions));
  const [row] = await (term === '' ? read(db) : throughGramIndex(db, read));
  return parseIdList(row?.ids);
}

/** The published ones of `caseIds`, in the archive's order. */
function inArchiveOrder(caseIds: Int32Array, order: ArchiveOrder): Int32Array {
  const ranks = caseIds.map((id) => order.rankOf[id] ?? 0).filter((rank) => rank > 0);
  return ranks.sort().map((rank) => order.ids[rank - 1] as number);
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
