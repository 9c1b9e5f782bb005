import type { AdvisoryListQuery, SimilarAnswersQuery } from '@pest/contracts';
import { cropsTag } from '../../crops';
import { TaggedMemo } from '../../platform/cache/tagged-memo';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { findSimilarAnswers } from './services/find-similar-answers';
import { getPublishedCase } from './services/get-published-case';
import { getPublishedPhotoFile } from './services/get-published-photo-file';
import { listPublishedCasePhotos } from './services/list-published-case-photos';
import { advisoryListTag } from './advisory-cache-tags';
import { listPublishedCases, listPublishedCrops, type PublishedCasesKept } from './services/list-published-cases';

/**
 * The advisory archive's service functions, bound once to the app's database:
 * `context.services.consultation.advisory`. Reads only: the expert desk writes replies, refreshing
 * the case's search row in its transaction (`refreshCaseSearch`) and publishing the archive's tags.
 */
export function createAdvisoryServices({ db, invalidation }: Pick<FeatureContext, 'db' | 'invalidation'>) {
  // The crop menu and a filter's total count published cases: counted once, then again only after a
  // write publishes the archive's tag, not on each page a crawler asks for (decisions 0411, 0448).
  const counts = new TaggedMemo(invalidation, undefined, 500);
  const kept: PublishedCasesKept = {
    publishedCrops: () =>
      counts.get(
        'crops',
        () => listPublishedCrops(db),
        () => [advisoryListTag, cropsTag],
      ),
    // The crop vocabulary names which keys a crop filter matches, and its writes refresh the search rows.
    totalOf: (filter, count) => counts.get(`total:${filter}`, count, () => [advisoryListTag, cropsTag]),
  };
  return {
    listPublishedCases: (query: AdvisoryListQuery) => listPublishedCases(db, query, kept),
    getPublishedCase: (id: number) => getPublishedCase(db, id),
    listPublishedCasePhotos: (id: number) => listPublishedCasePhotos(db, id),
    getPublishedPhotoFile: (photoId: number) => getPublishedPhotoFile(db, photoId),
    findSimilarAnswers: (query: SimilarAnswersQuery) => findSimilarAnswers(db, query),
  };
}

export type AdvisoryServices = ReturnType<typeof createAdvisoryServices>;
