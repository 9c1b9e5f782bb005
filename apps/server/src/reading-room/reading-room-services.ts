import { TaggedMemo } from '../platform/cache/tagged-memo';
import type {
  AdminListQuery,
  IpmFileCreate,
  IpmFileUpdate,
  ipmFilesAdminContract,
  NewsFileCreate,
  NewsFileUpdate,
  NewsPictureCreate,
  NewsPictureUpdate,
  newsPicturesAdminContract,
  ipmSheetsAdminContract,
  newsAdminContract,
  PublicationState,
  publicationsAdminContract,
  researchersAdminContract,
  videosAdminContract,
} from '@pest/contracts';
import type { z } from 'zod';
import type { Viewer } from '../platform/auth/viewer';
import type { FeatureContext } from '../platform/feature/feature-manifest';
import { publicCopyRemover } from '../platform/uploads/public-copies';
import {
  ipmListsTag,
  ipmSheetTag,
  newsItemTag,
  newsListsTag,
  publicationListsTag,
  publicationTag,
  researchersTag,
  videoListsTag,
  videoTag,
} from './reading-room-cache-tags';
import { ipmFileKind, newsFileKind } from './services/child-file-kinds';
import { deleteChildFile } from './services/delete-child-file';
import { deleteNewsPicture } from './services/delete-news-picture';
import { setReadingRoomState } from './services/set-reading-room-state';
import { deleteIpmSheet } from './services/delete-ipm-sheet';
import { deleteNews } from './services/delete-news';
import { deletePublication } from './services/delete-publication';
import { deleteResearcher } from './services/delete-researcher';
import { deleteVideo } from './services/delete-video';
import { findStoredFile, type StoredFileRef } from './services/find-stored-file';
import { getIpmSheet } from './services/get-ipm-sheet';
import { getNews } from './services/get-news';
import { getPublication } from './services/get-publication';
import { getQuickItem } from './services/get-quick-item';
import { getVideo } from './services/get-video';
import { listIpmFiles } from './services/list-ipm-files';
import { listIpmFileAdminRows } from './services/list-ipm-file-admin-rows';
import { listNewsFileAdminRows, listNewsPictureAdminRows } from './services/list-news-attachment-admin-rows';
import { listIpmSheetAdminRows } from './services/list-ipm-sheet-admin-rows';
import { listIpmSheets } from './services/list-ipm-sheets';
import { listIpmTopics } from './services/list-ipm-topics';
import { listNews } from './services/list-news';
import { findNextNewsDue } from './services/find-next-news-due';
import { listNewsAdminRows } from './services/list-news-admin-rows';
import { listPublicationAdminRows } from './services/list-publication-admin-rows';
import { listPublications } from './services/list-publications';
import { listQuickFiles } from './services/list-quick-files';
import { listQuickItems } from './services/list-quick-items';
import { listResearcherAdminRows } from './services/list-researcher-admin-rows';
import { listResearchers } from './services/list-researchers';
import { listVideoAdminRows } from './services/list-video-admin-rows';
import { listVideos } from './services/list-videos';
import { searchIpmSheets } from './services/search-ipm-sheets';
import { saveChildFile } from './services/save-child-file';
import { saveNewsPicture } from './services/save-news-picture';
import { createReadingRoomItemsServices } from './reading-room-items-services';
import { saveIpmSheet, type IpmSheetInput } from './services/save-ipm-sheet';
import { saveNews, type NewsInput } from './services/save-news';
import { savePublication, type PublicationInput } from './services/save-publication';
import { saveResearcher, type ResearcherInput } from './services/save-researcher';
import { saveVideo, type VideoInput } from './services/save-video';
import { searchMedia } from './services/search-media';
import type { Visibility } from './services/visibility';
import { readingRoomPictureCopies } from './services/reading-room-picture-copies';

type IpmFilters = z.output<typeof ipmSheetsAdminContract.filters>;
type IpmFileFilters = z.output<typeof ipmFilesAdminContract.filters>;
type NewsAttachmentFilters = z.output<typeof newsPicturesAdminContract.filters>;
type NewsFilters = z.output<typeof newsAdminContract.filters>;
type PublicationFilters = z.output<typeof publicationsAdminContract.filters>;
type VideoFilters = z.output<typeof videosAdminContract.filters>;
type ResearcherFilters = z.output<typeof researchersAdminContract.filters>;

/**
 * The reading room's service functions, bound once to the app's database (feature manifest). An
 * editor's write publishes the cache tags of the pages it changed once it has committed.
 */
