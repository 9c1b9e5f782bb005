// Download addresses of reading-room files, relative to the site root (the web adds BASE_PATH).
// reading-room-file-routes.ts serves exactly these paths.

export const ipmPdfPath = (ipmId: number) => `/files/ipm/${ipmId}`;
export const ipmFilePath = (ipmId: number, fileId: number) => `/files/ipm/${ipmId}/${fileId}`;
export const publicationPdfPath = (publicationId: number) => `/files/publication/${publicationId}`;
export const quickFilePath = (quickId: number, fileId: number) => `/files/quick/${quickId}/${fileId}`;
export const newsFilePath = (newsId: number, fileId: number) => `/files/news/${newsId}/${fileId}`;
export const videoClipPath = (videoId: number) => `/files/video/${videoId}`;

/** Lower-case extension without the dot ('' when the name has none). */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}
