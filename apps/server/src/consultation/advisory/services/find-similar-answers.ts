import { similarAnswersLimit, type SimilarAnswer, type SimilarAnswersQuery } from '@pest/contracts';
import { and, arrayOverlaps, asc, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import { cropKeys } from '../crop-keys';
import type { Executor } from '../../../platform/database/database';
import { normaliseSearchText } from '../../../platform/search/normalise-search-text';
import { bodyGramMark, similarityGrams } from '../../../platform/search/search-grams';
import { findRecordsLike } from '../../../records';
import { consultationCases, consultationCaseSearch } from '../../schema';
import { announceTime, cardColumns, firstPhotoThumbs, isPublic, placeOf } from '../advisory-mappers';

const excerptLength = 60;

function shorten(text: string): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  const characters = [...plain];
  return characters.length <= excerptLength ? plain : `${characters.slice(0, excerptLength).join('')}…`;
}

/**
 * Answers a farmer may already have before sending a case (decision 0162): published
 * cases of the same crop (compared with the search text rules) whose description and reply share
 * the most character pairs with the farmer's description — the newest first without one — and
 * records that name the crop and share pairs with it. Up to three, case and record in turn.
 */
export async function findSimilarAnswers(db: Executor, query: SimilarAnswersQuery): Promise<SimilarAnswer[]> {
  const crop = normaliseSearchText(query.crop);
  if (crop === '') return [];
  const grams = similarityGrams(normaliseSearchText(query.text), 24).filter((gram) => [...gram].length >= 2);
  const [cases, records] = await Promise.all([
    findCasesLike(db, await cropKeys(db, query.crop), grams),
    findRecordsLike(db, { crop: query.crop, text: query.text, limit: similarAnswersLimit }),
  ]);
  const caseAnswers: SimilarAnswer[] = cases.map((row) => ({
    kind: 'case',
    id: row.id,
    title: `${row.cropName}・${placeOf(row)}`,
    summary: shorten(row.description),
    path: `/consultation/advisory/detail?id=${row.id}`,
    thumb: row.thumb,
  }));
  const recordAnswers: SimilarAnswer[] = records.map((record) => ({
    kind: 'record',
    id: record.id,
    title: record.CName,
    summary: record.excerpt,
    path: `/search/bug/detail?id=${record.id}`,
    thumb: record.thumb,
  }));
  const answers: SimilarAnswer[] = [];
  for (
    let i = 0;
    answers.length < similarAnswersLimit && (i < caseAnswers.length || i < recordAnswers.length);
    i += 1
  ) {
    for (const answer of [caseAnswers[i], recordAnswers[i]]) {
      if (answer && answers.length < similarAnswersLimit) answers.push(answer);
    }
  }
  return answers;
}

async function findCasesLike(db: Executor, crops: string[], grams: readonly string[]) {
  const search = consultationCaseSearch;
  const score: SQL<number> =
    grams.length === 0
      ? sql<number>`0`
      : (sql.join(
          grams.map((gram) => sql`(case when ${like(search.bodyKey, `%${gram}%`)} then 1 else 0 end)`),
          sql` + `,
        ) as SQL<number>);
  const rows = await db
    .select({ ...cardColumns, score: sql<number>`${score}`.mapWith(Number) })
    .from(consultationCases)
    .innerJoin(search, eq(search.caseId, consultationCases.id))
    .where(
      and(
        isPublic,
        inArray(search.cropKey, crops),
        grams.length === 0
          ? undefined
          : arrayOverlaps(
              search.grams,
              grams.map((gram) => bodyGramMark + gram),
            ),
      ),
    )
    .orderBy(...(grams.length === 0 ? [] : [desc(score)]), desc(announceTime), asc(consultationCases.id))
    .limit(similarAnswersLimit);
  const thumbs = await firstPhotoThumbs(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, thumb: thumbs.get(row.id) ?? null }));
}
