import { z } from 'zod';

/**
 * Uploads: the spec's rules and messages,
 * defined once for the browser's checks and the server's.
 */

/** The spec's message for a file of a type the form does not take. */
export const wrongFileTypeMessage = '選擇的檔案格式不符';

/** The spec's message for a file at or over the limit ('檔案大小不可超過10MB' for photos). */
export function fileTooLargeMessage(limitMb: number): string {
  return `檔案大小不可超過${limitMb}MB`;
}

export const uploadMessages = {
  wrongType: wrongFileTypeMessage,
  tooManyFiles: (maxFiles: number) => `一次最多上傳 ${maxFiles} 個檔案`,
  incomplete: '檔案上傳未完成，請重新選擇檔案後再送出',
  notMultipart: '請以表單上傳檔案',
  tooManyFields: '表單欄位過多',
  unreadableImage: '無法讀取圖片檔案，請換一張照片',
  dailyQuota: '今日上傳的檔案已達上限，請明天再試',
  notYours: '找不到上傳的檔案，請重新選擇檔案',
  /** A CSV must be text in UTF-8 (what Excel's 「CSV UTF-8」 and the open-data portals write). */
  csvNotUtf8: 'CSV 檔必須是 UTF-8 編碼的文字檔，請以「CSV UTF-8」格式另存後再上傳',
  unexpectedFile: '此欄位不接受檔案',
  /** A chosen file of zero bytes, refused by every upload (the browser's check and the server's). */
  emptyFile: '檔案是空的，請重新選擇檔案。',
} as const;

/** The photo types of the spec's forms (consultation): jpg, jpeg, png, tif, tiff, bmp. */
export const photoExtensions = ['jpg', 'jpeg', 'png', 'tif', 'tiff', 'bmp'] as const;
/** The expert discussion also takes HEIC (converted to JPEG at quality 0.9). */
export const discussionPhotoExtensions = [...photoExtensions, 'heic'] as const;
export type PhotoExtension = (typeof discussionPhotoExtensions)[number];

/**
 * Documents staff publish (IPM sheets, forms to download, the pesticide data): stored as sent,
 * never re-encoded, each checked by its content (decision 0116).
 */
export const documentExtensions = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'csv',
] as const;
export type DocumentExtension = (typeof documentExtensions)[number];
export type UploadExtension = PhotoExtension | DocumentExtension;

/** Documents: 30 MB each (a scanned IPM sheet or a training handbook). */
export const documentLimitMb = 30;

/** The type a document is served as, by the extension its content was checked against. */
export const documentContentTypes: Readonly<Record<DocumentExtension, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  csv: 'text/csv; charset=utf-8',
};

export function isDocumentExtension(extension: string): extension is DocumentExtension {
  return (documentExtensions as readonly string[]).includes(extension);
}

/** Photos: 10 MB each, 5 per group. */
export const photoLimitMb = 10;
export const photosPerGroup = 5;

/** What a form's file field takes: the browser checks it before sending, the server again. */
export interface UploadRules {
  extensions: readonly UploadExtension[];
  /** The spec's size rule: size in KB, rounded, must be below maxFileMb × 1024. */
  maxFileMb: number;
  maxFiles: number;
}

export const photoUploadRules: UploadRules = {
  extensions: photoExtensions,
  maxFileMb: photoLimitMb,
  maxFiles: photosPerGroup,
};
export const discussionPhotoUploadRules: UploadRules = {
  extensions: discussionPhotoExtensions,
  maxFileMb: photoLimitMb,
  maxFiles: photosPerGroup,
};

/**
 * One photo a staff form attaches (a record's picture, a carousel slide, a news picture): the types
 * re-encoded at once (BMP waits for a background conversion, which a form that publishes at once
 * cannot wait for).
 */
export const staffPhotoUploadRules: UploadRules = {
  extensions: ['jpg', 'jpeg', 'png', 'tif', 'tiff'],
  maxFileMb: photoLimitMb,
  maxFiles: 1,
};

/** One document a staff form attaches (PDF and office files). */
export const staffDocumentUploadRules: UploadRules = {
  extensions: documentExtensions.filter((extension) => extension !== 'csv'),
  maxFileMb: documentLimitMb,
  maxFiles: 1,
};

/** A rule set's formats and size as a line under a file field: 「格式：PDF、DOCX；每個檔案小於 30MB」. */
export function uploadRulesHint(rules: UploadRules): string {
  const formats = rules.extensions.map((extension) => extension.toUpperCase()).join('、');
  return `格式：${formats}；每個檔案小於 ${rules.maxFileMb}MB`;
}

/** The spec's rule: a file of exactly the limit (10 × 1024 KB) is refused. */
export function fileSizeAllowed(bytes: number, limitMb: number): boolean {
  return Math.round(bytes / 1024) < limitMb * 1024;
}

/** The browser's check by name: the lower-cased extension must be in the list (the server sniffs the content). */
export function fileExtensionAllowed(fileName: string, extensions: readonly string[]): boolean {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && extensions.includes(fileName.slice(dot + 1).toLowerCase());
}

/** The message for a chosen file, or null when the browser may send it. */
export function uploadProblem(file: { name: string; size: number }, rules: UploadRules): string | null {
  if (!fileExtensionAllowed(file.name, rules.extensions)) return wrongFileTypeMessage;
  if (file.size === 0) return uploadMessages.emptyFile;
  if (!fileSizeAllowed(file.size, rules.maxFileMb)) return fileTooLargeMessage(rules.maxFileMb);
  return null;
}

/** The `accept` attribute of a file input for these rules. */
export function acceptAttribute(rules: UploadRules): string {
  return rules.extensions.map((extension) => `.${extension}`).join(',');
}

/**
 * pending: received, not yet part of anything (removed after 24 h); processing: being converted
 * in the background (HEIC, BMP); attached: part of a feature's record; failed: conversion failed.
 */
export const storedFileStatuses = ['pending', 'processing', 'attached', 'failed'] as const;
export const storedFileStatusSchema = z.enum(storedFileStatuses);
export type StoredFileStatus = z.infer<typeof storedFileStatusSchema>;

/** A received file as a feature hands it back to a client. */
export const storedFileSchema = z
  .object({
    id: z.uuid(),
    status: storedFileStatusSchema,
    contentType: z.string().describe('The type the file is served as (photos: image/jpeg)'),
    size: z.number().int().describe('Bytes received'),
    fileName: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: 'StoredFile' });
export type StoredFileSummary = z.infer<typeof storedFileSchema>;
