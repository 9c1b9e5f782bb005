import { catalogueCollections, type CatalogueCollectionKey } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { AppError } from '../../platform/http/app-error';
import { tableOf, collectionTag, columnsOf } from '../catalogue-collections';

/** Removes a row (editors; audited with what it held). A product goes from every cart with it. */
export async function deleteCollectionItem(
  deps: Pick<FeatureContext, 'db' | 'invalidation'>,
  actor: Viewer,
  key: CatalogueCollectionKey,
  id: number,
): Promise<void> {
  const table = tableOf(key);
  const entity = `catalogue-${catalogueCollections[key].path}`;
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .delete(table)
      .where(eq(columnsOf(key).id!, id))
      .returning();
    if (!before) throw AppError.notFound('Content not found. Please try again.（找不到這筆資料）');
    await recordAudit(tx, { actor, action: `${entity}.delete`, entity, entityId: id, before });
  });
  await deps.invalidation.publish([collectionTag(key)]);
}
