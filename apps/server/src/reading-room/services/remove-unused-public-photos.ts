import { newsPictureUploadPurpose, readingRoomCoverUploadPurpose } from '@pest/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/database/database';
import type { FileStorage } from '../../platform/storage/file-storage';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { ipmSheets, newsPictures, publications, videos } from '../schema';
import { lockPublicPhoto, publicPhotoFolders, publicPhotoName } from './publish-photo';

const folderOfPurpose = {
  [readingRoomCoverUploadPurpose]: publicPhotoFolders.cover,
  [newsPictureUploadPurpose]: publicPhotoFolders.newsPicture,
} as const;

/** The columns that name a public copy: the covers and the news pictures. */
const namingColumns = [
  { table: ipmSheets, column: ipmSheets.coverPic },
  { table: publications, column: publications.coverPic },
  { table: videos, column: videos.coverPic },
  { table: newsPictures, column: newsPictures.file },
];

/** Whether any cover or news picture still names the public copy. */
async function isNamed(tx: Executor, name: string): Promise<boolean> {
  for (const { table, column } of namingColumns) {
    const [row] = await tx
      .select({ named: sql<number>`1` })
      .from(table)
      .where(eq(column, name))
      .limit(1);
    if (row) return true;
  }
  return false;
}

/**
 * Removes the public copies (publishPhoto) of covers and news pictures no row names any more: a
 * picture an editor replaced or removed, or whose item was deleted — its address stays out of
 * /files/public/ instead of serving it for good. The candidates are the copies of uploads given back
 * to the cleanup (attached no more), which keeps their rows 24 hours (`uploads.remove-stale`): the job
 * runs hourly. Each copy is checked and removed under the lock publishPhoto takes, so a save naming
 * the same picture at that moment keeps it. Returns how many copies were removed.
 */
export async function removeUnusedPublicPhotos(db: Database, storage: FileStorage): Promise<number> {
  const uploads = await db
    .selectDistinct({ sha256: storedFiles.sha256, purpose: storedFiles.purpose })
    .from(storedFiles)
    .where(
      and(
        isNull(storedFiles.attachedAt),
        inArray(storedFiles.purpose, [readingRoomCoverUploadPurpose, newsPictureUploadPurpose]),
      ),
    );
  let removed = 0;
  for (const { sha256, purpose } of uploads) {
    const name = publicPhotoName(folderOfPurpose[purpose as keyof typeof folderOfPurpose], sha256);
    await db.transaction(async (tx) => {
      await lockPublicPhoto(tx, name);
      if (await isNamed(tx, name)) return;
      if ((await storage.stat(`public/${name}`)) === null) return;
      await storage.remove(`public/${name}`);
      removed += 1;
    });
  }
  return removed;
}
