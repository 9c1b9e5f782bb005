import {
  ipmListCall,
  ipmOtherListCall,
  ipmSheetCall,
  memberCall,
  nclassDetailCall,
  nclassListCall,
  nclassOtherListCall,
  newsDetailCall,
  newsListIndexCall,
  newsListNewCall,
  pubCall,
  publicationSheetCall,
  readingRoomPageSizes,
  searchResultBCall,
  searchResultICall,
  searchResultVCall,
  videoCall,
  videoSheetCall,
} from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import { registerInfoCall } from '../platform/http/info-call';
import type { ReadingRoomServices } from './reading-room-services';

/** The most news items newsListnew hands out in one answer. */
const newsListNewLimit = 100;

/** Information-service calls of the reading room. */
export function registerReadingRoomCalls(app: FastifyInstance, services: ReadingRoomServices) {
  registerInfoCall(app, 'ipmList', {
    ...ipmListCall,
    summary: 'Every IPM sheet (name is the category)',
    handler: () => services.listIpmSheets(),
  });
  registerInfoCall(app, 'ipmOtherList', {
    ...ipmOtherListCall,
    summary: 'Other downloadable files of an IPM sheet',
    handler: (body) => services.listIpmFiles(body.a1),
  });
  registerInfoCall(app, 'ipmsheet', {
    ...ipmSheetCall,
    summary: 'One IPM sheet',
    handler: (body) => services.getIpmSheet(body.a1),
  });
  registerInfoCall(app, 'searchResultI', {
    ...searchResultICall,
    summary: 'IPM search (10 per page)',
    handler: (body) => services.searchIpmSheets(body),
  });

  registerInfoCall(app, 'pub', {
    ...pubCall,
    summary: 'Every publication, newest year first',
    handler: async () => (await services.listPublications()).items,
  });
  registerInfoCall(app, 'publicationsheet', {
    ...publicationSheetCall,
    summary: 'One publication',
    handler: (body) => services.getPublication(body.a1),
  });
  registerInfoCall(app, 'searchResultB', {
    ...searchResultBCall,
    summary: "Publication search (tp '1')",
    handler: (body) => services.searchMedia({ ...body, kinds: ['publication'] }),
  });

  registerInfoCall(app, 'video', {
    ...videoCall,
    summary: 'Every video, newest first',
    handler: async () => (await services.listVideos()).items,
  });
  registerInfoCall(app, 'videosheet', {
    ...videoSheetCall,
    summary: 'One video',
    handler: (body) => services.getVideo(body.a1),
  });
  registerInfoCall(app, 'searchResultV', {
    ...searchResultVCall,
    summary: "Video and publication search (tp '1' publication, '2' video)",
    handler: (body) => services.searchMedia({ ...body, kinds: ['publication', 'video'] }),
  });

  registerInfoCall(app, 'member', {
    ...memberCall,
    summary: 'Researchers',
    handler: () => services.listResearchers(),
  });

  registerInfoCall(app, 'nclassList', {
    ...nclassListCall,
    summary: 'Quick-start notices, newest first',
    handler: async () => (await services.listQuickItems()).items,
  });
  registerInfoCall(app, 'nclassDetail', {
    ...nclassDetailCall,
    summary: 'One quick-start notice with its sanitised content',
    handler: (body) => services.getQuickItem(body.n1),
  });
  registerInfoCall(app, 'nclassOtherList', {
    ...nclassOtherListCall,
    summary: 'Attachments of a quick-start notice',
    handler: (body) => services.listQuickFiles(body.a1),
  });

  // The older client parses d of the news calls as JSON text.
  registerInfoCall(app, 'newsListIndex', {
    body: newsListIndexCall.body,
    data: newsListIndexCall.data,
    summary: 'Home news of a class: d is JSON text of NewsSummary[]',
    handler: async (body) =>
      JSON.stringify(
        (await services.listNews({ class: body.n1, page: 1, pageSize: readingRoomPageSizes.homeNews })).items,
      ),
  });
  registerInfoCall(app, 'newsListnew', {
    body: newsListNewCall.body,
    data: newsListNewCall.data,
    summary: 'Newest news of a class: d is JSON text of NewsSummary[]',
    handler: async (body) =>
      JSON.stringify((await services.listNews({ class: body.n1, page: 1, pageSize: newsListNewLimit })).items),
  });
  registerInfoCall(app, 'newsDetail', {
    body: newsDetailCall.body,
    data: newsDetailCall.data,
    summary: 'One news item: d is JSON text of NewsDetail',
    handler: async (body) => JSON.stringify(await services.getNews(body.n1)),
  });
}
