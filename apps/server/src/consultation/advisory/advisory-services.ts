import type { AdvisoryCrop, AdvisoryListQuery, SimilarAnswersQuery } from '@pest/contracts';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { findSimilarAnswers } from './services/find-similar-answers';
import { getPublishedCase } from './services/get-published-case';
import { getPublishedPhotoFile } from './services/get-published-photo-file';
import { listPublishedCasePhotos } from './services/list-published-case-photos';
import { advisoryListTag } from './advisory-cache-tags';
import { listPublishedCases, listPublishedCrops } from './services/list-published-cases';

/**
 * The advisory archive's service functions, bound once to the app's database:
 * `context.services.consultation.advisory`. Reads only: the expert desk writes replies, refreshing
 * the case's search row in its transaction (`refreshCaseSearch`) and publishing the archive's tags.
 */
export function createAdvisoryServices({ db, invalidation }: Pick<FeatureContext, 'db' | 'invalidation'>) {
  // The crop menu counts every published case: counted once, then again only after a write that
  // publishes the archive's tag, not on each page a crawler asks for (docs/performance.md, "Ten years of data").
  let crops: { value: Promise<AdvisoryCrop[]>; version: number } | null = null;
  const publishedCrops = () => {
    if (crops && !invalidation.isStale([advisoryListTag], crops.version)) return crops.value;
    const version = invalidation.now();
    const counted = { value: listPublishedCrops(db), version };
    counted.value.catch(() => {
      if (crops === counted) crops = null;
    });
    crops = counted;
    return counted.value;
  };
  return {
    listPublishedCases: (query: AdvisoryListQuery) => listPublishedCases(db, query, publishedCrops),
    getPublishedCase: (id: number) => getPublishedCase(db, id),
    listPublishedCasePhotos: (id: number) => listPublishedCasePhotos(db, id),
    getPublishedPhotoFile: (photoId: number) => getPublishedPhotoFile(db, photoId),
    findSimilarAnswers: (query: SimilarAnswersQuery) => findSimilarAnswers(db, query),
  };
}

export type AdvisoryServices = ReturnType<typeof createAdvisoryServices>;
