import { splitCropNames } from '@pest/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { normaliseSearchText } from '../../platform/search/normalise-search-text';
import { cropIpmSheets, cropNames, cropRecords, crops } from '../schema';

/** What a crop is linked to: a record (records feature) or an IPM sheet (reading room). */
export type CropLinkKind = 'record' | 'ipm';

const linkTable = {
  record: { table: cropRecords, target: cropRecords.recordId, crop: cropRecords.cropId },
  ipm: { table: cropIpmSheets, target: cropIpmSheets.ipmSheetId, crop: cropIpmSheets.cropId },
} as const;

/**
 * The crop ids of names typed in a form (names or synonyms, one a line or 、-separated); an
 * unknown name is a 400 on the form's `field`, naming it, so staff add it to the list first.
 */
export async function resolveCropIds(db: Executor, text: string, field = 'crops'): Promise<number[]> {
  const names = splitCropNames(text);
  if (names.length === 0) return [];
  const keys = names.map((name) => normaliseSearchText(name));
  const found = await db
    .select({ key: cropNames.nameKey, cropId: cropNames.cropId })
    .from(cropNames)
    .where(inArray(cropNames.nameKey, keys));
  const byKey = new Map(found.map((row) => [row.key, row.cropId]));
  const unknown = names.filter((_name, index) => !byKey.has(keys[index] ?? ''));
  if (unknown.length > 0) {
    throw AppError.invalid([
      { path: field, message: `作物清單中沒有「${unknown.join('、')}」，請先在「作物名稱」新增或改用清單中的名稱` },
    ]);
  }
  return [...new Set(keys.map((key) => byKey.get(key) as number))];
}

/**
 * Sets the crops of a record or IPM sheet to the names typed (in the caller's transaction, with
 * its audit entry); returns the crop names as stored, for the audit's after.
 */
export async function replaceCropLinks(
  tx: Executor,
  kind: CropLinkKind,
  targetId: number,
  text: string,
  field = 'crops',
): Promise<string[]> {
  const ids = await resolveCropIds(tx, text, field);
  const { table, target } = linkTable[kind];
  await tx.delete(table).where(eq(target, targetId));
  if (ids.length > 0) {
    await tx
      .insert(table)
      .values(
        ids.map((cropId) => (kind === 'record' ? { cropId, recordId: targetId } : { cropId, ipmSheetId: targetId })),
      );
  }
  return (await listLinkedCrops(tx, kind, [targetId])).get(targetId) ?? [];
}

/** Adds links without removing any (the seed's linking of demo content); known crop ids only. */
export async function addCropLinks(tx: Executor, kind: CropLinkKind, targetId: number, cropIds: number[]) {
  if (cropIds.length === 0) return;
  const { table } = linkTable[kind];
  await tx
    .insert(table)
    .values(
      cropIds.map((cropId) => (kind === 'record' ? { cropId, recordId: targetId } : { cropId, ipmSheetId: targetId })),
    )
    .onConflictDoNothing();
}

/** Removes a deleted record's or sheet's links (its feature calls it in the deleting transaction). */
export async function removeCropLinks(tx: Executor, kind: CropLinkKind, targetId: number) {
  const { table, target } = linkTable[kind];
  await tx.delete(table).where(eq(target, targetId));
}

/** The crop names of each record or sheet, in the vocabulary's order. */
export async function listLinkedCrops(
  db: Executor,
  kind: CropLinkKind,
  targetIds: number[],
): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (targetIds.length === 0) return map;
  const { table, target, crop } = linkTable[kind];
  const rows = await db
    .select({ targetId: target, name: crops.name })
    .from(table)
    .innerJoin(crops, eq(crops.id, crop))
    .where(inArray(target, targetIds))
    .orderBy(asc(crops.sortOrder), asc(crops.id));
  for (const row of rows) map.set(row.targetId, [...(map.get(row.targetId) ?? []), row.name]);
  return map;
}

/** The ids of the records or sheets linked to one crop (for saving a crop's pages later). */
export async function listCropTargets(db: Executor, kind: CropLinkKind, cropId: number): Promise<number[]> {
  const { table, target, crop } = linkTable[kind];
  const rows = await db.select({ id: target }).from(table).where(eq(crop, cropId));
  return rows.map((row) => row.id);
}
