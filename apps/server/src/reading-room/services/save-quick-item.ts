import { parseTaiwanDateTime, readingRoomItemsMessages, type QuickItemWrite } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { quickItems } from '../schema';
import { contentHtml } from './content-html';
import { countQuickFiles } from './count-quick-files';
import { quickItemAdminRow } from './quick-item-admin-row';

/**
 * Creates a quick-start item (`id` absent) or changes one, with its audit entry, in one
 * transaction. Its content is kept as entered and sanitised on every read. An empty announce time
 * is now for a new item and keeps the current one on an edit.
 */
export async function saveQuickItem(
  db: Database,
  actor: Viewer,
  input: QuickItemWrite,
  id?: number,
): Promise<{ id: number; created: boolean }> {
  const announceTime = input.announce_time === '' ? null : parseTaiwanDateTime(input.announce_time);
  if (input.announce_time !== '' && !announceTime) {
    throw AppError.invalid([{ path: 'announce_time', message: readingRoomItemsMessages.announceInvalid }]);
  }
  return db.transaction(async (tx) => {
    const values = {
      title: input.title,
      content: contentHtml(input.content),
      status: input.state === 'published' ? 1 : 0,
      updatedAt: sql`now()`,
      ...(announceTime ? { announceTime } : {}),
    };
    let before: ReturnType<typeof quickItemAdminRow> | null = null;
    let itemId: number;
    if (id === undefined) {
      const [created] = await tx.insert(quickItems).values(values).returning({ id: quickItems.id });
      itemId = created!.id;
    } else {
      const [row] = await tx.select().from(quickItems).where(eq(quickItems.id, id)).for('update');
      if (!row) throw AppError.notFound(readingRoomItemsMessages.quickItemUnknown);
      before = quickItemAdminRow(row, await countQuickFiles(tx, id));
      await tx.update(quickItems).set(values).where(eq(quickItems.id, id));
      itemId = id;
    }
    const [after] = await tx.select().from(quickItems).where(eq(quickItems.id, itemId));
    await recordAudit(tx, {
      actor,
      action: id === undefined ? 'quick-item.create' : 'quick-item.update',
      entity: 'quick-item',
      entityId: itemId,
      ...(before ? { before } : {}),
      after: quickItemAdminRow(after!, before?.files ?? 0),
    });
    return { id: itemId, created: id === undefined };
  });
}
