import { siteUploadPurposes, type carouselsAdminContract } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { staffUploader } from '../../platform/admin/admin-form-uploads';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database, Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { FileStorage } from '../../platform/storage/file-storage';
import { attachStoredFile, type AttachedFile } from '../../platform/uploads/attach-files';
import { detachFiles } from '../../platform/uploads/detach-files';
import { lockPublicCopy } from '../../platform/uploads/public-copies';
import { carousels } from '../schema';
import { slidePictureName } from './site-picture-copies';
import { carouselAdminRow } from './carousel-row';

type SlideInput =
  | z.output<NonNullable<typeof carouselsAdminContract.create>>
  | z.output<NonNullable<typeof carouselsAdminContract.update>>;

/**
 * The slide's picture as the product API names it: a file under /files/public/,
 * copied from the re-encoded upload, with its size so the banner reserves its space.
 */
async function publishPicture(tx: Executor, storage: FileStorage, file: AttachedFile) {
  const name = slidePictureName(file.sha256);
  // Taken in turns with the removal of copies no slide names (decision 0282).
  await lockPublicCopy(tx, name);
  if ((await storage.stat(`public/${name}`)) === null)
    await storage.put(`public/${name}`, storage.read(file.storageKey));
  if (!file.width || !file.height) throw AppError.badRequest('無法讀取圖片檔案，請換一張照片');
  return { pic: name, picWidth: file.width, picHeight: file.height, storedFileId: file.id };
}

/** Creates (id null) or changes a banner slide, with its picture when one is sent; one transaction, audited. Returns its id. */
export async function saveCarousel(
  db: Database,
  storage: FileStorage,
  actor: Viewer,
  id: number | null,
  input: SlideInput,
): Promise<number> {
  return db.transaction(async (tx) => {
    const before =
      id === null ? null : (await tx.select().from(carousels).where(eq(carousels.id, id)).for('update'))[0];
    if (id !== null && !before) throw AppError.notFound('找不到此橫幅');
    const file = input.picture
      ? await attachStoredFile(tx, input.picture, { owner: staffUploader(actor), purpose: siteUploadPurposes.slide })
      : null;
    if (!file && !before) throw AppError.invalid([{ path: 'picture', message: '請選擇檔案' }]);
    const picture = file ? await publishPicture(tx, storage, file) : {};
    if (file && before?.storedFileId && before.storedFileId !== file.id) await detachFiles(tx, [before.storedFileId]);
    const values = {
      position: input.position,
      title: input.title,
      subtitle: input.subtitle,
      link: input.link || null,
      status: Number(input.status),
      indexId: input.index_id,
      ...picture,
    };
    const [after] =
      id === null
        ? await tx
            .insert(carousels)
            .values(values as typeof values & { pic: string; picWidth: number; picHeight: number })
            .returning()
        : await tx.update(carousels).set(values).where(eq(carousels.id, id)).returning();
    await recordAudit(tx, {
      actor,
      action: id === null ? 'carousel.create' : 'carousel.update',
      entity: 'carousel',
      entityId: after!.id,
      ...(before ? { before: carouselAdminRow(before) } : {}),
      after: carouselAdminRow(after!),
    });
    return after!.id;
  });
}
