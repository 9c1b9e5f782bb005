import { newsPictureUploadPurpose, readingRoomCoverUploadPurpose } from '@pest/contracts';
import { namedInColumns, type PublicCopyKind } from '../../platform/uploads/public-copies';
import { ipmSheets, newsPictures, publications, videos } from '../schema';
import { publicPhotoFolders, publicPhotoName } from './publish-photo';

/** Covers (IPM sheets, publications, videos) and news pictures, as publishPhoto names them (decision 0282). */
export const readingRoomPictureCopies: PublicCopyKind[] = [
  {
    purpose: readingRoomCoverUploadPurpose,
    nameOf: (sha256) => publicPhotoName(publicPhotoFolders.cover, sha256),
    isNamed: namedInColumns([
      { table: ipmSheets, column: ipmSheets.coverPic },
      { table: publications, column: publications.coverPic },
      { table: videos, column: videos.coverPic },
    ]),
  },
  {
    purpose: newsPictureUploadPurpose,
    nameOf: (sha256) => publicPhotoName(publicPhotoFolders.newsPicture, sha256),
    isNamed: namedInColumns([{ table: newsPictures, column: newsPictures.file }]),
  },
];
