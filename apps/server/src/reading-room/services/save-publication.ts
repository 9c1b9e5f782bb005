import {
  publicationPdfUploadPurpose,
  readingRoomAdminMessages,
  type publicationCreateSchema,
  type publicationUpdateSchema,
} from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import type { FileStorage } from '../../platform/storage/file-storage';
import { publications } from '../schema';
import { applyCover, type CoverInput } from './apply-cover';
import { applyPdf } from './apply-pdf';
import { publicationAdminRow } from './publication-admin-row';
import { writeReadingRoomItem } from './write-reading-room-item';

export type PublicationInput = z.output<typeof publicationCreateSchema> | z.output<typeof publicationUpdateSchema>;

/**
 * Creates a publication (`id` absent) or changes one: its text, state and, when one is sent, its
 * PDF (applyPdf) and its cover picture (applyCover), with its search row and the audit entry, in
 * one transaction. Its year follows from the title (a generated column).
 */
export async function savePublication(
  db: Database,
  storage: FileStorage,
  actor: Viewer,
  input: PublicationInput,
  id?: number,
): Promise<{ id: number; created: boolean }> {
  const values = {
    title: input.title,
    detail: input.detail,
    status: input.state === 'published' ? 1 : 0,
    updatedAt: sql`now()`,
  };
  return db.transaction((tx) =>
    writeReadingRoomItem(tx, actor, id, {
      kind: 'publication',
      entity: 'publication',
      unknownMessage: readingRoomAdminMessages.publicationUnknown,
      lock: async (publicationId) =>
        (await tx.select().from(publications).where(eq(publications.id, publicationId)).for('update'))[0],
      write: async (row) => {
        if (!row) {
          const [created] = await tx
            .insert(publications)
            .values({
              ...values,
              ...(await applyPdf(tx, actor, publicationPdfUploadPurpose, input.pdf, null)),
              ...(await applyCover(tx, storage, actor, input as CoverInput, null)),
            })
            .returning({ id: publications.id });
          return created!.id;
        }
        const pdf = await applyPdf(tx, actor, publicationPdfUploadPurpose, input.pdf, row);
        const cover = await applyCover(tx, storage, actor, input as CoverInput, row);
        await tx
          .update(publications)
          .set({ ...values, ...pdf, ...cover })
          .where(eq(publications.id, row.id));
        return row.id;
      },
      read: async (publicationId) =>
        (await tx.select().from(publications).where(eq(publications.id, publicationId)))[0]!,
      adminRow: publicationAdminRow,
    }),
  );
}
