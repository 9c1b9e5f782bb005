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
import { getIpmSheet } from './services/get-ipm-sheet';
import { getNews } from './services/get-news';
import { getPublication } from './services/get-publication';
import { getQuickItem } from './services/get-quick-item';
import { getVideo } from './services/get-video';
import { listIpmFiles } from './services/list-ipm-files';
import { listIpmSheets } from './services/list-ipm-sheets';
import { listNews } from './services/list-news';
import { listPublications } from './services/list-publications';
import { listQuickFiles } from './services/list-quick-files';
import { listQuickItems } from './services/list-quick-items';
import { listResearchers } from './services/list-researchers';
import { listVideos } from './services/list-videos';
import { searchIpmSheets } from './services/search-ipm-sheets';
import { searchMedia } from './services/search-media';

/** The most news items newsListnew hands out in one answer. */
const newsListNewLimit = 100;

/** Information-service calls of the reading room (pest-information.md §7, site-shell-and-storefront.md §7). */
export function registerReadingRoomCalls(app: FastifyInstance) {
  const { db } = app;

  registerInfoCall(app, 'ipmList', {
    ...ipmListCall,
    summary: 'Every IPM sheet (name is the category)',
    handler: () => listIpmSheets(db),
  });
  registerInfoCall(app, 'ipmOtherList', {
    ...ipmOtherListCall,
    summary: 'Other downloadable files of an IPM sheet',
    handler: (body) => listIpmFiles(db, body.a1),
  });
  registerInfoCall(app, 'ipmsheet', {
    ...ipmSheetCall,
    summary: 'One IPM sheet',
    handler: (body) => getIpmSheet(db, body.a1),
  });
  registerInfoCall(app, 'searchResultI', {
    ...searchResultICall,
    summary: 'IPM search (10 per page)',
    handler: (body) => searchIpmSheets(db, body),
  });

  registerInfoCall(app, 'pub', {
    ...pubCall,
    summary: 'Every publication, newest year first',
    handler: async () => (await listPublications(db)).items,
  });
  registerInfoCall(app, 'publicationsheet', {
    ...publicationSheetCall,
    summary: 'One publication',
    handler: (body) => getPublication(db, body.a1),
  });
  registerInfoCall(app, 'searchResultB', {
    ...searchResultBCall,
    summary: "Publication search (tp '1')",
    handler: (body) => searchMedia(db, { ...body, kinds: ['publication'] }),
  });

  registerInfoCall(app, 'video', {
    ...videoCall,
    summary: 'Every video, newest first',
    handler: async () => (await listVideos(db)).items,
  });
  registerInfoCall(app, 'videosheet', {
    ...videoSheetCall,
    summary: 'One video',
    handler: (body) => getVideo(db, body.a1),
  });
  registerInfoCall(app, 'searchResultV', {
    ...searchResultVCall,
    summary: "Video and publication search (tp '1' publication, '2' video)",
    handler: (body) => searchMedia(db, { ...body, kinds: ['publication', 'video'] }),
  });

  registerInfoCall(app, 'member', {
    ...memberCall,
    summary: 'Researchers',
    handler: () => listResearchers(db),
  });

  registerInfoCall(app, 'nclassList', {
    ...nclassListCall,
    summary: 'Quick-start notices, newest first',
    handler: async () => (await listQuickItems(db)).items,
  });
  registerInfoCall(app, 'nclassDetail', {
    ...nclassDetailCall,
    summary: 'One quick-start notice with its sanitised content',
    handler: (body) => getQuickItem(db, body.n1),
  });
  registerInfoCall(app, 'nclassOtherList', {
    ...nclassOtherListCall,
    summary: 'Attachments of a quick-start notice',
    handler: (body) => listQuickFiles(db, body.a1),
  });

  // The older client parses d of the news calls as JSON text (site-shell-and-storefront.md §7).
  registerInfoCall(app, 'newsListIndex', {
    body: newsListIndexCall.body,
    data: newsListIndexCall.data,
    summary: 'Home news of a class: d is JSON text of NewsSummary[]',
    handler: async (body) =>
      JSON.stringify((await listNews(db, { class: body.n1, page: 1, pageSize: readingRoomPageSizes.homeNews })).items),
  });
  registerInfoCall(app, 'newsListnew', {
    body: newsListNewCall.body,
    data: newsListNewCall.data,
    summary: 'Newest news of a class: d is JSON text of NewsSummary[]',
    handler: async (body) =>
      JSON.stringify((await listNews(db, { class: body.n1, page: 1, pageSize: newsListNewLimit })).items),
  });
  registerInfoCall(app, 'newsDetail', {
    body: newsDetailCall.body,
    data: newsDetailCall.data,
    summary: 'One news item: d is JSON text of NewsDetail',
    handler: async (body) => JSON.stringify(await getNews(db, body.n1)),
  });
}
