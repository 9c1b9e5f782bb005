import type { FeatureContext } from '../platform/feature/feature-manifest';
import { findStoredFile, type StoredFileRef } from './services/find-stored-file';
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

/** The reading room's service functions, bound once to the app's database (feature manifest). */
export function createReadingRoomServices({ db }: Pick<FeatureContext, 'db'>) {
  return {
    listIpmSheets: () => listIpmSheets(db),
    getIpmSheet: (id: number) => getIpmSheet(db, id),
    listIpmFiles: (ipmId: number) => listIpmFiles(db, ipmId),
    searchIpmSheets: (input: Parameters<typeof searchIpmSheets>[1]) => searchIpmSheets(db, input),
    listPublications: (input?: Parameters<typeof listPublications>[1]) => listPublications(db, input),
    getPublication: (id: number) => getPublication(db, id),
    listVideos: (input?: Parameters<typeof listVideos>[1]) => listVideos(db, input),
    getVideo: (id: number) => getVideo(db, id),
    searchMedia: (input: Parameters<typeof searchMedia>[1]) => searchMedia(db, input),
    listResearchers: () => listResearchers(db),
    listQuickItems: (input?: Parameters<typeof listQuickItems>[1]) => listQuickItems(db, input),
    getQuickItem: (id: number) => getQuickItem(db, id),
    listQuickFiles: (quickId: number) => listQuickFiles(db, quickId),
    listNews: (input: Parameters<typeof listNews>[1]) => listNews(db, input),
    getNews: (id: number) => getNews(db, id),
    findStoredFile: (ref: StoredFileRef) => findStoredFile(db, ref),
  };
}

export type ReadingRoomServices = ReturnType<typeof createReadingRoomServices>;
