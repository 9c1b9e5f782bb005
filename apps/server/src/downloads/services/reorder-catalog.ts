import { downloadMessages } from '@pest/contracts';
import { eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { catalogDetails, catalogTypes } from '../schema';

/**
 * `PUT catalog-types-by-index-ids` / `catalog-details-by-index-ids`: each id gets the
 * order at the same place of `index_ids` (a type's index_id, a file's sort), all or none, audited.
 */
export async function reorderCatalog(
  db: Database,
  actor: Viewer,
  table: 'types' | 'details',
  body: { ids: number[]; index_ids: number[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = [...new Set(body.ids)];
    const target = table === 'types' ? catalogTypes : catalogDetails;
    const found = await tx.select({ id: target.id }).from(target).where(inArray(target.id, ids));
    if (found.length !== ids.length) {
      throw AppError.notFound(table === 'types' ? downloadMessages.typeUnknown : downloadMessages.detailUnknown);
    }
    for (const [index, id] of body.ids.entries()) {
      const order = body.index_ids[index]!;
      if (table === 'types') {
        await tx.update(catalogTypes).set({ indexId: order, updatedAt: new Date() }).where(eq(catalogTypes.id, id));
      } else {
        await tx.update(catalogDetails).set({ sort: order, updatedAt: new Date() }).where(eq(catalogDetails.id, id));
      }
    }
    await recordAudit(tx, {
      actor,
      action: `catalog-${table === 'types' ? 'type' : 'detail'}.reorder`,
      entity: table === 'types' ? 'catalog-type' : 'catalog-detail',
      entityId: body.ids.join(','),
      after: body,
    });
  });
}
