import { pesticideCsvUploadPurpose, pesticideImportMessages, type PesticideImportMode } from '@pest/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../platform/audit/record-audit';
import type { Executor } from '../../platform/database/database';
import { attachFiles } from '../../platform/uploads/attach-files';
import type { Uploader } from '../../platform/uploads/identify-uploader';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { pesticideImportChanges, pesticideImports } from '../schema';
import { findCurrentImport, listCurrentUses, lockPesticideData } from './pesticide-data-state';
import {
  PesticideFileError,
  parsePesticideFile,
  type PesticideFileInput,
  type RejectedRow,
} from './parse-pesticide-csv';
import { planPesticideChanges } from './plan-pesticide-changes';

export interface PreviewPesticideImportInput {
  /** The file's bytes or text, streamed (the stored upload, or the command line's file). */
  content: PesticideFileInput;
  fileName: string;
  source: string;
  /** yyyy-MM-dd date of the source snapshot, if known. */
  snapshotDate: string | null;
  mode: PesticideImportMode;
  /** Who makes the preview: an editor, or `cli` / `seed`. */
  actor: AuditEntry['actor'];
  /** The uploaded file (through the upload pipeline), attached to the import in its transaction. */
  file?: { id: string; owner: Uploader; sha256: string };
  /** Told the rows read so far, every few hundred rows. */
  onProgress?: (rowsRead: number) => void;
}

export interface PesticideImportPreview {
  importId: number;
  baseImportId: number | null;
  accepted: number;
  rejected: RejectedRow[];
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
  /** True when applying would change neither the rows nor the source and date the pages show. */
  sameAsCurrent: boolean;
  /** True when the same editor's pending preview of the same bytes was given back (a double-clicked upload). */
  reused: boolean;
}

const batchSize = 500;

/**
 * Reads a pesticide-use file and records what importing it would change — rows added, changed,
 * removed and rejected, against the data on the site now — as a pending import, changing no row
 * of the data (decision 0232). Its id is what the editor applies (once) or cancels. A file that
 * cannot be read as a whole, or has no usable row, is refused with a PesticideFileError.
 */
export async function previewPesticideImport(
  db: Executor,
  input: PreviewPesticideImportInput,
): Promise<PesticideImportPreview> {
  // Parsed before the transaction: reading a 12,000-row file holds no lock.
  const parsed = await parsePesticideFile(input.content, input.onProgress ? { onProgress: input.onProgress } : {});
  if (parsed.accepted.length === 0) throw new PesticideFileError(pesticideImportMessages.noRows);
  const createdBy = input.actor.memberId === null ? input.actor.label : input.actor.account;
  return db.transaction(async (tx) => {
    await lockPesticideData(tx);
    const current = await findCurrentImport(tx);
    const sameOrigin = current?.source === input.source && current.snapshotDate === input.snapshotDate;
    if (input.file) {
      // The same upload sent twice (a double click, a retry): the preview made the first time.
      const [again] = await tx
        .select()
        .from(pesticideImports)
        .innerJoin(storedFiles, eq(storedFiles.id, pesticideImports.fileId))
        .where(
          and(
            eq(pesticideImports.status, 'pending'),
            eq(pesticideImports.createdBy, createdBy),
            eq(pesticideImports.mode, input.mode),
            eq(pesticideImports.source, input.source),
            sql`${pesticideImports.snapshotDate} IS NOT DISTINCT FROM ${input.snapshotDate}`,
            sql`${pesticideImports.baseImportId} IS NOT DISTINCT FROM ${current?.id ?? null}`,
            eq(storedFiles.sha256, input.file.sha256),
          ),
        )
        .orderBy(desc(pesticideImports.id))
        .limit(1);
      if (again) {
        const row = again.pesticide_imports;
        const rejected = await tx
          .select()
          .from(pesticideImportChanges)
          .where(and(eq(pesticideImportChanges.importId, row.id), eq(pesticideImportChanges.kind, 'rejected')))
          .orderBy(asc(pesticideImportChanges.position));
        return {
          importId: row.id,
          baseImportId: row.baseImportId,
          accepted: row.accepted,
          rejected: rejected.map((change) => ({
            line: change.line ?? 0,
            sourceRow: ((change.after as { cells?: string[] } | null)?.cells?.[0] ?? '').trim(),
            reason: change.reason ?? '',
            cells: (change.after as { cells?: string[] } | null)?.cells ?? [],
          })),
          added: row.inserted,
          changed: row.changed,
          removed: row.removed,
          unchanged: row.unchanged,
          sameAsCurrent: sameOrigin && row.inserted + row.changed + row.removed === 0,
          reused: true,
        };
      }
    }
    const currentUses = await listCurrentUses(tx);
    // A turn for other requests between reading the rows and comparing them (decision 0329).
    await new Promise<void>((resolve) => setImmediate(resolve));
    const plan = await planPesticideChanges(currentUses, parsed.accepted, input.mode);
    const [created] = await tx
      .insert(pesticideImports)
      .values({
        status: 'pending',
        mode: input.mode,
        source: input.source,
        snapshotDate: input.snapshotDate,
        fileName: input.fileName,
        fileId: input.file?.id ?? null,
        baseImportId: current?.id ?? null,
        accepted: parsed.accepted.length,
        rejected: parsed.rejected.length,
        inserted: plan.added.length,
        changed: plan.changed.length,
        removed: plan.removed.length,
        unchanged: plan.unchanged,
        createdBy,
        importedAt: null,
      })
      .returning({ id: pesticideImports.id });
    if (!created) throw new Error('the pesticide import was not recorded');
    const importId = created.id;
    if (input.file)
      await attachFiles(tx, [input.file.id], { owner: input.file.owner, purpose: pesticideCsvUploadPurpose });

    const changes: Array<typeof pesticideImportChanges.$inferInsert> = [
      ...plan.added.map(({ rowKey, line, ...after }, position) => ({
        importId,
        kind: 'added' as const,
        position,
        line,
        after: { ...after, rowKey },
      })),
      ...plan.changed.map(({ before, after: { rowKey, line, ...after }, fields }, position) => ({
        importId,
        kind: 'changed' as const,
        position,
        line,
        useId: before.id,
        before: withoutKeys(before),
        after: { ...after, rowKey },
        reason: fields.join(','),
      })),
      ...plan.removed.map((before, position) => ({
        importId,
        kind: 'removed' as const,
        position,
        useId: before.id,
        before: withoutKeys(before),
      })),
      ...parsed.rejected.map((row, position) => ({
        importId,
        kind: 'rejected' as const,
        position,
        line: row.line,
        reason: row.reason,
        after: { cells: row.cells },
      })),
    ];
    for (let start = 0; start < changes.length; start += batchSize) {
      await tx.insert(pesticideImportChanges).values(changes.slice(start, start + batchSize));
    }
    return {
      importId,
      baseImportId: current?.id ?? null,
      accepted: parsed.accepted.length,
      rejected: parsed.rejected,
      added: plan.added.length,
      changed: plan.changed.length,
      removed: plan.removed.length,
      unchanged: plan.unchanged,
      sameAsCurrent: sameOrigin && plan.added.length + plan.changed.length + plan.removed.length === 0,
      reused: false,
    };
  });
}

function withoutKeys<Row extends { id: number; rowKey: string }>(row: Row): Omit<Row, 'id' | 'rowKey'> {
  const { id: _id, rowKey: _rowKey, ...rest } = row;
  return rest;
}
