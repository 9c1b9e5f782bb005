import { readingRoomAdminMessages, readingRoomItemsMessages, type PublicationState } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database, Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { ipmSheets, news, publications, quickItems, videos } from '../schema';
import { countQuickFiles } from './count-quick-files';
import { ipmSheetAdminRow } from './ipm-sheet-admin-row';
import { newsAdminRow } from './news-admin-row';
import { publicationAdminRow } from './publication-admin-row';
import { quickItemAdminRow } from './quick-item-admin-row';
import { videoAdminRow } from './video-admin-row';

/** What publishing one kind of reading-room item touches: its table, how its status reads, its audit row. */
interface PublishableKind {
  table: PgTable;
  id: PgColumn;
  unknownMessage: string;
  /** Whether a stored status is public (news: any non-zero status, the others: 1). */
  isPublished(status: number): boolean;
  /** Items whose search row and file answers follow `updated_at`; news has none. */
  touchesUpdatedAt: boolean;
  // The tables' rows differ; each kind's mapper takes its own (a quick-start item counts its files).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  adminRow(row: any, tx: Executor): Record<string, unknown> | Promise<Record<string, unknown>>;
}

export const publishableKinds = {
  'ipm-sheet': {
    table: ipmSheets,
    id: ipmSheets.id,
    unknownMessage: readingRoomAdminMessages.ipmSheetUnknown,
    isPublished: (status) => status === 1,
    touchesUpdatedAt: true,
    adminRow: (row: typeof ipmSheets.$inferSelect) => ipmSheetAdminRow(row),
  },
  publication: {
    table: publications,
    id: publications.id,
    unknownMessage: readingRoomAdminMessages.publicationUnknown,
    isPublished: (status) => status === 1,
    touchesUpdatedAt: true,
    adminRow: publicationAdminRow,
  },
  video: {
    table: videos,
    id: videos.id,
    unknownMessage: readingRoomAdminMessages.videoUnknown,
    isPublished: (status) => status === 1,
    touchesUpdatedAt: true,
    adminRow: videoAdminRow,
  },
  news: {
    table: news,
    id: news.id,
    unknownMessage: readingRoomAdminMessages.newsUnknown,
    isPublished: (status) => status !== 0,
    touchesUpdatedAt: false,
    adminRow: (row: typeof news.$inferSelect) => newsAdminRow(row),
  },
  'quick-item': {
    table: quickItems,
    id: quickItems.id,
    unknownMessage: readingRoomItemsMessages.quickItemUnknown,
    isPublished: (status) => status === 1,
    touchesUpdatedAt: true,
    adminRow: async (row: typeof quickItems.$inferSelect, tx: Executor) =>
      quickItemAdminRow(row, await countQuickFiles(tx, row.id)),
  },
} satisfies Record<string, PublishableKind>;
export type PublishableKindName = keyof typeof publishableKinds;

/**
 * Publishes a reading-room item or takes it back to a draft, audited (`<kind>.publish` /
 * `<kind>.unpublish`), in one transaction. The same state again writes nothing (a double click):
 * returns whether it changed, so the caller invalidates only then.
 */
export async function setReadingRoomState(
  db: Database,
  actor: Viewer,
  kindName: PublishableKindName,
  id: number,
  state: PublicationState,
): Promise<boolean> {
  const kind: PublishableKind = publishableKinds[kindName];
  return db.transaction(async (tx) => {
    const [row] = (await tx.select().from(kind.table).where(eq(kind.id, id)).for('update')) as Array<{
      status: number;
    }>;
    if (!row) throw AppError.notFound(kind.unknownMessage);
    if (kind.isPublished(row.status) === (state === 'published')) return false;
    const values = {
      status: state === 'published' ? 1 : 0,
      ...(kind.touchesUpdatedAt ? { updatedAt: sql`now()` } : {}),
    };
    const [after] = await tx
      .update(kind.table)
      .set(values as never)
      .where(eq(kind.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: `${kindName}.${state === 'published' ? 'publish' : 'unpublish'}`,
      entity: kindName,
      entityId: id,
      before: await kind.adminRow(row, tx),
      after: await kind.adminRow(after, tx),
    });
    return true;
  });
}
