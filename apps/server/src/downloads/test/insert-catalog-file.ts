import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { catalogDetails, catalogRelations, catalogTypes } from '../schema';
import { catalogFileKey } from '../seed/downloads-seed';

/** An active type with one active file whose bytes are stored (tests of other features: the matrix). */
export async function insertCatalogFile(
  app: FastifyInstance,
  values: { typeName: string; title: string; file: string },
): Promise<{ typeId: number; detailId: number; relationId: number }> {
  const bytes = Buffer.from(`%PDF-1.4\n% ${values.title}\n`);
  const key = catalogFileKey('b'.repeat(64), 'pdf');
  await app.storage.put(key, bytes);
  return app.db.transaction(async (tx) => {
    const [type] = await tx.insert(catalogTypes).values({ name: values.typeName, indexId: 0 }).returning();
    const [detail] = await tx
      .insert(catalogDetails)
      .values({
        title: values.title,
        file: values.file,
        storageKey: key,
        contentType: 'application/pdf',
        size: bytes.length,
      })
      .returning();
    const [relation] = await tx
      .insert(catalogRelations)
      .values({ catalogTypeId: type!.id, catalogDetailId: detail!.id })
      .returning();
    await tx.update(catalogDetails).set({ sort: 0 }).where(eq(catalogDetails.id, detail!.id));
    return { typeId: type!.id, detailId: detail!.id, relationId: relation!.id };
  });
}
