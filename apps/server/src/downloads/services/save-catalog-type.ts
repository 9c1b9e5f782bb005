import type { catalogTypeWrite } from '@pest/contracts';
import { downloadMessages } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { catalogTypes } from '../schema';
import { catalogTypeOf } from './catalog-rows';

type TypeInput = z.output<typeof catalogTypeWrite>;

/** Creates a type (id absent) or changes one, audited, in one transaction. Returns its id. */
export async function saveCatalogType(db: Database, actor: Viewer, input: TypeInput, id?: number): Promise<number> {
  return db.transaction(async (tx) => {
    const values = { name: input.name, status: input.status, indexId: input.index_id, updatedAt: new Date() };
    if (id === undefined) {
      const [created] = await tx.insert(catalogTypes).values(values).returning();
      await recordAudit(tx, {
        actor,
        action: 'catalog-type.create',
        entity: 'catalog-type',
        entityId: created!.id,
        after: catalogTypeOf(created!),
      });
      return created!.id;
    }
    const [before] = await tx.select().from(catalogTypes).where(eq(catalogTypes.id, id)).for('update');
    if (!before) throw AppError.notFound(downloadMessages.typeUnknown);
    const [after] = await tx.update(catalogTypes).set(values).where(eq(catalogTypes.id, id)).returning();
    await recordAudit(tx, {
      actor,
      action: 'catalog-type.update',
      entity: 'catalog-type',
      entityId: id,
      before: catalogTypeOf(before),
      after: catalogTypeOf(after!),
    });
    return id;
  });
}
