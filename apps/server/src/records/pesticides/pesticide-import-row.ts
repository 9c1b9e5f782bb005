import type { PesticideImportRow } from '@pest/contracts';
import type { pesticideImports } from '../schema';

/** An import as the history shows it; `currentId` is the import whose data the site shows. */
export function toPesticideImportRow(
  row: typeof pesticideImports.$inferSelect,
  currentId: number | null,
): PesticideImportRow {
  const current = row.status === 'applied' && row.id === currentId;
  return {
    id: row.id,
    title: `第 ${row.id} 次匯入：${row.fileName}`,
    status: row.status,
    mode: row.mode,
    current,
    snapshot_date: row.snapshotDate,
    source: row.source,
    file_name: row.fileName,
    file: row.fileId,
    added: row.inserted,
    changed: row.changed,
    removed: row.removed,
    unchanged: row.unchanged,
    rejected: row.rejected,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    imported_at: row.importedAt?.toISOString() ?? null,
    rolled_back_at: row.rolledBackAt?.toISOString() ?? null,
    rolled_back_by: row.rolledBackBy,
    can_roll_back: current && row.historyKept,
    rows_read: row.rowsRead,
    bytes_read: row.bytesRead,
    total_bytes: row.totalBytes,
    error: row.error,
  };
}
