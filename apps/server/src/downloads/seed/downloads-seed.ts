import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { z } from 'zod';
import { createDemoPdfWriter } from '../../reading-room';
import type { SeedSet } from '../../platform/database/seed';
import { catalogDetails, catalogRelations, catalogTypes } from '../schema';

/** The data file of the demo downloads (listed in seed-data-folders.json, decision 0075). */
export const downloadsDataFile = new URL('./data/downloads.json', import.meta.url);

const section = z.object({
  heading: z.string().min(1),
  paragraphs: z.array(z.string().min(1)).optional(),
  bullets: z.array(z.string().min(1)).optional(),
});
export const downloadsData = z.object({
  types: z.array(z.object({ key: z.string().min(1), name: z.string().min(1), index_id: z.number().int() })).min(1),
  files: z
    .array(
      z.object({
        title: z.string().min(1),
        file: z.string().regex(/^[^/\\]+\.pdf$/),
        sort: z.number().int(),
        types: z.array(z.string().min(1)).min(1),
        sections: z.array(section).min(1),
      }),
    )
    .min(1),
});

/** Where a catalog file's bytes are stored: content-addressed, so the same bytes are stored once. */
export const catalogFileKey = (sha256: string, extension: string) =>
  `downloads/${sha256.slice(0, 2)}/${sha256}.${extension}`;

/**
 * The download area's demo content: types and generated PDFs with Chinese names, each marked as
 * demo (the page says 示範, the PDF carries the demo notice).
 */
export const downloadsSeed: SeedSet = {
  name: 'downloads-demo-v1',
  async run({ db, storage }) {
    const data = downloadsData.parse(JSON.parse(await fs.readFile(downloadsDataFile, 'utf8')));
    const typeIds = new Map<string, number>();
    for (const type of data.types) {
      const [row] = await db
        .insert(catalogTypes)
        .values({ name: type.name, indexId: type.index_id, status: 1 })
        .returning({ id: catalogTypes.id });
      typeIds.set(type.key, row!.id);
    }
    const writer = await createDemoPdfWriter();
    for (const file of data.files) {
      const bytes = Buffer.from(
        await writer.write({ title: file.title, byline: '示範檔案・作物病蟲害資訊網', sections: file.sections }),
      );
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const key = catalogFileKey(sha256, 'pdf');
      await storage.put(key, bytes);
      const [detail] = await db
        .insert(catalogDetails)
        .values({
          title: file.title,
          file: file.file,
          storageKey: key,
          contentType: 'application/pdf',
          size: bytes.length,
          sort: file.sort,
          status: 1,
          demo: true,
        })
        .returning({ id: catalogDetails.id });
      for (const type of file.types) {
        const typeId = typeIds.get(type);
        if (!typeId) throw new Error(`downloads.json: unknown type ${type} for ${file.title}`);
        await db.insert(catalogRelations).values({ catalogTypeId: typeId, catalogDetailId: detail!.id });
      }
    }
  },
};
