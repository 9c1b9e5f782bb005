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
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../platform/audit/record-audit';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { FileStorage } from '../../platform/storage/file-storage';
import { attachFiles } from '../../platform/uploads/attach-files';
import type { Uploader } from '../../platform/uploads/identify-uploader';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { pesticideImports } from '../schema';
import { checkPesticideHeader, PesticideFileError } from './parse-pesticide-csv';
import { findCurrentImport, lockPesticideData } from './pesticide-data-state';

/** The job that reads a queued preview (records feature manifest). */
export const readPesticidePreviewJob = 'records.read-pesticide-preview';

export interface QueuePesticidePreviewInput {
  actor: AuditEntry['actor'];
  /** The uploader (the editor's member id and client), who alone may use the file. */
  owner: Uploader;
  /** The stored file received through the upload pipeline, or null when the form came without one. */
  fileId: string | null;
  /** The form's text fields (pesticideImportForm). */
  fields: unknown;
}

export interface QueuedPesticidePreview {
  importId: number;
  /** True when the same editor's preview of the same bytes was given back (a double-clicked or retried upload). */
  reused: boolean;
}

/** A refusal of one field, shown beside it. */
function fieldError(path: string, message: string): AppError {
  return new AppError(400, errorCodes.validationFailed, message, [{ path, message }]);
}

/**
 * The admin's import, step one: checks the form (source, data date — the file name's date when
 * left empty) and the uploaded CSV's header row, then records the import as `reading`, attaches
 * the file to it and queues the job that reads the whole file and makes the preview in the
 * background (readPesticidePreview, decision 0350). The same upload sent again gives back the
 * import made the first time. Problems come back as 400s with the field they concern.
 */
export async function queuePesticidePreview(
  db: Executor,
  storage: FileStorage,
  jobs: JobQueue,
  input: QueuePesticidePreviewInput,
): Promise<QueuedPesticidePreview> {
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
  // A wrong file (another CSV, Big5 text) is said beside the field at once; the rest of the file
  // is read by the job, whose refusal the import's screen shows.
  try {
    await checkPesticideHeader(storage.read(file.storageKey));
  } catch (error) {
    if (error instanceof PesticideFileError) throw fieldError('file', error.message);
    throw error;
  }

  const createdBy = input.actor.memberId === null ? input.actor.label : input.actor.account;
  const mode = 'replace';
  return db.transaction(async (tx) => {
    // Serialises two posts of the same upload (a double click) and orders the preview's base.
    await lockPesticideData(tx);
    const current = await findCurrentImport(tx);
    // The same upload sent again: the import still being read, or its preview made against the data now.
    const [again] = await tx
      .select({ id: pesticideImports.id })
      .from(pesticideImports)
      .innerJoin(storedFiles, eq(storedFiles.id, pesticideImports.fileId))
      .where(
        and(
          eq(pesticideImports.createdBy, createdBy),
          eq(pesticideImports.mode, mode),
          eq(pesticideImports.source, form.data.source),
          eq(pesticideImports.snapshotDate, snapshotDate),
          eq(storedFiles.sha256, file.sha256),
          sql`(${pesticideImports.status} = 'reading' OR (${pesticideImports.status} = 'pending' AND ${pesticideImports.baseImportId} IS NOT DISTINCT FROM ${current?.id ?? null}))`,
        ),
      )
      .orderBy(desc(pesticideImports.id))
      .limit(1);
    if (again) return { importId: again.id, reused: true };
    const [created] = await tx
      .insert(pesticideImports)
      .values({
        status: 'reading',
        mode,
        source: form.data.source,
        snapshotDate,
        fileName: file.fileName,
        fileId: file.id,
        // Set again by the job when it reads the data it compares against.
        baseImportId: current?.id ?? null,
        accepted: 0,
        rejected: 0,
        inserted: 0,
        removed: 0,
        totalBytes: file.size,
        createdBy,
        importedAt: null,
      })
      .returning({ id: pesticideImports.id });
    if (!created) throw new Error('the pesticide import was not recorded');
    await attachFiles(tx, [file.id], { owner: input.owner, purpose: pesticideCsvUploadPurpose });
    await jobs.enqueue(readPesticidePreviewJob, { importId: created.id }, { tx });
    return { importId: created.id, reused: false };
  });
}
