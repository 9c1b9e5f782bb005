import type { RecordSummary } from '@pest/contracts';
import { arrayOverlaps, asc, desc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { normaliseSearchText } from '../../platform/search/normalise-search-text';
import { bodyGramMark, nameGramMark, similarityGrams } from '../../platform/search/search-grams';
import { records, recordSearch } from '../schema';
import { listRecordSummaries } from './list-record-summaries';

/** A record that may answer a farmer's question, with the text it is shown with. */
export interface RecordLike extends RecordSummary {
  /** The record's harm text, shortened. */
  excerpt: string;
}

const weightName = 3;
const weightBody = 1;

/**
 * Records whose names and text share the most character pairs with a farmer's description
 * (consultation's similar answers, decision 0162), through the shared gram index: a pair in a
 * name counts three, in the body text one; with a crop, only records whose text names the crop.
 * At least two points, so one common pair (發生, 葉片) does not make an answer.
 */
export async function findRecordsLike(
  db: Executor,
  input: { crop: string; text: string; limit: number },
): Promise<RecordLike[]> {
  const crop = normaliseSearchText(input.crop);
  const grams = similarityGrams(normaliseSearchText(input.text), 24).filter((gram) => [...gram].length >= 2);
  if (grams.length === 0 || input.limit <= 0) return [];
  const { nameKey, aliasKey, latinKey, bodyKey } = recordSearch;
  const inNames = (gram: string) =>
    or(like(nameKey, `%${gram}%`), like(aliasKey, `%${gram}%`), like(latinKey, `%${gram}%`)) as SQL;
  const score = sql.join(
    grams.map(
      (gram) =>
        sql`(case when ${inNames(gram)} then ${sql.raw(String(weightName))} when ${like(bodyKey, `%${gram}%`)} then ${sql.raw(String(weightBody))} else 0 end)`,
    ),
    sql` + `,
  );
  const candidates = db
    .select({ id: recordSearch.recordId, cName: recordSearch.cName, score: sql<number>`${score}`.as('score') })
    .from(recordSearch)
    .where(
      sql`${arrayOverlaps(
        recordSearch.grams,
        grams.flatMap((gram) => [nameGramMark + gram, bodyGramMark + gram]),
      )}${crop === '' ? sql`` : sql` and (${like(bodyKey, `%${crop}%`)} or ${inNames(crop)})`}`,
    )
    .as('candidates');
  const rows = await db
    .select({ id: candidates.id, harm: records.harm })
    .from(candidates)
    .innerJoin(records, eq(records.id, candidates.id))
    .where(sql`${candidates.score} >= 2`)
    .orderBy(desc(candidates.score), sql`${candidates.cName} collate "C"`, asc(candidates.id))
    .limit(input.limit);
  const summaries = await listRecordSummaries(
    db,
    rows.map((row) => row.id),
  );
  const harmById = new Map(rows.map((row) => [row.id, row.harm]));
  return summaries.map((summary) => ({ ...summary, excerpt: shorten(harmById.get(summary.id) ?? '') }));
}

function shorten(text: string, length = 60): string {
  const plain = text
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = [...plain];
  return characters.length <= length ? plain : `${characters.slice(0, length).join('')}…`;
}
