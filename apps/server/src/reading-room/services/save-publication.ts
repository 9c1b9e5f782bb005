import {
  publicationPdfUploadPurpose,
  readingRoomAdminMessages,
  type publicationCreateSchema,
  type publicationUpdateSchema,
} from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import type { FileStorage } from '../../platform/storage/file-storage';
import { AppError } from '../../platform/http/app-error';
import { publications } from '../schema';
import { applyCover, type CoverInput } from './apply-cover';
import { applyPdf } from './apply-pdf';
import { publicationAdminRow } from './publication-admin-row';
import { refreshReadingRoomSearch } from './refresh-reading-room-search';

export type PublicationInput = z.output<typeof publicationCreateSchema> | z.output<typeof publicationUpdateSchema>;

/**
 * Creates a publication (`id` absent) or changes one: its text, state and, when one is sent, its
 * PDF (applyPdf) and its cover picture (applyCover), with its search row and the audit entry, in
 * one transaction. Its year follows from the title (a generated
 * column).
 */
export async function savePublication(
  db: Database,
  storage: FileStorage,
  actor: Viewer,
  input: PublicationInput,
  id?: number,
): Promise<{ id: number; created: boolean }> {
  return db.transaction(async (tx) => {
    const values = {
      title: input.title,
      detail: input.detail,
      status: input.state === 'published' ? 1 : 0,
      updatedAt: sql`now()`,
    };
    let before: ReturnType<typeof publicationAdminRow> | null = null;
    let publicationId: number;
    if (id === undefined) {
      const [created] = await tx
        .insert(publications)
        .values({
          ...values,
          ...(await applyPdf(tx, actor, publicationPdfUploadPurpose, input.pdf, null)),
          ...(await applyCover(tx, storage, actor, input as CoverInput, null)),
        })
        .returning({ id: publications.id });
      publicationId = created!.id;
    } else {
      const [row] = await tx.select().from(publications).where(eq(publications.id, id)).for('update');
      if (!row) throw AppError.notFound(readingRoomAdminMessages.publicationUnknown);
      before = publicationAdminRow(row);
      const pdf = await applyPdf(tx, actor, publicationPdfUploadPurpose, input.pdf, row);
      const cover = await applyCover(tx, storage, actor, input as CoverInput, row);
      await tx
        .update(publications)
        .set({ ...values, ...pdf, ...cover })
        .where(eq(publications.id, id));
      publicationId = id;
    }
    await refreshReadingRoomSearch(tx, 'publication', [publicationId]);
    const [after] = await tx.select().from(publications).where(eq(publications.id, publicationId));
    await recordAudit(tx, {
      actor,
      action: id === undefined ? 'publication.create' : 'publication.update',
      entity: 'publication',
      entityId: publicationId,
      ...(before ? { before } : {}),
      after: publicationAdminRow(after!),
    });
    return { id: publicationId, created: id === undefined };
  });
}
