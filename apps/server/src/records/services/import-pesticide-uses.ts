import type { AuditEntry } from '../../platform/audit/record-audit';
import type { Executor } from '../../platform/database/database';
import { applyPesticideImport } from '../pesticides/apply-pesticide-import';
import type { PesticideFileInput, RejectedRow } from '../pesticides/parse-pesticide-csv';
import { previewPesticideImport, type PesticideImportPreview } from '../pesticides/preview-pesticide-import';

export interface ImportPesticideUsesInput {
  /** The file (UTF-8, government format): its text, bytes or a stream of them. */
  content: PesticideFileInput;
  fileName: string;
  source: string;
  /** yyyy-MM-dd date of the source snapshot, if known. */
  snapshotDate: string | null;
  /** Also remove rows no longer in the file (a complete new snapshot); otherwise rows are only added. */
  replace?: boolean;
  /** Import nothing when any row is rejected. */
  strict?: boolean;
  /** Who imports: the command line (`cli`, the default) or the seed. */
  actor?: AuditEntry['actor'];
}

export interface ImportPesticideUsesReport {
  /** False when nothing was written: the same data was already imported, or strict mode refused. */
  changed: boolean;
  importId: number | null;
  accepted: number;
  rejected: RejectedRow[];
  /** Accepted rows that were new. */
  inserted: number;
  /** Rows replaced by a changed version (with `replace`). */
  updated: number;
  /** Accepted rows already present from an earlier import. */
  unchanged: number;
  /** Rows removed because they are no longer in the file (with `replace`). */
  removed: number;
}

/** Ends the command line's transaction without a trace: nothing to import, or refused. */
class NothingImported extends Error {
  constructor(readonly preview: PesticideImportPreview) {
    super('nothing imported');
  }
}

/**
 * The command line's and the seed's import: the admin's own preview and apply (one import path,
 * decision 0232), run back to back in one transaction, so either the whole file is in place
 * afterwards or nothing changed. An identical re-run leaves no trace at all, nor does a strict
 * run with a rejected row. Caches learn of it through the bound records services, or, from the
 * command line, through the PostgreSQL notification it sends.
 */
export async function importPesticideUses(
  db: Executor,
  input: ImportPesticideUsesInput,
): Promise<ImportPesticideUsesReport> {
  const actor = input.actor ?? { memberId: null, label: 'cli' };
  try {
    const preview = await db.transaction(async (tx) => {
      const made = await previewPesticideImport(tx, {
        content: input.content,
        fileName: input.fileName,
        source: input.source,
        snapshotDate: input.snapshotDate,
        mode: input.replace ? 'replace' : 'merge',
        actor,
      });
      if ((input.strict && made.rejected.length > 0) || made.sameAsCurrent) throw new NothingImported(made);
      await applyPesticideImport(tx, actor, made.importId);
      return made;
    });
    return { ...reportOf(preview), changed: true, importId: preview.importId };
  } catch (error) {
    if (!(error instanceof NothingImported)) throw error;
    const report = reportOf(error.preview);
    return {
      ...report,
      changed: false,
      importId: null,
      inserted: 0,
      updated: 0,
      removed: 0,
      unchanged: input.strict && report.rejected.length > 0 ? 0 : report.unchanged,
    };
  }
}

function reportOf(preview: PesticideImportPreview): Omit<ImportPesticideUsesReport, 'changed' | 'importId'> {
  return {
    accepted: preview.accepted,
    rejected: preview.rejected,
    inserted: preview.added,
    updated: preview.changed,
    unchanged: preview.unchanged,
    removed: preview.removed,
  };
}
