import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { detachFiles } from '../../platform/uploads/detach-files';
import type { ChildFileKind, ChildFileTable } from './save-child-file';

/**
 * Takes a file off its IPM sheet, news item or quick-start item (child-file-kinds.ts), audited, in
 * one transaction: an upload goes back to the upload pipeline's cleanup; a seeded file stays in
 * storage (the seed owns it). Returns its parent's id, whose pages change.
 */
export async function deleteChildFile<T extends ChildFileTable, F extends string>(
  db: Database,
  actor: Viewer,
  kind: ChildFileKind<T, F>,
  id: number,
): Promise<{ parentId: number }> {
  return db.transaction(async (tx) => {
    // As in saveChildFile: the kind ties `table` to its rows, which Drizzle cannot type from T.
    const table: PgTable = kind.table;
    const [before] = (await tx.select().from(table).where(eq(kind.table.id, id)).for('update')) as T['$inferSelect'][];
    if (!before) throw AppError.notFound(kind.messages.unknown);
    const parentId = kind.parentIdOf(before);
    const [parent] = await tx
      .select({ title: kind.parent.title })
      .from(kind.parent.table)
      .where(eq(kind.parent.id, parentId));
    await tx.delete(kind.table).where(eq(kind.table.id, id));
    if (before.storedFileId) await detachFiles(tx, [before.storedFileId]);
    await recordAudit(tx, {
      actor,
      action: `${kind.entity}.delete`,
      entity: kind.entity,
      entityId: id,
      before: kind.adminRow(before, parent?.title ?? ''),
    });
    return { parentId };
  });
}
