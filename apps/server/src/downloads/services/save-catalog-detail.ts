import type { catalogDetailWrite } from '@pest/contracts';
import { downloadFileUploadPurpose, downloadMessages } from '@pest/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database, Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { staffUploader } from '../../platform/admin/admin-form-uploads';
import { attachStoredFile } from '../../platform/uploads/attach-files';
import { detachFiles } from '../../platform/uploads/detach-files';
import { catalogDetails, catalogRelations, catalogTypes } from '../schema';
import { activeStatus, catalogDetailOf } from './catalog-rows';

type DetailInput = z.output<typeof catalogDetailWrite>;

// An active file visitors could not download is refused beside the upload field (decision 0375).
const contentRequired = () => AppError.invalid([{ path: 'upload', message: downloadMessages.fileContentRequired }]);

async function typeIdsOf(tx: Executor, detailId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: catalogRelations.catalogTypeId })
    .from(catalogRelations)
    .where(eq(catalogRelations.catalogDetailId, detailId));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * Creates a file entry (id absent) or changes one, with its types (the relations) and, when one is
 * given, the bytes visitors download (an upload of the editor's, attached here; the one it replaces
 * goes back to the cleanup), audited, in one transaction. Returns its id.
 */
export async function saveCatalogDetail(db: Database, actor: Viewer, input: DetailInput, id?: number): Promise<number> {
  return db.transaction(async (tx) => {
    const typeIds = [...new Set(input.catalog_type_ids)];
    if (typeIds.length > 0) {
      const found = await tx
        .select({ id: catalogTypes.id })
        .from(catalogTypes)
        .where(inArray(catalogTypes.id, typeIds));
      if (found.length !== typeIds.length) {
        throw AppError.invalid([{ path: 'catalog_type_ids', message: downloadMessages.typeUnknown }]);
      }
    }
    const upload = input.upload
      ? await attachStoredFile(tx, input.upload, { owner: staffUploader(actor), purpose: downloadFileUploadPurpose })
      : null;
    const values = {
      title: input.title,
      file: input.file,
      sort: input.sort,
      status: input.status,
      updatedAt: new Date(),
      ...(upload
        ? { storedFileId: upload.id, storageKey: upload.storageKey, contentType: upload.contentType, size: upload.size }
        : {}),
    };
    let before: ReturnType<typeof catalogDetailOf> | null = null;
    let beforeTypes: number[] = [];
    let detailId: number;
    if (id === undefined) {
      if (input.status === activeStatus && !upload) throw contentRequired();
      const [created] = await tx.insert(catalogDetails).values(values).returning({ id: catalogDetails.id });
      detailId = created!.id;
    } else {
      const [row] = await tx.select().from(catalogDetails).where(eq(catalogDetails.id, id)).for('update');
      if (!row) throw AppError.notFound(downloadMessages.detailUnknown);
      if (input.status === activeStatus && !upload && row.storageKey === null) throw contentRequired();
      before = catalogDetailOf(row);
      beforeTypes = await typeIdsOf(tx, id);
      if (upload && row.storedFileId && row.storedFileId !== upload.id) await detachFiles(tx, [row.storedFileId]);
      await tx.update(catalogDetails).set(values).where(eq(catalogDetails.id, id));
      // Relations that stay keep their ids (clients hold them: catalog-relations/{id}).
      const dropped = beforeTypes.filter((typeId) => !typeIds.includes(typeId));
      if (dropped.length > 0) {
        await tx
          .delete(catalogRelations)
          .where(and(eq(catalogRelations.catalogDetailId, id), inArray(catalogRelations.catalogTypeId, dropped)));
      }
      detailId = id;
    }
    const added = typeIds.filter((typeId) => !beforeTypes.includes(typeId));
    if (added.length > 0) {
      await tx
        .insert(catalogRelations)
        .values(added.map((typeId) => ({ catalogTypeId: typeId, catalogDetailId: detailId })));
    }
    const [after] = await tx.select().from(catalogDetails).where(eq(catalogDetails.id, detailId));
    await recordAudit(tx, {
      actor,
      action: id === undefined ? 'catalog-detail.create' : 'catalog-detail.update',
      entity: 'catalog-detail',
      entityId: detailId,
      ...(before ? { before: { ...before, catalog_type_ids: beforeTypes } } : {}),
      after: { ...catalogDetailOf(after!), catalog_type_ids: typeIds.sort((a, b) => a - b) },
    });
    return detailId;
  });
}
