import { splitCropNames, type CropInput } from '@pest/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database, Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { normaliseSearchText } from '../../platform/search/normalise-search-text';
import { cropNames, crops } from '../schema';
import { cropSynonyms } from './list-crop-rows';

export const cropNotFoundMessage = '找不到這個作物';

/** A crop as its audit entry shows it. */
async function auditRow(tx: Executor, id: number) {
  const [crop] = await tx.select().from(crops).where(eq(crops.id, id));
  if (!crop) return null;
  const synonyms = (await cropSynonyms(tx, [id])).get(id) ?? [];
  return { name: crop.name, synonyms: synonyms.join('\n'), sort_order: crop.sortOrder };
}

/**
 * Adds a crop (`id` null) or changes one: its name, synonyms and order, with the audit entry, in
 * one transaction. A name or synonym another crop already has is refused, naming that crop: a
 * name must lead to one crop. Synonyms that normalise alike (蕃茄, 番茄) are kept once.
 */
export async function saveCrop(db: Database, actor: Viewer, id: number | null, input: CropInput): Promise<number> {
  return db.transaction(async (tx) => {
    const before = id === null ? null : await auditRow(tx, id);
    if (id !== null && !before) throw AppError.notFound(cropNotFoundMessage);
    const names = [input.name, ...splitCropNames(input.synonyms)];
    const entries = new Map<string, string>();
    for (const name of names) {
      const key = normaliseSearchText(name);
      if (key === '') throw AppError.invalid([{ path: 'synonyms', message: `「${name}」不是可用的作物名稱` }]);
      if (!entries.has(key)) entries.set(key, name);
    }
    const taken = await tx
      .select({ name: cropNames.name, crop: crops.name })
      .from(cropNames)
      .innerJoin(crops, eq(crops.id, cropNames.cropId))
      .where(and(inArray(cropNames.nameKey, [...entries.keys()]), id === null ? undefined : ne(cropNames.cropId, id)));
    const [clash] = taken;
    if (clash) {
      const path = normaliseSearchText(clash.name) === normaliseSearchText(input.name) ? 'name' : 'synonyms';
      throw AppError.invalid([{ path, message: `「${clash.name}」已是作物「${clash.crop}」的名稱或別名` }]);
    }
    const values = { name: input.name, sortOrder: input.sort_order, updatedAt: new Date() };
    let cropId: number;
    if (id === null) {
      const [created] = await tx.insert(crops).values(values).returning({ id: crops.id });
      if (!created) throw new Error('the crop was not written');
      cropId = created.id;
    } else {
      await tx.update(crops).set(values).where(eq(crops.id, id));
      await tx.delete(cropNames).where(eq(cropNames.cropId, id));
      cropId = id;
    }
    await tx
      .insert(cropNames)
      .values([...entries].map(([nameKey, name], position) => ({ cropId, name, nameKey, position })));
    await recordAudit(tx, {
      actor,
      action: before ? 'crop.update' : 'crop.create',
      entity: 'crop',
      entityId: cropId,
      ...(before ? { before } : {}),
      after: await auditRow(tx, cropId),
    });
    return cropId;
  });
}

/** Removes a crop with its names and links (records and sheets stay), audited. */
export async function deleteCrop(db: Database, actor: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await auditRow(tx, id);
    if (!before) throw AppError.notFound(cropNotFoundMessage);
    await tx.delete(crops).where(eq(crops.id, id));
    await recordAudit(tx, { actor, action: 'crop.delete', entity: 'crop', entityId: id, before });
  });
}
