import { addCropLinks, listCropVocabulary } from '../../crops';
import type { SeedSet } from '../../platform/database/seed';
import { normaliseSearchText } from '../../platform/search/normalise-search-text';
import { ipmSheets } from '../schema';

/**
 * Links the demo IPM sheets to the crops their title, category or summary name (decision 0361);
 * a one-character synonym (稻) counts in the title only.
 */
export const ipmCropLinksSeed: SeedSet = {
  name: 'reading-room-ipm-crop-links-v1',
  async run({ db }) {
    const vocabulary = await listCropVocabulary(db);
    if (vocabulary.length === 0) return;
    const sheets = await db
      .select({ id: ipmSheets.id, title: ipmSheets.title, category: ipmSheets.category, detail: ipmSheets.detail })
      .from(ipmSheets);
    for (const sheet of sheets) {
      const title = normaliseSearchText(sheet.title);
      const text = normaliseSearchText(`${sheet.category}\n${sheet.detail}`);
      const ids = vocabulary
        .filter((crop) =>
          crop.names.some((cropName) => {
            const key = normaliseSearchText(cropName);
            return title.includes(key) || ([...key].length >= 2 && text.includes(key));
          }),
        )
        .map((crop) => crop.id);
      await addCropLinks(db, 'ipm', sheet.id, ids);
    }
  },
};
