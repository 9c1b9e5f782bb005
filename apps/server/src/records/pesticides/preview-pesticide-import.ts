import { pesticideImportMessages, type PesticideImportMode } from '@pest/contracts';
import type { AuditEntry } from '../../platform/audit/record-audit';
import type { Executor } from '../../platform/database/database';
import { pesticideImportChanges, pesticideImports } from '../schema';
import { toPesticideChangeRows } from './pesticide-change-rows';
import { findCurrentImport, listCurrentUses, lockPesticideData } from './pesticide-data-state';
import {
  PesticideFileError,
  parsePesticideFile,
  type PesticideFileInput,
  type RejectedRow,
} from './parse-pesticide-csv';
import { planPesticideChanges } from './plan-pesticide-changes';

export interface PreviewPesticideImportInput {
  /** The file's bytes or text, streamed (the command line's file, the seed's). */
  content: PesticideFileInput;
  fileName: string;
  source: string;
  /** yyyy-MM-dd date of the source snapshot, if known. */
  snapshotDate: string | null;
  mode: PesticideImportMode;
  /** Who makes the preview: `cli` or `seed` (an editor's upload is previewed in the background, decision 0350). */
  actor: AuditEntry['actor'];
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
}

/** Change rows written by one statement. */
const batchSize = 500;

/**
 * Reads a pesticide-use file and records what importing it would change — rows added, changed,
 * removed and rejected, against the data on the site now — as a pending import, in one transaction,
 * changing no row of the data (decision 0232). The command line and the seed use it (then apply in
 * the same transaction); the admin's upload is read in the background instead
 * (readPesticidePreview, decision 0350). A file that cannot be read as a whole, or has no usable
 * row, is refused with a PesticideFileError.
 */
export async function previewPesticideImport(
  db: Executor,
  input: PreviewPesticideImportInput,
): Promise<PesticideImportPreview> {
  // Parsed before the transaction: reading a 12,000-row file holds no lock.
  const parsed = await parsePesticideFile(
    input.content,
    input.onProgress ? { onProgress: (rows) => input.onProgress?.(rows) } : {},
  );
  if (parsed.accepted.length === 0) throw new PesticideFileError(pesticideImportMessages.noRows);
  const createdBy = input.actor.memberId === null ? input.actor.label : input.actor.account;
  return db.transaction(async (tx) => {
    await lockPesticideData(tx);
    const current = await findCurrentImport(tx);
    const sameOrigin = current?.source === input.source && current.snapshotDate === input.snapshotDate;
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
    const changes = toPesticideChangeRows(importId, plan, parsed.rejected);
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
    };
  });
}