export function createReadingRoomServices({
  db,
  invalidation,
  storage,
  log,
}: Pick<FeatureContext, 'db' | 'invalidation' | 'storage' | 'log'>) {
  // After a write that may let go of a picture, its public copy goes at once (decision 0282).
  const removeLetGoCopies = publicCopyRemover({ db, storage, log }, readingRoomPictureCopies);
  // Every home page and IPM list reads the menu (decision 0411); a sheet's write publishes ipmListsTag.
  const lists = new TaggedMemo(invalidation);
  const newsLists = new TaggedMemo(invalidation, undefined, 100);
  const ipmCategories = new TaggedMemo(invalidation);
  // The instant (ms) the next scheduled news item falls due, null when none waits: what shows news ends then.
  const newsListsEndAt = async () =>
    (
      await newsLists.get(
        'next-due',
        () => findNextNewsDue(db),
        () => [newsListsTag],
        (due) => due?.getTime() ?? null,
      )
    )?.getTime() ?? null;
  return {
    // A category's page too (its name is the visitor's: a memo of its own, so names never met push the
    // menu's lists out).
    listIpmSheets: (category?: string) =>
      category === undefined
        ? lists.get(
            'ipm-sheets',
            () => listIpmSheets(db),
            () => [ipmListsTag],
          )
        : ipmCategories.get(
            category,
            () => listIpmSheets(db, category),
            () => [ipmListsTag],
          ),
    listIpmTopics: () =>
      lists.get(
        'ipm-topics',
        () => listIpmTopics(db),
        () => [ipmListsTag],
      ),
    getIpmSheet: (id: number, visibility?: Visibility) => getIpmSheet(db, id, visibility),
    listIpmFiles: (ipmId: number, visibility?: Visibility) => listIpmFiles(db, ipmId, visibility),
    searchIpmSheets: (input: Parameters<typeof searchIpmSheets>[1]) => searchIpmSheets(db, input),
    listPublications: (input?: Parameters<typeof listPublications>[1]) => listPublications(db, input),
    getPublication: (id: number, visibility?: Visibility) => getPublication(db, id, visibility),
    listVideos: (input?: Parameters<typeof listVideos>[1]) => listVideos(db, input),
    getVideo: (id: number, visibility?: Visibility) => getVideo(db, id, visibility),
    searchMedia: (input: Parameters<typeof searchMedia>[1]) => searchMedia(db, input),
    listResearchers: () => listResearchers(db),
    listQuickItems: (input?: Parameters<typeof listQuickItems>[1]) => listQuickItems(db, input),
    getQuickItem: (id: number, visibility?: Visibility) => getQuickItem(db, id, visibility),
    listQuickFiles: (quickId: number, visibility?: Visibility) => listQuickFiles(db, quickId, visibility),
    // Every home render reads the news: kept until a news write or the next scheduled item falls due
    // (decision 0447); that instant is read once for every list, not with each.
    listNews: async (input: Parameters<typeof listNews>[1]) => {
      const endAt = await newsListsEndAt();
      return newsLists.get(
        `${input.class}:${input.page}:${input.pageSize}`,
        () => listNews(db, input),
        () => [newsListsTag],
        () => endAt,
      );
    },
    /** When the next scheduled news item falls due (ms; null: none is waiting): the end of every cached page showing news. */
    newsListsEndAt,
    getNews: (id: number, visibility?: Visibility) => getNews(db, id, visibility),
    findStoredFile: (ref: StoredFileRef, visibility?: Visibility) => findStoredFile(db, ref, visibility),

    // ---- the editors' writes (/admin) ----
    listIpmSheetAdminRows: (query: AdminListQuery<IpmFilters>, id?: number) => listIpmSheetAdminRows(db, query, id),
    /** A sheet's page and every IPM list and search (its title, category or order may have changed). */
    saveIpmSheet: async (actor: Viewer, input: IpmSheetInput, id?: number) => {
      const saved = await saveIpmSheet(db, storage, actor, input, id);
      await removeLetGoCopies();
      await invalidation.publish([ipmListsTag, ipmSheetTag(saved.id)]);
      return saved.id;
    },
    setIpmSheetState: async (actor: Viewer, id: number, state: PublicationState) => {
      if (await setReadingRoomState(db, actor, 'ipm-sheet', id, state)) {
        await invalidation.publish([ipmListsTag, ipmSheetTag(id)]);
      }
    },
    deleteIpmSheet: async (actor: Viewer, id: number) => {
      await deleteIpmSheet(db, actor, id);
      await removeLetGoCopies();
      await invalidation.publish([ipmListsTag, ipmSheetTag(id)]);
    },
    listPublicationAdminRows: (query: AdminListQuery<PublicationFilters>, id?: number) =>
      listPublicationAdminRows(db, query, id),
    /** A publication's page, the publication lists and the media search. */
    savePublication: async (actor: Viewer, input: PublicationInput, id?: number) => {
      const saved = await savePublication(db, storage, actor, input, id);
      await removeLetGoCopies();
      await invalidation.publish([publicationListsTag, publicationTag(saved.id)]);
      return saved.id;
    },
    setPublicationState: async (actor: Viewer, id: number, state: PublicationState) => {
      if (await setReadingRoomState(db, actor, 'publication', id, state)) {
        await invalidation.publish([publicationListsTag, publicationTag(id)]);
      }
    },
    deletePublication: async (actor: Viewer, id: number) => {
      await deletePublication(db, actor, id);
      await removeLetGoCopies();
      await invalidation.publish([publicationListsTag, publicationTag(id)]);
    },
    listVideoAdminRows: (query: AdminListQuery<VideoFilters>, id?: number) => listVideoAdminRows(db, query, id),
    /** A video's page, the video lists and the media search. */
    saveVideo: async (actor: Viewer, input: VideoInput, id?: number) => {
      const saved = await saveVideo(db, storage, actor, input, id);
      await removeLetGoCopies();
      await invalidation.publish([videoListsTag, videoTag(saved.id)]);
      return saved.id;
    },
    setVideoState: async (actor: Viewer, id: number, state: PublicationState) => {
      if (await setReadingRoomState(db, actor, 'video', id, state)) {
        await invalidation.publish([videoListsTag, videoTag(id)]);
      }
    },
    deleteVideo: async (actor: Viewer, id: number) => {
      await deleteVideo(db, actor, id);
      await removeLetGoCopies();
      await invalidation.publish([videoListsTag, videoTag(id)]);
    },
    listResearcherAdminRows: (query: AdminListQuery<ResearcherFilters>, id?: number) =>
      listResearcherAdminRows(db, query, id),
    /** The researchers' directory page. */
    saveResearcher: async (actor: Viewer, input: ResearcherInput, id?: number) => {
      const saved = await saveResearcher(db, actor, input, id);
      await invalidation.publish([researchersTag]);
      return saved;
    },
    deleteResearcher: async (actor: Viewer, id: number) => {
      await deleteResearcher(db, actor, id);
      await invalidation.publish([researchersTag]);
    },
    listNewsAdminRows: (query: AdminListQuery<NewsFilters>, id?: number) => listNewsAdminRows(db, query, id),
    /** An item's page and the news lists (the home news section among them). */
    saveNews: async (actor: Viewer, input: NewsInput, id?: number) => {
      const saved = await saveNews(db, actor, input, id);
      await invalidation.publish([newsListsTag, newsItemTag(saved.id)]);
      return saved.id;
    },
    setNewsState: async (actor: Viewer, id: number, state: PublicationState) => {
      if (await setReadingRoomState(db, actor, 'news', id, state)) {
        await invalidation.publish([newsListsTag, newsItemTag(id)]);
      }
    },
    deleteNews: async (actor: Viewer, id: number) => {
      await deleteNews(db, actor, id);
      await removeLetGoCopies();
      await invalidation.publish([newsListsTag, newsItemTag(id)]);
    },

    // ---- an IPM sheet's other files (decision 0245): only its page lists them ----
    listIpmFileAdminRows: (query: AdminListQuery<IpmFileFilters>, id?: number) => listIpmFileAdminRows(db, query, id),
    saveIpmFile: async (
      actor: Viewer,
      id: number | null,
      input: (IpmFileCreate | IpmFileUpdate) & { ipm_id?: number },
    ) => {
      const saved = await saveChildFile(db, actor, ipmFileKind, id, input);
      await invalidation.publish([ipmSheetTag(saved.parentId)]);
      return saved.id;
    },
    deleteIpmFile: async (actor: Viewer, id: number) => {
      const { parentId } = await deleteChildFile(db, actor, ipmFileKind, id);
      await invalidation.publish([ipmSheetTag(parentId)]);
    },

    // ---- a news item's pictures and attachments (decision 0246) ----
    listNewsPictureAdminRows: (query: AdminListQuery<NewsAttachmentFilters>, id?: number) =>
      listNewsPictureAdminRows(db, query, id),
    /** Pictures show on the item's page and in the news lists (the home news section among them). */
    saveNewsPicture: async (
      actor: Viewer,
      id: number | null,
      input: (NewsPictureCreate | NewsPictureUpdate) & { news_id?: number },
    ) => {
      const saved = await saveNewsPicture(db, storage, actor, id, input);
      await removeLetGoCopies();
      await invalidation.publish([newsListsTag, newsItemTag(saved.newsId)]);
      return saved.id;
    },
    deleteNewsPicture: async (actor: Viewer, id: number) => {
      const { newsId } = await deleteNewsPicture(db, actor, id);
      await removeLetGoCopies();
      await invalidation.publish([newsListsTag, newsItemTag(newsId)]);
    },
    listNewsFileAdminRows: (query: AdminListQuery<NewsAttachmentFilters>, id?: number) =>
      listNewsFileAdminRows(db, query, id),
    /** Attachments show on the item's page only. */
    saveNewsFile: async (
      actor: Viewer,
      id: number | null,
      input: (NewsFileCreate | NewsFileUpdate) & { news_id?: number },
    ) => {
      const saved = await saveChildFile(db, actor, newsFileKind, id, input);
      await invalidation.publish([newsItemTag(saved.parentId)]);
      return saved.id;
    },
    deleteNewsFile: async (actor: Viewer, id: number) => {
      const { parentId } = await deleteChildFile(db, actor, newsFileKind, id);
      await invalidation.publish([newsItemTag(parentId)]);
    },
    // Quick-start items, their files and the related links (reading-room-items-services.ts).
    ...createReadingRoomItemsServices({ db, invalidation }),
  };
}

export type ReadingRoomServices = ReturnType<typeof createReadingRoomServices>;
