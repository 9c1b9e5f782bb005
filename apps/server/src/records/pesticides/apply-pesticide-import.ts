import { errorCodes, pesticideImportMessages, pesticideImportsKept } from '@pest/contracts';
import { and, count, desc, eq, inArray, isNotNull, lt, max, notInArray, or, sql } from 'drizzle-orm';
import { recordAudit, type AuditEntry } from '../../platform/audit/record-audit';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { pesticideImportChanges, pesticideImports, pesticideUses } from '../schema';
import { findCurrentImport, isCurrentUse, lockPesticideData } from './pesticide-data-state';

export interface ApplyPesticideImportResult {
  /** False when the import had been applied already (a retried or double-clicked apply): nothing changed now. */
  applied: boolean;
}

/** A pending import's refusal: 409 with the message the screen shows. */
const conflict = (message: string) => new AppError(409, errorCodes.conflict, message);

/**
 * Applies a pending import exactly as previewed, in one transaction (decision 0232): the rows it
 * changes or removes are marked as replaced by it, its new and changed rows are inserted, it
 * becomes the current data, and the audit entry is written. Applying the same import again is a
 * no-op; a preview made against data that has changed since is refused, as are cancelled and
 * rolled-back imports. Older history beyond the kept imports is dropped (decision 0234).
 */
export async function applyPesticideImport(
  db: Executor,
  actor: AuditEntry['actor'],
  importId: number,
): Promise<ApplyPesticideImportResult> {
  return db.transaction(async (tx) => {
    await lockPesticideData(tx);
    const [pending] = await tx.select().from(pesticideImports).where(eq(pesticideImports.id, importId)).limit(1);
    if (!pending) throw AppError.notFound(pesticideImportMessages.notFound);
    if (pending.status === 'applied') return { applied: false };
    if (pending.status === 'cancelled') throw conflict(pesticideImportMessages.cancelled);
    if (pending.status === 'rolled-back') throw conflict(pesticideImportMessages.rolledBack);
    if (pending.status === 'reading') throw conflict(pesticideImportMessages.notReady);
    if (pending.status === 'failed') throw conflict(pesticideImportMessages.failed);
    const current = await findCurrentImport(tx);
    if ((current?.id ?? null) !== pending.baseImportId) throw conflict(pesticideImportMessages.stale);
    const replaced = pending.changed + pending.removed;
    const rowChanges = pending.inserted + replaced;
    if (rowChanges === 0 && current?.source === pending.source && current.snapshotDate === pending.snapshotDate) {
      throw conflict(pesticideImportMessages.nothingToApply);
    }
    const rowsBefore = await countCurrentRows(tx);

    // The rows this import replaces or removes leave the site but stay, for a rollback.
    if (replaced > 0) {
      const marked = await tx
        .update(pesticideUses)
        .set({ removedByImportId: importId })
        .where(
          and(
            isCurrentUse,
            inArray(
              pesticideUses.id,
              tx
                .select({ id: sql<number>`${pesticideImportChanges.useId}` })
                .from(pesticideImportChanges)
                .where(
                  and(
                    eq(pesticideImportChanges.importId, importId),
                    inArray(pesticideImportChanges.kind, ['changed', 'removed']),
                  ),
                ),
            ),
          ),
        )
        .returning({ id: pesticideUses.id });
      // The base is current, so every row the preview named is still there; anything else is a bug.
      if (marked.length !== replaced)
        throw new Error(`pesticide import ${importId}: ${marked.length} of ${replaced} rows to replace were current`);
    }
    if (pending.inserted + pending.changed > 0) {
      const field = (name: string) => sql`${pesticideImportChanges.after} ->> ${name}`;
      await tx.execute(sql`
        INSERT INTO ${pesticideUses} (
          "row_key", "import_id", "source_row", "plant", "bugname", "cname", "amount", "typecode",
          "use_a", "use_r", "use_p", "use_t", "usecount", "safe", "method", "notice", "note",
          "approved_on", "registrant", "moa"
        )
        SELECT ${field('rowKey')}, ${importId}, (${field('sourceRow')})::integer, ${field('plant')},
          ${field('bugname')}, ${field('cname')}, ${field('amount')}, ${field('typecode')}, ${field('useA')},
          ${field('useR')}, ${field('useP')}, ${field('useT')}, ${field('usecount')}, ${field('safe')},
          ${field('method')}, ${field('notice')}, ${field('note')}, (${field('approvedOn')})::date,
          ${field('registrant')}, ${field('moa')}
        FROM ${pesticideImportChanges}
        WHERE ${pesticideImportChanges.importId} = ${importId}
          AND ${pesticideImportChanges.kind} IN ('added', 'changed')
        ORDER BY ${pesticideImportChanges.line}, ${pesticideImportChanges.id}
      `);
    }
    const [last] = await tx.select({ sequence: max(pesticideImports.sequence) }).from(pesticideImports);
    await tx
      .update(pesticideImports)
      .set({ status: 'applied', sequence: (last?.sequence ?? 0) + 1, importedAt: sql`now()` })
      .where(eq(pesticideImports.id, importId));
    await pruneHistory(tx);
    await recordAudit(tx, {
      actor,
      action: 'pesticide-import.apply',
      entity: 'pesticide-import',
      entityId: importId,
      before: {
        import: current?.id ?? null,
        snapshotDate: current?.snapshotDate ?? null,
        source: current?.source ?? null,
        rows: rowsBefore,
      },
      after: {
        import: importId,
        snapshotDate: pending.snapshotDate,
        source: pending.source,
        fileName: pending.fileName,
        added: pending.inserted,
        changed: pending.changed,
        removed: pending.removed,
        rows: rowsBefore + pending.inserted - pending.removed,
      },
    });
    return { applied: true };
  });
}

export async function countCurrentRows(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(pesticideUses).where(isCurrentUse);
  return row?.total ?? 0;
}

/**
 * Keeps what the last `pesticideImportsKept` applied imports replaced (so each can be rolled back
 * in turn) and drops it for older ones, with their change lists: the history stays bounded
 * however often the data is imported.
 */
async function pruneHistory(tx: Executor): Promise<void> {
  const kept = await tx
    .select({ id: pesticideImports.id })
    .from(pesticideImports)
    .where(and(eq(pesticideImports.status, 'applied'), isNotNull(pesticideImports.sequence)))
    .orderBy(desc(pesticideImports.sequence))
    .limit(pesticideImportsKept);
  if (kept.length < pesticideImportsKept) return;
  const oldestKept = Math.min(...kept.map((row) => row.id));
  const keptIds = kept.map((row) => row.id);
  const dropped = await tx
    .update(pesticideImports)
    .set({ historyKept: false })
    .where(
      and(
        eq(pesticideImports.historyKept, true),
        notInArray(pesticideImports.id, keptIds),
        // Applied ones beyond the kept; rolled back and cancelled ones older than the oldest kept.
        or(
          eq(pesticideImports.status, 'applied'),
          and(inArray(pesticideImports.status, ['rolled-back', 'cancelled']), lt(pesticideImports.id, oldestKept)),
        ),
      ),
    )
    .returning({ id: pesticideImports.id });
  if (dropped.length === 0) return;
  const ids = dropped.map((row) => row.id);
  await tx.delete(pesticideUses).where(inArray(pesticideUses.removedByImportId, ids));
  await tx.delete(pesticideImportChanges).where(inArray(pesticideImportChanges.importId, ids));
}
