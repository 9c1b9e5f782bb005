import type { SeedSet } from '../../platform/database/seed';
import { normaliseSearchText } from '../../platform/search/normalise-search-text';
import { cropNames, crops } from '../schema';
import { cropVocabulary } from './crop-vocabulary';

/** The starting vocabulary (decision 0360), before the records and reading room link their demo rows to it. */
export const cropsSeed: SeedSet = {
  name: 'crops-vocabulary-v1',
  async run({ db }) {
    for (const [index, entry] of cropVocabulary.entries()) {
      const [crop] = await db
        .insert(crops)
        .values({ name: entry.name, sortOrder: (index + 1) * 10 })
        .onConflictDoNothing()
        .returning({ id: crops.id });
      if (!crop) continue;
      const keys = new Set<string>();
      const names = [entry.name, ...entry.synonyms].filter((name) => {
        const key = normaliseSearchText(name);
        if (keys.has(key)) return false;
        keys.add(key);
        return true;
      });
      await db
        .insert(cropNames)
        .values(
          names.map((name, position) => ({ cropId: crop.id, name, nameKey: normaliseSearchText(name), position })),
        )
        .onConflictDoNothing();
    }
  },
};
