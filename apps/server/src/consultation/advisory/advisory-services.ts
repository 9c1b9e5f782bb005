import type { AdvisoryListQuery, SimilarAnswersQuery } from '@pest/contracts';
import { cropsTag } from '../../crops';
import { TaggedMemo } from '../../platform/cache/tagged-memo';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { findSimilarAnswers } from './services/find-similar-answers';
import { getPublishedCase } from './services/get-published-case';
import { getPublishedPhotoFile } from './services/get-published-photo-file';
import { listPublishedCasePhotos } from './services/list-published-case-photos';
import { advisoryListTag } from './advisory-cache-tags';
import {
  listPublishedCases,
  listPublishedCrops,
  readArchiveOrder,
  type PublishedCasesKept,
} from './services/list-published-cases';

/**
 * The advisory archive's service functions, bound once to the app's database:
 * `context.services.consultation.advisory`. Reads only: the expert desk writes replies, refreshing
 * the case's search row in its transaction (`refreshCaseSearch`) and publishing the archive's tags.
 */
export function createAdvisoryServices({ db, invalidation }: Pick<FeatureContext, 'db' | 'invalidation'>) {
  // The crop menu, the archive's order and a filter's matches: read once, then again only after a
  // write publishes the archive's tag, not on each page a crawler asks for (decisions 0411, 0448, 0450).
  const counts = new TaggedMemo(invalidation, undefined, 50);
  // A filter's matches weigh 4 bytes a case: 8 MiB holds thousands of filters of a ten-year archive.
  const matches = new TaggedMemo(invalidation, undefined, 2000, {
    maxSize: 8 * 1024 * 1024,
    sizeOf: (value) => (value instanceof Int32Array ? value.byteLength : 64),
  });
  const kept: PublishedCasesKept = {
    publishedCrops: () =>
      counts.get(
        'crops',
        () => listPublishedCrops(db),
        () => [advisoryListTag, cropsTag],
      ),
    archiveOrder: () =>
      counts.get(
        'order',
        () => readArchiveOrder(db),
        () => [advisoryListTag],
      ),
    // The crop vocabulary names which keys a crop filter matches, and its writes refresh the search rows.
    matchesOf: (filter, read) => matches.get(filter, read, () => [advisoryListTag, cropsTag]),
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
