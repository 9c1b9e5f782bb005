import { catalogueCollections, type CatalogueCollectionKey } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { AppError } from '../../platform/http/app-error';
import { tableOf, collectionTag, columnsOf, toStoredValues } from '../catalogue-collections';

function parseInput(key: CatalogueCollectionKey, input: unknown): Record<string, unknown> {
  const parsed = catalogueCollections[key].input.safeParse(input);
  if (!parsed.success)
    throw AppError.invalid(
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  return toStoredValues(parsed.data as Record<string, unknown>);
}

/**
 * An editor's new row or change of one: checked against the collection's contract —
 * the JSON fields must be JSON of the right shape —, written with its audit entry in one
 * transaction, then the collection's pages are invalidated. `id` absent: a new row.
 */
export async function saveCollectionItem(
  deps: Pick<FeatureContext, 'db' | 'invalidation'>,
  actor: Viewer,
  key: CatalogueCollectionKey,
  id: number | null,
  input: unknown,
): Promise<number> {
  const values = parseInput(key, input);
  const table = tableOf(key);
  const idColumn = columnsOf(key).id!;
  const entity = `catalogue-${catalogueCollections[key].path}`;
  const savedId = await deps.db.transaction(async (tx) => {
    if (id === null) {
      const [created] = await tx
        .insert(table)
        .values(values as never)
        .returning();
      const row = created as Record<string, unknown>;
      await recordAudit(tx, { actor, action: `${entity}.create`, entity, entityId: row.id as number, after: row });
      return row.id as number;
    }
    const [before] = await tx.select().from(table).where(eq(idColumn, id)).for('update');
    if (!before) throw AppError.notFound('Content not found. Please try again.（找不到這筆資料）');
    const [after] = await tx
      .update(table)
      .set({ ...values, updated_at: new Date() } as never)
      .where(eq(idColumn, id))
      .returning();
    await recordAudit(tx, { actor, action: `${entity}.update`, entity, entityId: id, before, after });
    return id;
  });
  await deps.invalidation.publish([collectionTag(key)]);
  return savedId;
}
