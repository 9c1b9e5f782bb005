import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { FileStorage } from '../storage/file-storage';
import type { PersonalDataExport } from './personal-data-part';

/** The note at the top of every download, saying what the folders hold. */
const readme = [
  '這是本網站保存的您的個人資料副本（依個人資料保護法第 3 條、第 10 條）。',
  '',
  '每個資料夾是網站的一個部分：accounts（會員資料、登入紀錄）、catalogue（購物車、詢價單）、',
  'consultation（您送出的諮詢案件與照片）、discussion（專家討論區的提問、留言與照片）、contact（聯絡我們的留言）。',
  '資料夾中的 .json 檔是資料本身，其他檔案是您上傳的照片。',
  '',
].join('\r\n');

/** Writes someone's export as one ZIP into storage, streamed (decision 0308). */
export async function buildExportZip(
  storage: FileStorage,
  key: string,
  parts: Record<string, PersonalDataExport>,
  meta: Record<string, unknown>,
): Promise<number> {
  const zip = new ZipFile();
  const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
  zip.addBuffer(Buffer.from(readme, 'utf8'), 'README.txt');
  zip.addBuffer(json(meta), 'export.json');
  const missing: string[] = [];
  const used = new Set<string>();
  for (const [folder, part] of Object.entries(parts)) {
    for (const [name, section] of Object.entries(part.sections)) zip.addBuffer(json(section), `${folder}/${name}.json`);
    for (const file of part.files) {
      const name = `${folder}/${file.name}`;
      if (used.has(name)) continue;
      used.add(name);
      if ((await storage.stat(file.storageKey)) === null) {
        missing.push(name);
        continue;
      }
      // Photos are JPEG already: stored, not compressed again.
      zip.addReadStreamLazy(name, { compress: false }, (callback) => {
        callback(null, storage.read(file.storageKey));
      });
    }
  }
  if (missing.length > 0) zip.addBuffer(json(missing), 'missing-files.json');
  zip.end();
  const info = await storage.put(key, zip.outputStream as Readable);
  return info.size;
}
