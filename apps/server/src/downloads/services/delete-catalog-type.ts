import { downloadMessages } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { catalogTypes } from '../schema';
import { catalogTypeOf } from './catalog-rows';

/** Deletes a type and its relations (its files stay, under their other types or none), audited. */
export async function deleteCatalogType(db: Database, actor: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(catalogTypes).where(eq(catalogTypes.id, id)).returning();
    if (!removed) throw AppError.notFound(downloadMessages.typeUnknown);
    await recordAudit(tx, {
      actor,
      action: 'catalog-type.delete',
      entity: 'catalog-type',
      entityId: id,
      before: catalogTypeOf(removed),
    });
  });
}
