import {
  ipmFileUploadPurpose,
  newsFileUploadPurpose,
  quickFileUploadPurpose,
  readingRoomAdminMessages,
  readingRoomFilesMessages,
  readingRoomItemsMessages,
} from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import { ipmFiles, ipmSheets, news, newsFiles, quickFiles, quickItems } from '../schema';
import { ipmFileAdminRow } from './ipm-file-admin-row';
import { newsFileAdminRow } from './news-attachment-admin-rows';
import { quickFileAdminRow } from './quick-file-admin-row';
import type { ChildFileKind } from './save-child-file';

/** An IPM sheet's other files (decision 0245). */
export const ipmFileKind: ChildFileKind<typeof ipmFiles, 'ipm_id'> = {
  entity: 'ipm-file',
  table: ipmFiles,
  parentColumn: ipmFiles.ipmId,
  parentField: 'ipm_id',
  parentIdOf: (row) => row.ipmId,
  parent: { table: ipmSheets, id: ipmSheets.id, title: ipmSheets.title, lock: true },
  messages: {
    unknown: readingRoomFilesMessages.ipmFileUnknown,
    parentUnknown: readingRoomAdminMessages.ipmSheetUnknown,
    required: readingRoomFilesMessages.ipmFileRequired,
  },
  uploadPurpose: ipmFileUploadPurpose,
  adminRow: ipmFileAdminRow,
  newRow: async (_tx, ipmId) => ({ ipmId }),
};

/**
 * A news item's attachments (decision 0246): a new one takes the item's next number, its download
 * address `/files/news/{id}/{number}`, under a lock of the news row so two adds never take the same.
 */
export const newsFileKind: ChildFileKind<typeof newsFiles, 'news_id'> = {
  entity: 'news-file',
  table: newsFiles,
  parentColumn: newsFiles.newsId,
  parentField: 'news_id',
  parentIdOf: (row) => row.newsId,
  parent: { table: news, id: news.id, title: news.title, lock: true },
  messages: {
    unknown: readingRoomFilesMessages.newsFileUnknown,
    parentUnknown: readingRoomAdminMessages.newsUnknown,
    required: readingRoomFilesMessages.ipmFileRequired,
  },
  uploadPurpose: newsFileUploadPurpose,
  adminRow: newsFileAdminRow,
  newRow: async (tx, newsId) => {
    const [last] = await tx
      .select({ number: sql<number>`coalesce(max(${newsFiles.number}), 0)`.mapWith(Number) })
      .from(newsFiles)
      .where(eq(newsFiles.newsId, newsId));
    return { newsId, number: (last?.number ?? 0) + 1 };
  },
};

/** A quick-start item's files (decision 0248). */
export const quickFileKind: ChildFileKind<typeof quickFiles, 'quick_id'> = {
  entity: 'quick-file',
  table: quickFiles,
  parentColumn: quickFiles.quickId,
  parentField: 'quick_id',
  parentIdOf: (row) => row.quickId,
  parent: { table: quickItems, id: quickItems.id, title: quickItems.title, lock: true },
  messages: {
    unknown: readingRoomItemsMessages.quickFileUnknown,
    parentUnknown: readingRoomItemsMessages.quickItemUnknown,
    required: readingRoomItemsMessages.quickFileRequired,
  },
  uploadPurpose: quickFileUploadPurpose,
  adminRow: quickFileAdminRow,
  newRow: async (_tx, quickId) => ({ quickId }),
};
