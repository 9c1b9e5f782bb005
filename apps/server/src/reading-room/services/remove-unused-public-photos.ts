import { newsPictureUploadPurpose, readingRoomCoverUploadPurpose } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../platform/database/database';
import type { FileStorage } from '../../platform/storage/file-storage';
import { removeUnnamedPublicCopies, type PublicCopyKind } from '../../platform/uploads/public-copies';
import { ipmSheets, newsPictures, publications, videos } from '../schema';
import { publicPhotoFolders, publicPhotoName } from './publish-photo';

/** Whether any of the columns names the copy. */
function namedIn(columns: ReadonlyArray<{ table: PgTable; column: PgColumn }>) {
  return async (tx: Executor, name: string) => {
    for (const { table, column } of columns) {
      const [row] = await tx
        .select({ named: sql<number>`1` })
        .from(table)
        .where(eq(column, name))
        .limit(1);
      if (row) return true;
    }
    return false;
  };
}

/** Covers (IPM sheets, publications, videos) and news pictures, as publishPhoto names them. */
const readingRoomPictures: PublicCopyKind[] = [
  {
    purpose: readingRoomCoverUploadPurpose,
    nameOf: (sha256) => publicPhotoName(publicPhotoFolders.cover, sha256),
    isNamed: namedIn([
      { table: ipmSheets, column: ipmSheets.coverPic },
      { table: publications, column: publications.coverPic },
      { table: videos, column: videos.coverPic },
    ]),
  },
  {
    purpose: newsPictureUploadPurpose,
    nameOf: (sha256) => publicPhotoName(publicPhotoFolders.newsPicture, sha256),
    isNamed: namedIn([{ table: newsPictures, column: newsPictures.file }]),
  },
];

/**
 * Removes the public copies of covers and news pictures no row names any more (decision 0282):
 * after each write that may let go of one, and hourly.
 */
export function removeUnusedPublicPhotos(db: Database, storage: FileStorage): Promise<number> {
  return removeUnnamedPublicCopies(db, storage, readingRoomPictures);
}
