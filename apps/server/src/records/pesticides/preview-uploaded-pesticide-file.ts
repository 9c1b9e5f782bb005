import {
  dateFromFileName,
  errorCodes,
  normaliseDate,
  pesticideCsvUploadPurpose,
  pesticideImportForm,
  pesticideImportMessages,
  taiwanToday,
  uploadMessages,
} from '@pest/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AuditEntry } from '../../platform/audit/record-audit';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { Uploader } from '../../platform/uploads/identify-uploader';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { PesticideFileError } from './parse-pesticide-csv';
import { previewPesticideImport, type PesticideImportPreview } from './preview-pesticide-import';

export interface PreviewUploadedPesticideFileInput {
  actor: AuditEntry['actor'];
  /** The uploader (the editor's member id and client), who alone may use the file. */
  owner: Uploader;
  /** The stored file received through the upload pipeline, or null when the form came without one. */
  fileId: string | null;
  /** The form's text fields (pesticideImportForm). */
  fields: unknown;
}

/** A refusal of one field, shown beside it. */
function fieldError(path: string, message: string): AppError {
  return new AppError(400, errorCodes.validationFailed, message, [{ path, message }]);
}

/**
 * The admin's import, step one: checks the form (source, data date — the file name's date when
 * left empty), reads the CSV the editor uploaded through the upload pipeline from FileStorage as a
 * stream, and records the preview (previewPesticideImport), attaching the file to it. Problems
 * come back as 400s with the field they concern (`file`, `snapshotDate`, `source`).
 */
export async function previewUploadedPesticideFile(
  db: Executor,
  storage: FileStorage,
  input: PreviewUploadedPesticideFileInput,
): Promise<PesticideImportPreview> {
  const form = pesticideImportForm.safeParse(input.fields);
  const issues = form.success
    ? []
    : form.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  if (!input.fileId) issues.push({ path: 'file', message: pesticideImportMessages.fileRequired });
  if (!form.success || !input.fileId) throw AppError.invalid(issues);

  const owner =
    input.owner.memberId === null
      ? and(isNull(storedFiles.ownerMemberId), inArray(storedFiles.uploaderHash, input.owner.hashes))
      : eq(storedFiles.ownerMemberId, input.owner.memberId);
  const [file] = /^[0-9a-f-]{36}$/i.test(input.fileId)
    ? await db
        .select()
        .from(storedFiles)
        .where(
          and(
            eq(storedFiles.id, input.fileId),
            eq(storedFiles.purpose, pesticideCsvUploadPurpose),
            // Attached already when the same upload was sent twice: the first preview is given back.
            inArray(storedFiles.status, ['pending', 'attached']),
            owner,
          ),
        )
        .limit(1)
    : [];
  if (!file) throw fieldError('file', uploadMessages.notYours);

  const snapshotDate = form.data.snapshotDate ? normaliseDate(form.data.snapshotDate) : dateFromFileName(file.fileName);
  if (!snapshotDate) throw fieldError('snapshotDate', pesticideImportMessages.dateRequired);
  if (snapshotDate > taiwanToday()) throw fieldError('snapshotDate', pesticideImportMessages.dateInFuture);
  try {
    return await previewPesticideImport(db, {
      content: storage.read(file.storageKey),
      fileName: file.fileName,
      source: form.data.source,
      snapshotDate,
      mode: 'replace',
      actor: input.actor,
      file: { id: file.id, owner: input.owner, sha256: file.sha256 },
    });
  } catch (error) {
    if (error instanceof PesticideFileError) throw fieldError('file', error.message);
    throw error;
  }
}
