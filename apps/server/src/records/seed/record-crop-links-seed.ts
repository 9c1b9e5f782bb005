import { and, eq, inArray } from 'drizzle-orm';
import { addCropLinks, cropsByNameKey, listCropVocabulary } from '../../crops';
import type { SeedSet } from '../../platform/database/seed';
import { normaliseSearchText } from '../../platform/search/normalise-search-text';
import { isCurrentUse } from '../pesticides/pesticide-data-state';
import { pesticideUses, records } from '../schema';

/**
 * Links the demo records to the crops their names or data show (decision 0361): a crop named in
 * the record's name (稻熱病: 稻) or, by a name of two characters or more, in its 為害作物／寄主
 * text, and the crops of the pesticide data's registered uses for its 病蟲名稱.
 */
export const recordCropLinksSeed: SeedSet = {
  name: 'records-crop-links-v1',
  async run({ db }) {
    const vocabulary = await listCropVocabulary(db);
    const byKey = await cropsByNameKey(db);
    if (vocabulary.length === 0) return;
    const rows = await db
      .select({ id: records.id, cName: records.cName, harm: records.harm, pesticideNames: records.pesticideNames })
      .from(records)
      .where(eq(records.demo, true));
    for (const record of rows) {
      const ids = new Set<number>();
      const name = normaliseSearchText(record.cName);
      const harm = normaliseSearchText(record.harm);
      for (const crop of vocabulary) {
        for (const cropName of crop.names) {
          const key = normaliseSearchText(cropName);
          if (name.includes(key) || ([...key].length >= 2 && harm.includes(key))) ids.add(crop.id);
        }
      }
      if (record.pesticideNames.length > 0) {
        const plants = await db
          .selectDistinct({ plant: pesticideUses.plant })
          .from(pesticideUses)
          .where(and(isCurrentUse, inArray(pesticideUses.bugname, record.pesticideNames)));
        for (const { plant } of plants) {
          const crop = byKey.get(normaliseSearchText(plant));
          if (crop) ids.add(crop.id);
        }
      }
      await addCropLinks(db, 'record', record.id, [...ids]);
    }
  },
};
