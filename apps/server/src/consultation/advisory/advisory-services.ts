import type { AdvisoryListQuery, SimilarAnswersQuery } from '@pest/contracts';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { findSimilarAnswers } from './services/find-similar-answers';
import { getPublishedCase } from './services/get-published-case';
import { getPublishedPhotoFile } from './services/get-published-photo-file';
import { listPublishedCasePhotos } from './services/list-published-case-photos';
import { listPublishedCases } from './services/list-published-cases';

/**
 * The advisory archive's service functions, bound once to the app's database:
 * `context.services.consultation.advisory`. Reads only: the expert desk writes replies, refreshing
 * the case's search row in its transaction (`refreshCaseSearch`) and publishing the archive's tags.
 */
export function createAdvisoryServices({ db }: FeatureContext) {
  return {
    listPublishedCases: (query: AdvisoryListQuery) => listPublishedCases(db, query),
    getPublishedCase: (id: number) => getPublishedCase(db, id),
    listPublishedCasePhotos: (id: number) => listPublishedCasePhotos(db, id),
    getPublishedPhotoFile: (photoId: number) => getPublishedPhotoFile(db, photoId),
    findSimilarAnswers: (query: SimilarAnswersQuery) => findSimilarAnswers(db, query),
  };
}

export type AdvisoryServices = ReturnType<typeof createAdvisoryServices>;
