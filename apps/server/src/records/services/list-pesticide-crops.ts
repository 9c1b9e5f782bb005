import type { PesticideCrop } from '@pest/contracts';
import { count, sql } from 'drizzle-orm';
import { cropsByNameKey } from '../../crops';
import type { Executor } from '../../platform/database/database';
import { normaliseSearchText } from '../../platform/search/normalise-search-text';
import { isCurrentUse } from '../pesticides/pesticide-data-state';
import { pesticideUses } from '../schema';

/**
 * The crops of the crop-first lookup's picker: every crop name of the pesticide data with its
 * uses, a vocabulary crop's names merged into one entry under the name shown (decision 0360),
 * most uses first.
 */
export async function listPesticideCrops(db: Executor): Promise<PesticideCrop[]> {
  const [rows, vocabulary] = await Promise.all([
    db
      .select({ plant: pesticideUses.plant, uses: count() })
      .from(pesticideUses)
      .where(isCurrentUse)
      .groupBy(pesticideUses.plant)
      .orderBy(sql`${pesticideUses.plant} collate "C"`),
    cropsByNameKey(db),
  ]);
  const merged = new Map<string, PesticideCrop>();
  for (const row of rows) {
    const crop = vocabulary.get(normaliseSearchText(row.plant));
    const name = crop?.name ?? row.plant;
    const entry = merged.get(name) ?? { crop: name, synonyms: crop ? crop.names.slice(1) : [], uses: 0 };
    entry.uses += row.uses;
    merged.set(name, entry);
  }
  return [...merged.values()].sort((a, b) => b.uses - a.uses || a.crop.localeCompare(b.crop, 'zh-Hant'));
}
