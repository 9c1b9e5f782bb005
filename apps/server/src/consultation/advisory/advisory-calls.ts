import { advDataCall, advDetailCall, advListCall, advSimilarCall } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import { registerInfoCall } from '../../platform/http/info-call';
import { rateLimitBudgets } from '../../platform/http/rate-limit/rate-limit-budgets';
import type { AdvisoryServices } from './advisory-services';

/** Information-service calls of the advisory archive. */
export function registerAdvisoryCalls(app: FastifyInstance, services: AdvisoryServices) {
  registerInfoCall(app, 'advList', {
    ...advListCall,
    summary:
      'Published image consultations, newest first, 6 a page; crop, term and page are optional filters (this site adds them to the empty payload)',
    handler: (body) => services.listPublishedCases(body),
  });
  registerInfoCall(app, 'advDetail', {
    ...advDetailCall,
    summary: "One published image consultation; the asker's name masked (王OO), never e-mail or phone",
    handler: (body) => services.getPublishedCase(body.n1),
  });
  registerInfoCall(app, 'advdata', {
    ...advDataCall,
    summary: 'The photos of a published image consultation with their datatype (pic1 far, pic2 crop, pic3 pest)',
    handler: (body) => services.listPublishedCasePhotos(body.a1),
  });
  registerInfoCall(app, 'advSimilar', {
    ...advSimilarCall,
    summary:
      "This site's addition (not in the spec): up to three published consultations and records that match a crop and description, shown before a case is sent",
    // Each call scans the search index with many pairs: the suggestion budget.
    rateLimitBudget: rateLimitBudgets.suggest,
    handler: (body) => services.findSimilarAnswers(body),
  });
}
