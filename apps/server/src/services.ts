import type { SystemSettings } from '@pest/contracts';
import type { Database } from './platform/database/database';
import { getIpmSheet } from './reading-room/services/get-ipm-sheet';
import { getNews } from './reading-room/services/get-news';
import { getPublication } from './reading-room/services/get-publication';
import { getQuickItem } from './reading-room/services/get-quick-item';
import { getVideo } from './reading-room/services/get-video';
import { listIpmFiles } from './reading-room/services/list-ipm-files';
import { listIpmSheets } from './reading-room/services/list-ipm-sheets';
import { listNews } from './reading-room/services/list-news';
import { listPublications } from './reading-room/services/list-publications';
import { listQuickFiles } from './reading-room/services/list-quick-files';
import { listQuickItems } from './reading-room/services/list-quick-items';
import { listResearchers } from './reading-room/services/list-researchers';
import { listVideos } from './reading-room/services/list-videos';
import { searchIpmSheets } from './reading-room/services/search-ipm-sheets';
import { searchMedia } from './reading-room/services/search-media';
import { countRecords } from './records/services/count-records';
import { getPesticideSource } from './records/services/get-pesticide-source';
import { getRecordDetail } from './records/services/get-record-detail';
import { listHotRecords } from './records/services/list-hot-records';
import { listNewRecords } from './records/services/list-new-records';
import { listPesticideEntries } from './records/services/list-pesticide-entries';
import { listPesticidePlants } from './records/services/list-pesticide-plants';
import type { RecordViewCounter } from './records/record-view-counter';
import { listRecordPictures } from './records/services/list-record-pictures';
import { searchRecords, type SearchRecordsInput } from './records/services/search-records';
import { suggestRecords } from './records/services/suggest-records';
import { SearchResultCache } from './records/search/search-result-cache';
import { getSystemSettings } from './site/services/get-system-settings';
import { listCarousels } from './site/services/list-carousels';

/**
 * The service functions page loaders may call, bound to this process's database and storage.
 * Loaders receive this object through the React Router load context; the API routes call the
 * same functions, so a page and its API never disagree.
 */
export function createServices({ db, recordViews }: { db: Database; recordViews: RecordViewCounter }) {
  // Settings are read on every page and change rarely; writers call invalidateSystemSettings().
  let settings: Promise<SystemSettings> | null = null;
  // Popular searches and paging repeat; the cache empties itself when content changes.
  const searchCache = new SearchResultCache();
  return {
    site: {
      getSystemSettings: () => {
        settings ??= getSystemSettings(db).catch((error: unknown) => {
          settings = null;
          throw error;
        });
        return settings;
      },
      invalidateSystemSettings: () => {
        settings = null;
      },
      listCarousels: () => listCarousels(db),
    },
    readingRoom: {
      listIpmSheets: () => listIpmSheets(db),
      getIpmSheet: (id: number) => getIpmSheet(db, id),
      listIpmFiles: (ipmId: number) => listIpmFiles(db, ipmId),
      searchIpmSheets: (input: Parameters<typeof searchIpmSheets>[1]) => searchIpmSheets(db, input),
      listPublications: (input: Parameters<typeof listPublications>[1]) => listPublications(db, input),
      getPublication: (id: number) => getPublication(db, id),
      listVideos: (input: Parameters<typeof listVideos>[1]) => listVideos(db, input),
      getVideo: (id: number) => getVideo(db, id),
      searchMedia: (input: Parameters<typeof searchMedia>[1]) => searchMedia(db, input),
      listResearchers: () => listResearchers(db),
      listQuickItems: (input: Parameters<typeof listQuickItems>[1]) => listQuickItems(db, input),
      getQuickItem: (id: number) => getQuickItem(db, id),
      listQuickFiles: (quickId: number) => listQuickFiles(db, quickId),
      listNews: (input: Parameters<typeof listNews>[1]) => listNews(db, input),
      getNews: (id: number) => getNews(db, id),
    },
    records: {
      countRecords: () => countRecords(db),
      listNewRecords: (limit?: number) => listNewRecords(db, limit),
      listHotRecords: (limit?: number) => listHotRecords(db, limit),
      searchRecords: (input: SearchRecordsInput) => searchCache.get(input, (query) => searchRecords(db, query)),
      suggestRecords: (term: string, limit?: number) => suggestRecords(db, term, limit),
      getRecordDetail: (id: number) => getRecordDetail(db, id),
      /** Counts a view of a record by the visitor at `visitor` (RequestContext.visitor). */
      countRecordView: (id: number, visitor: string) => recordViews.add(id, visitor),
      listRecordPictures: (id: number) => listRecordPictures(db, id),
      listPesticidePlants: (name: string) => listPesticidePlants(db, name),
      listPesticideEntries: (name: string, plant: string) => listPesticideEntries(db, name, plant),
      getPesticideSource: () => getPesticideSource(db),
    },
  };
}

export type AppServices = ReturnType<typeof createServices>;

/** What the server hands to every React Router loader and action. */
export interface RequestContext {
  nonce: string;
  services: AppServices;
  /** The visitor's address (request.ip, which follows TRUST_PROXY), for per-visitor counting. */
  visitor: string;
  config: {
    basePath: string;
    feedbackFormUrl: string;
    /** Absolute origin (and base path) for canonical and Open Graph URLs. */
    publicUrl: string;
  };
}
