import {
  newsClassLabels,
  type DownloadFile,
  type IpmSheet,
  type NewsPicture,
  type NewsSummary,
  type Publication,
  type Video,
} from '@pest/contracts';
import mime from 'mime-types';
import { fileExtension, ipmPdfPath, publicationPdfPath, videoClipPath } from '../file-paths';
import type { ipmSheets, news, publications, videos } from '../schema';

// Row → contract shapes shared by the list, detail and search services, so every call and page
// describes an item the same way.

type Cover = { coverPic: string | null; coverWidth: number | null; coverHeight: number | null };

export function toPicture(row: Cover) {
  return { img: row.coverPic, img_width: row.coverWidth, img_height: row.coverHeight };
}

export function toIpmSheet(row: typeof ipmSheets.$inferSelect): IpmSheet {
  return {
    id: row.id,
    name: row.category,
    title: row.title,
    detail: row.detail,
    pdf: row.pdfName,
    pdf_url: ipmPdfPath(row.id),
    pdf_size: row.pdfSize,
    ...toPicture(row),
  };
}

export function toPublication(row: typeof publications.$inferSelect): Publication {
  return {
    id: row.id,
    title: row.title,
    detail: row.detail,
    year: row.year,
    pdf: row.pdfName,
    pdf_url: publicationPdfPath(row.id),
    pdf_size: row.pdfSize,
    published_at: row.publishedAt.toISOString(),
    demo: row.demo,
    ...toPicture(row),
  };
}

export function toVideo(row: typeof videos.$inferSelect): Video {
  return {
    id: row.id,
    title: row.title,
    detail: row.detail,
    video: row.youtubeId ?? '',
    clip_url: row.clipKey ? videoClipPath(row.id) : null,
    // The type the file is served with (sendStoredFile names it from the file name too).
    clip_type: row.clipName ? mime.lookup(row.clipName) || null : null,
    clip_size: row.clipKey ? row.clipSize : null,
    published_at: row.publishedAt.toISOString(),
    ...toPicture(row),
  };
}

export function toDownloadFile(
  ownerId: number,
  row: { id: number; fileName: string; size: number },
  url: string,
): DownloadFile {
  return { id: row.id, iid: ownerId, Name: row.fileName, Type: fileExtension(row.fileName), size: row.size, url };
}

export function toNewsSummary(row: typeof news.$inferSelect & { pics: NewsPicture[] }): NewsSummary {
  return {
    id: row.id,
    title: row.title,
    class: row.class,
    class_name: newsClassLabels[row.class],
    summary: row.summary,
    status: row.status,
    post_at: row.postAt.toISOString(),
    pics: row.pics,
  };
}
