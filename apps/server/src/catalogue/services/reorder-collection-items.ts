import { catalogueCollections, type CatalogueCollectionKey, type reorderBody } from '@pest/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { AppError } from '../../platform/http/app-error';
import { tableOf, collectionTag, columnsOf } from '../catalogue-collections';

/**
 * The `*-by-index-ids` calls: each id gets the index_id at the same place,
 * all or none, audited as one change with the order before and after.
 */
export async function reorderCollectionItems(
  deps: Pick<FeatureContext, 'db' | 'invalidation'>,
  actor: Viewer,
  key: CatalogueCollectionKey,
  body: z.output<typeof reorderBody>,
): Promise<void> {
  const table = tableOf(key);
  const columns = columnsOf(key);
  if (!columns.index_id) throw AppError.badRequest('此類資料沒有排序欄位');
  const entity = `catalogue-${catalogueCollections[key].path}`;
  await deps.db.transaction(async (tx) => {
    const before = (await tx
      .select({ id: columns.id!, index_id: columns.index_id! })
      .from(table)
      .where(inArray(columns.id!, body.ids))
      .for('update')) as Array<{ id: number; index_id: number }>;
    const missing = body.ids.find((id) => !before.some((row) => row.id === id));
    if (missing !== undefined) throw AppError.notFound(`找不到編號 ${missing} 的資料`);
    for (const [place, id] of body.ids.entries()) {
      await tx
        .update(table)
        .set({ index_id: body.index_ids[place], updated_at: new Date() } as never)
        .where(eq(columns.id!, id));
    }
    await recordAudit(tx, {
      actor,
      action: `${entity}.reorder`,
      entity,
      entityId: body.ids.join(','),
      before: Object.fromEntries(before.map((row) => [row.id, row.index_id])),
      after: Object.fromEntries(body.ids.map((id, place) => [id, body.index_ids[place]])),
    });
  });
  await deps.invalidation.publish([collectionTag(key)]);
}
