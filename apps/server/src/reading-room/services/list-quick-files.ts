import type { DownloadFile } from '@pest/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { quickFilePath } from '../file-paths';
import { quickFiles, quickItems } from '../schema';
import { toDownloadFile } from './to-reading-room-items';
import { shownQuickItem, type Visibility } from './visibility';

/** The attachments of a shown quick-start notice (none for an unknown or hidden one; a draft's for a staff preview). */
export async function listQuickFiles(db: Executor, quickId: number, visibility?: Visibility): Promise<DownloadFile[]> {
  const rows = await db
    .select({ id: quickFiles.id, fileName: quickFiles.fileName, size: quickFiles.size })
    .from(quickFiles)
    .innerJoin(quickItems, eq(quickItems.id, quickFiles.quickId))
    .where(and(eq(quickFiles.quickId, quickId), shownQuickItem(visibility)))
    .orderBy(asc(quickFiles.sort), asc(quickFiles.id));
  return rows.map((row) => toDownloadFile(quickId, row, quickFilePath(quickId, row.id)));
}
