import {
  bugCountCall,
  bugHotCall,
  bugNewCall,
  bugPicListCall,
  loadDetailCall,
  parseTypeFilter,
  pesticideCall,
  pesticideCropCall,
  pesticideCropsCall,
  pesticideSelCall,
  searchResultCall,
  searchSuggestionsCall,
} from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import { registerInfoCall } from '../platform/http/info-call';
import { rateLimitBudgets } from '../platform/http/rate-limit/rate-limit-budgets';
import type { RecordsServices } from './records-services';

/** How many records the hot and new lists hold. */
export const recordListLength = 10;

/** Information-service calls of the records feature. */
export function registerRecordsCalls(app: FastifyInstance, services: RecordsServices) {
  registerInfoCall(app, 'bugCount', {
    ...bugCountCall,
    summary: 'Number of pest, disease, beneficial and mite records',
    handler: () => services.countRecords(),
  });
  registerInfoCall(app, 'bugNew', {
    ...bugNewCall,
    summary: 'The newest records',
    handler: () => services.listNewRecords(recordListLength),
  });
  registerInfoCall(app, 'bughot', {
    ...bugHotCall,
    summary: 'The most viewed records',
    handler: () => services.listHotRecords(recordListLength),
  });
  registerInfoCall(app, 'searchResult', {
    ...searchResultCall,
    summary: 'Search records by name (Chinese, English, scientific, aliases), then body text',
    // The bound services, so the call shares the page's search cache.
    handler: (body) =>
      services.searchRecords({
        term: body.term,
        types: parseTypeFilter(body.ty),
        page: body.page,
        pageSize: body.pageSize,
      }),
  });
  registerInfoCall(app, 'searchResultSu', {
    ...searchSuggestionsCall,
    summary: 'Record names nearest to a term by shared characters (for a search with no results)',
    // Each suggestion scans the search index: a stricter budget than other calls.
    rateLimitBudget: rateLimitBudgets.suggest,
    handler: (body) => services.suggestRecords(body.term),
  });
  registerInfoCall(app, 'loadDetail', {
    ...loadDetailCall,
    summary: 'One record with every field; counts a view for the hot list (once per visitor and hour)',
    handler: async (body, request) => {
      const detail = await services.getRecordDetail(body.n1);
      services.countRecordView(detail.id, request.ip);
      return detail;
    },
  });
  registerInfoCall(app, 'bugPicList', {
    ...bugPicListCall,
    summary: 'The displayed pictures of a record (a2 is the fixed value pic)',
    handler: (body) => services.listRecordPictures(body.a1),
  });
  registerInfoCall(app, 'pesticidesel', {
    ...pesticideSelCall,
    summary: 'Crops with registered pesticide uses for a record name or pesticide-data pest name',
    handler: async (body) => (await services.listPesticidePlants(body.n1)).map((plant) => ({ plant })),
  });
  registerInfoCall(app, 'pesticide', {
    ...pesticideCall,
    summary:
      'Registered pesticide uses for a record name or pest name on one crop (the crop by any of its names or synonyms)',
    handler: (body) => services.listPesticideEntries(body.n1, body.n2),
  });
  registerInfoCall(app, 'pesticideCrop', {
    ...pesticideCropCall,
    summary:
      "This site's addition (not in the spec): every registered use on a crop (any of its names or synonyms), grouped by pest or disease, 10 groups a page",
    handler: (body) => services.listCropPesticideGroups(body.plant, body.page),
  });
  registerInfoCall(app, 'pesticideCrops', {
    ...pesticideCropsCall,
    summary: "This site's addition (not in the spec): the crops of the pesticide data with their synonyms and uses",
    handler: () => services.listPesticideCrops(),
  });
}
