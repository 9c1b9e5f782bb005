import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { normaliseSearchText } from '../../platform/search/normalise-search-text';
import { cropNames, crops } from '../schema';

export interface ResolvedCrop {
  id: number;
  /** The name shown. */
  name: string;
  /** Its name and synonyms, the name first. */
  names: string[];
}

/**
 * The crop a name or synonym stands for, compared after the search normalisation (芒果 and 檬果
 * lead to one crop; 蕃茄 meets 番茄), or null when the vocabulary has no such name.
 */
export async function resolveCrop(db: Executor, name: string): Promise<ResolvedCrop | null> {
  const key = normaliseSearchText(name);
  if (key === '') return null;
  const [found] = await db
    .select({ id: crops.id, name: crops.name })
    .from(cropNames)
    .innerJoin(crops, eq(crops.id, cropNames.cropId))
    .where(eq(cropNames.nameKey, key));
  if (!found) return null;
  const names = await db
    .select({ name: cropNames.name })
    .from(cropNames)
    .where(eq(cropNames.cropId, found.id))
    .orderBy(asc(cropNames.position), asc(cropNames.name));
  return { ...found, names: [found.name, ...names.map((row) => row.name).filter((each) => each !== found.name)] };
}

/**
 * The names to look a crop up by: every name of the crop the given one resolves to, or just the
 * given name when the vocabulary does not know it (the data may name crops staff never listed).
 */
export async function cropLookupNames(db: Executor, name: string): Promise<string[]> {
  const crop = await resolveCrop(db, name);
  return crop ? crop.names : [name.trim()];
}

export interface CropVocabularyEntry {
  id: number;
  name: string;
  names: string[];
  sortOrder: number;
}

/** The whole vocabulary, in its order: for menus that merge a crop's synonyms into one entry. */
export async function listCropVocabulary(db: Executor, ids?: number[]): Promise<CropVocabularyEntry[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select({ id: crops.id, name: crops.name, sortOrder: crops.sortOrder, other: cropNames.name })
    .from(crops)
    .leftJoin(cropNames, eq(cropNames.cropId, crops.id))
    .where(ids ? inArray(crops.id, ids) : undefined)
    .orderBy(asc(crops.sortOrder), asc(crops.id), asc(cropNames.position), asc(cropNames.name));
  const byId = new Map<number, CropVocabularyEntry>();
  for (const row of rows) {
    const entry = byId.get(row.id) ?? { id: row.id, name: row.name, names: [row.name], sortOrder: row.sortOrder };
    byId.set(row.id, entry);
    if (row.other && !entry.names.includes(row.other)) entry.names.push(row.other);
  }
  return [...byId.values()];
}

/** A map from each normalised name or synonym to its crop, for grouping many names at once. */
export async function cropsByNameKey(db: Executor): Promise<Map<string, CropVocabularyEntry>> {
  const map = new Map<string, CropVocabularyEntry>();
  for (const crop of await listCropVocabulary(db)) {
    for (const name of crop.names) map.set(normaliseSearchText(name), crop);
  }
  return map;
}
