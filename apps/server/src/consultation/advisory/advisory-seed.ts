import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { z } from 'zod';
import type { SeedSet } from '../../platform/database/seed';
import { readSeedJson } from '../../platform/database/seed-files';
import { sanitizeRichText } from '../../platform/html/sanitize-rich-text';
import { encodePhoto, photoVariants } from '../../platform/uploads/photo-variants';
import { storedFileKey } from '../../platform/uploads/stored-file-keys';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { findIpmSheetsByTitle } from '../../reading-room';
import { findRecordPictureKeys } from '../../records';
import { consultationCaseLinks, consultationCasePhotos, consultationCases } from '../schema';
import { refreshCaseSearch } from './services/refresh-case-search';

/** The data file of the demo cases (listed with the feature's seed/data in seed-data-folders.json). */
export const advisoryCasesFile = new URL('../seed/data/advisory/cases.json', import.meta.url);

/** The purpose the consultation form's photos are stored under (decision 0111). */
export const consultationPhotoPurpose = 'consultation-photo';

const demoCaseSchema = z.object({
  key: z.string().regex(/^[a-z0-9-]+$/),
  askerName: z.string().min(1),
  countyId: z.string().min(1),
  countyName: z.string().min(1),
  townshipName: z.string().min(1),
  cropName: z.string().min(1),
  description: z.string().min(1),
  replyHtml: z.string().min(1).nullable(),
  daysAgo: z.number().int().min(0),
  records: z.array(z.string()),
  /** Titles of the IPM sheets the reply links to (the reading room's seed runs first). */
  ipm: z.array(z.string()).default([]),
  photos: z
    .array(z.object({ group: z.enum(['pic1', 'pic2', 'pic3']), record: z.string(), picture: z.string() }))
    .min(1),
});
const demoCasesSchema = z.object({ $comment: z.string().optional(), cases: z.array(demoCaseSchema).min(1) });

/**
 * Demo content of the archive: a handful of published cases (marked `demo`, said on the page),
 * their photos copies of the seeded record pictures stored the way the upload pipeline stores a
 * farmer's photo — re-encoded as JPEG in three sizes under their sha256, one `stored_files` row
 * each — and their search rows. Runs after the records' seed.
 */
export const advisorySeed: SeedSet = {
  name: 'consultation-advisory-demo-v1',
  async run({ db, storage }) {
    const { cases } = await readSeedJson(advisoryCasesFile, demoCasesSchema);
    const names = [
      ...new Set(cases.flatMap((entry) => [...entry.records, ...entry.photos.map((photo) => photo.record)])),
    ];
    const records = await findRecordPictureKeys(db, names);
    // Seeding without the records' demo content (tests with other seeds): no cases then.
    if (records.size === 0) return;
    const sheets = await findIpmSheetsByTitle(
      db,
      cases.flatMap((entry) => entry.ipm),
    );
    const now = Date.now();
    const ids: number[] = [];
    for (const entry of cases) {
      const sentAt = new Date(now - entry.daysAgo * 86_400_000 - 3 * 3_600_000);
      const replied = entry.replyHtml !== null;
      const [row] = await db
        .insert(consultationCases)
        .values({
          status: replied ? 'answered' : 'submitted',
          askerName: entry.askerName,
          askerEmail: `demo-${entry.key}@example.invalid`,
          askerPhone: '0912345678',
          countyId: entry.countyId,
          countyName: entry.countyName,
          townshipName: entry.townshipName,
          cropName: entry.cropName,
          description: entry.description,
          replyHtml: entry.replyHtml === null ? null : sanitizeRichText(entry.replyHtml),
          repliedAt: replied ? new Date(sentAt.getTime() + 20 * 3_600_000) : null,
          publishedAt: new Date(sentAt.getTime() + 21 * 3_600_000),
          // The site's own examples: published by the team that wrote them.
          publishConsent: 'asker',
          demo: true,
          createdAt: sentAt,
          submittedAt: sentAt,
          updatedAt: new Date(sentAt.getTime() + 21 * 3_600_000),
        })
        .returning({ id: consultationCases.id });
      if (!row) throw new Error(`demo case ${entry.key} was not written`);
      ids.push(row.id);
      const links: Array<typeof consultationCaseLinks.$inferInsert> = entry.records.flatMap((name) => {
        const record = records.get(name);
        return record ? [{ caseId: row.id, kind: 'record' as const, targetId: record.recordId }] : [];
      });
      for (const title of entry.ipm) {
        const sheetId = sheets.get(title);
        if (sheetId !== undefined) links.push({ caseId: row.id, kind: 'ipm' as const, targetId: sheetId });
      }
      if (links.length > 0) await db.insert(consultationCaseLinks).values(links);
      for (const photo of entry.photos) {
        const key = records.get(photo.record)?.pictures.get(photo.picture);
        if (!key) throw new Error(`demo case ${entry.key}: no picture ${photo.picture} of ${photo.record}`);
        const source = await buffer(storage.read(key));
        const sha256 = createHash('sha256').update(source).digest('hex');
        const encoded = await encodePhoto(source);
        for (const variant of photoVariants)
          await storage.put(storedFileKey(sha256, variant), encoded.variants[variant]);
        const [file] = await db
          .insert(storedFiles)
          .values({
            sha256,
            storageKey: storedFileKey(sha256),
            size: source.length,
            sourceType: 'image/webp',
            contentType: 'image/jpeg',
            fileName: `${photo.picture}.jpg`,
            width: encoded.width,
            height: encoded.height,
            purpose: consultationPhotoPurpose,
            ownerMemberId: null,
            uploaderHash: 'demo-content',
            status: 'attached',
            attachedAt: sentAt,
          })
          .returning({ id: storedFiles.id });
        if (!file) throw new Error('stored_files row was not written');
        await db
          .insert(consultationCasePhotos)
          .values({ caseId: row.id, photoGroup: photo.group, storedFileId: file.id });
      }
    }
    await refreshCaseSearch(db, ids);
  },
};
