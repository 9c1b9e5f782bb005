import { catalogueCollections, type CatalogueCollectionKey } from '@pest/contracts';
import sharp from 'sharp';
import { z } from 'zod';
import type { SeedSet } from '../../platform/database/seed';
import { readSeedJson } from '../../platform/database/seed-files';
import { tableOf, toStoredValues } from '../catalogue-collections';

/** Collections in the order they are written: a row's references exist before it. */
const seedOrder = [
  'productTypes',
  'productPackageTypes',
  'courseTypes',
  'articleCategories',
  'questionTypes',
  'performanceTypes',
  'products',
  'productDetails',
  'productRelations',
  'productPackages',
  'productBundles',
  'courses',
  'articles',
  'indexAreas',
  'tags',
  'serviceDetails',
  'questionDetails',
  'performanceDetails',
  'brandIntros',
] as const satisfies readonly CatalogueCollectionKey[];

/** A reference field and the collection whose rows (by place in the file, from 1) it names. */
const references: Record<string, CatalogueCollectionKey> = {
  product_type_id: 'productTypes',
  product_type_ids: 'productTypes',
  product_id: 'products',
  product_ids: 'products',
  package_type_id: 'productPackageTypes',
  course_type_id: 'courseTypes',
  article_category_id: 'articleCategories',
  question_type_id: 'questionTypes',
  performance_type_id: 'performanceTypes',
};

const fileSchema = z.object(
  Object.fromEntries(seedOrder.map((key) => [key, z.array(z.record(z.string(), z.unknown())).default([])])) as Record<
    (typeof seedOrder)[number],
    z.ZodDefault<z.ZodArray<z.ZodRecord<z.ZodString, z.ZodUnknown>>>
  >,
);

/** Demo pictures: calm shapes in the institute's greens, no text (the page labels them 示意圖). */
const pictures: Record<string, { background: string; shape: string }> = {
  'catalogue-book-1.webp': {
    background: '#2e7d32',
    shape:
      '<rect x="260" y="90" width="280" height="420" rx="12" fill="#e8f5e9"/><rect x="290" y="140" width="220" height="18" fill="#2e7d32"/><circle cx="400" cy="320" r="80" fill="#a5d6a7"/>',
  },
  'catalogue-book-2.webp': {
    background: '#33691e',
    shape:
      '<rect x="180" y="120" width="440" height="360" rx="12" fill="#f1f8e9"/><line x1="400" y1="120" x2="400" y2="480" stroke="#33691e" stroke-width="6"/>',
  },
  'catalogue-handbook.webp': {
    background: '#1b5e20',
    shape:
      '<rect x="260" y="90" width="280" height="420" rx="12" fill="#fff8e1"/><ellipse cx="400" cy="300" rx="90" ry="50" fill="#8bc34a"/><circle cx="470" cy="280" r="16" fill="#1b5e20"/>',
  },
  'catalogue-lure.webp': {
    background: '#5d4037',
    shape:
      '<rect x="300" y="160" width="200" height="260" rx="30" fill="#ffe082"/><circle cx="400" cy="290" r="50" fill="#bf360c"/>',
  },
  'catalogue-fruitfly.webp': {
    background: '#e65100',
    shape:
      '<circle cx="400" cy="300" r="150" fill="#fff3e0"/><ellipse cx="400" cy="300" rx="60" ry="30" fill="#6d4c41"/>',
  },
  'catalogue-lacewing.webp': {
    background: '#00695c',
    shape:
      '<ellipse cx="330" cy="280" rx="120" ry="50" fill="#b2dfdb" fill-opacity="0.8"/><ellipse cx="470" cy="280" rx="120" ry="50" fill="#b2dfdb" fill-opacity="0.8"/><rect x="390" y="200" width="20" height="200" rx="10" fill="#76ff03"/>',
  },
  'catalogue-course.webp': {
    background: '#1565c0',
    shape:
      '<rect x="160" y="140" width="480" height="300" rx="16" fill="#e3f2fd"/><path d="M260 380 L400 220 L540 380 Z" fill="#66bb6a"/>',
  },
};

function pictureSvg({ background, shape }: { background: string; shape: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="${background}"/>${shape}</svg>`;
}

/** The storefront's demo content: labelled 示範 in every title, pictures as 示意圖. */
export const catalogueSeed: SeedSet = {
  name: 'catalogue-demo-v1',
  async run({ db, storage }) {
    for (const [name, picture] of Object.entries(pictures)) {
      await storage.put(
        `public/${name}`,
        await sharp(Buffer.from(pictureSvg(picture)))
          .webp({ quality: 80 })
          .toBuffer(),
      );
    }
    const content = await readSeedJson(new URL('data/catalogue.json', import.meta.url), fileSchema);
    const ids = new Map<CatalogueCollectionKey, number[]>();
    const resolve = (field: string, value: unknown): unknown => {
      const target = references[field];
      if (!target) return value;
      const id = (place: unknown) => {
        const found = ids.get(target)?.[Number(place) - 1];
        if (found === undefined) throw new Error(`catalogue seed: ${field} ${String(place)} names no ${target} row`);
        return found;
      };
      if (Array.isArray(value)) return value.map(id);
      return value === null || value === undefined ? value : id(value);
    };
    for (const key of seedOrder) {
      const created: number[] = [];
      for (const item of content[key]) {
        const resolved = Object.fromEntries(
          Object.entries(item).map(([field, value]) => [field, resolve(field, value)]),
        );
        const parsed = catalogueCollections[key].input.parse(resolved) as Record<string, unknown>;
        const [row] = await db
          .insert(tableOf(key))
          .values(toStoredValues(parsed) as never)
          .returning();
        created.push((row as { id: number }).id);
      }
      ids.set(key, created);
    }
  },
};
