import type { AdvisoryListQuery, SimilarAnswersQuery } from '@pest/contracts';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import type { Executor } from '../../platform/database/database';
import { advisoryCaseTag, advisoryListTag } from './advisory-cache-tags';
import { findSimilarAnswers } from './services/find-similar-answers';
import { getPublishedCase } from './services/get-published-case';
import { getPublishedPhotoFile } from './services/get-published-photo-file';
import { listPublishedCasePhotos } from './services/list-published-case-photos';
import { listPublishedCases } from './services/list-published-cases';
import { refreshCaseSearch } from './services/refresh-case-search';

/**
 * The advisory archive's service functions (issue 11 §2), bound once to the app's database. Reads
 * only: the cases are written by the form and the expert desk, which refresh a case's search row
 * in their transaction (`refreshCaseSearch`) and, once committed, publish `advisoryTagsOf(id)`.
 */
export function createAdvisoryServices({ db, invalidation }: FeatureContext) {
  return {
    listPublishedCases: (query: AdvisoryListQuery) => listPublishedCases(db, query),
    getPublishedCase: (id: number) => getPublishedCase(db, id),
    listPublishedCasePhotos: (id: number) => listPublishedCasePhotos(db, id),
    getPublishedPhotoFile: (photoId: number) => getPublishedPhotoFile(db, photoId),
    findSimilarAnswers: (query: SimilarAnswersQuery) => findSimilarAnswers(db, query),
    /** In a write's transaction: the case's search row from its current text. */
    refreshCaseSearch: (tx: Executor, caseIds: readonly number[]) => refreshCaseSearch(tx, caseIds),
    /** After a write that changed what the public sees of cases (publish, reply, edit) has committed. */
    publishAdvisoryChange: (caseIds: readonly number[]) =>
      invalidation.publish([advisoryListTag, ...caseIds.map(advisoryCaseTag)]),
  };
}

export type AdvisoryServices = ReturnType<typeof createAdvisoryServices>;
