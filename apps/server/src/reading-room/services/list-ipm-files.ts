import type { DownloadFile } from '@pest/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { ipmFilePath } from '../file-paths';
import { ipmFiles, ipmSheets } from '../schema';
import { toDownloadFile } from './to-reading-room-items';
import { shownIpmSheet, type Visibility } from './visibility';

/** The other downloadable files of a shown IPM sheet (none for an unknown or hidden sheet). */
export async function listIpmFiles(db: Executor, ipmId: number, visibility: Visibility = {}): Promise<DownloadFile[]> {
  const rows = await db
    .select({ id: ipmFiles.id, fileName: ipmFiles.fileName, size: ipmFiles.size })
    .from(ipmFiles)
    .innerJoin(ipmSheets, eq(ipmSheets.id, ipmFiles.ipmId))
    .where(and(eq(ipmFiles.ipmId, ipmId), shownIpmSheet(visibility)))
    .orderBy(asc(ipmFiles.sort), asc(ipmFiles.id));
  return rows.map((row) =>
    toDownloadFile(ipmId, row, `${ipmFilePath(ipmId, row.id)}${visibility.drafts ? '?preview=1' : ''}`),
  );
}
