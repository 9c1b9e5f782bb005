import { readingRoomAdminMessages } from '@pest/contracts';
import { staffUploader } from '../../platform/admin/admin-form-uploads';
import type { Viewer } from '../../platform/auth/viewer';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { attachStoredFile } from '../../platform/uploads/attach-files';
import { detachFiles } from '../../platform/uploads/detach-files';

/** The PDF columns of an IPM sheet or a publication (schema.ts). */
export interface PdfColumns {
  pdfKey: string;
  pdfName: string;
  pdfSize: number;
  pdfFileId: string | null;
}

/**
 * The PDF columns a save writes, in the caller's transaction: a new PDF is the editor's upload,
 * attached (purpose: the form's); the upload it replaces goes back to the pipeline's cleanup, a
 * seeded PDF's file stays (the seed owns it). A new item (`current` null) needs one; without an
 * upload, or with the current one's id sent back (a client echoing the row), an edit keeps its PDF ({}).
 */
export async function applyPdf(
  tx: Executor,
  actor: Viewer,
  purpose: string,
  upload: string | undefined,
  current: null,
): Promise<PdfColumns>;
export async function applyPdf(
  tx: Executor,
  actor: Viewer,
  purpose: string,
  upload: string | undefined,
  current: Pick<PdfColumns, 'pdfFileId'>,
): Promise<Partial<PdfColumns>>;
export async function applyPdf(
  tx: Executor,
  actor: Viewer,
  purpose: string,
  upload: string | undefined,
  current: Pick<PdfColumns, 'pdfFileId'> | null,
): Promise<Partial<PdfColumns>> {
  if (!current && !upload) throw AppError.invalid([{ path: 'pdf', message: readingRoomAdminMessages.pdfRequired }]);
  if (!upload || upload === current?.pdfFileId) return {};
  const pdf = await attachStoredFile(tx, upload, { owner: staffUploader(actor), purpose });
  if (current?.pdfFileId) await detachFiles(tx, [current.pdfFileId]);
  return { pdfKey: pdf.storageKey, pdfName: pdf.fileName, pdfSize: pdf.size, pdfFileId: pdf.id };
}
