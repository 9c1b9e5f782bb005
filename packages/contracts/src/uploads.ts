import { z } from 'zod';

/**
 * Uploads: the spec's rules and messages (pest-information §5, §8; site-shell §7 "File helpers"),
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
} as const;

/** The photo types of the spec's forms (consultation): jpg, jpeg, png, tif, tiff, bmp. */
export const photoExtensions = ['jpg', 'jpeg', 'png', 'tif', 'tiff', 'bmp'] as const;
/** The expert discussion also takes HEIC (converted to JPEG at quality 0.9). */
export const discussionPhotoExtensions = [...photoExtensions, 'heic'] as const;
export type UploadExtension = (typeof discussionPhotoExtensions)[number];

/** Photos: 10 MB each, 5 per group (spec §9). */
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
