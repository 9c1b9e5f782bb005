import { readingRoomItemsMessages, type RelatedLinkWrite } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { relatedLinks } from '../schema';
import { relatedLinkAdminRow } from './related-link-admin-row';

/**
 * Creates a related link (`id` absent) or changes one, with its audit entry, in one transaction.
 * Whether its address is confirmed is what the editor says (the form asks them to confirm again
 * after changing it).
 */
export async function saveRelatedLink(
  db: Database,
  actor: Viewer,
  input: RelatedLinkWrite,
  id?: number,
): Promise<{ id: number; created: boolean }> {
  return db.transaction(async (tx) => {
    const values = {
      title: input.title,
      description: input.description,
      url: input.url,
      sort: input.sort,
      hidden: input.hidden,
      urlChecked: input.url_checked,
      updatedAt: sql`now()`,
    };
    let before: ReturnType<typeof relatedLinkAdminRow> | null = null;
    let after: typeof relatedLinks.$inferSelect | undefined;
    if (id === undefined) {
      [after] = await tx.insert(relatedLinks).values(values).returning();
    } else {
      const [row] = await tx.select().from(relatedLinks).where(eq(relatedLinks.id, id)).for('update');
      if (!row) throw AppError.notFound(readingRoomItemsMessages.relatedLinkUnknown);
      before = relatedLinkAdminRow(row);
      [after] = await tx.update(relatedLinks).set(values).where(eq(relatedLinks.id, id)).returning();
    }
    if (!after) throw new Error('the related link was not written');
    await recordAudit(tx, {
      actor,
      action: id === undefined ? 'related-link.create' : 'related-link.update',
      entity: 'related-link',
      entityId: after.id,
      ...(before ? { before } : {}),
      after: relatedLinkAdminRow(after),
    });
    return { id: after.id, created: id === undefined };
  });
}
