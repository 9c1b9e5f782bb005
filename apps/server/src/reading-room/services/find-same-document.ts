import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/database/database';
import { storedFiles } from '../../platform/uploads/stored-files.schema';

/** A table of a parent's uploaded files: its id, its parent's id and its upload's id columns. */
export interface UploadedChildren {
  table: PgTable;
  id: PgColumn & { _: { data: number; notNull: true } };
  parentId: PgColumn;
  storedFileId: PgColumn;
}

/**
 * The row of `parentId` whose upload has the same content (sha256) as `uploadId`: the same document
 * or photo sent twice to one parent (a double click, a retried post) is one row (decisions 0245,
 * 0246, 0277). Seeded rows have no upload and never match.
 */
export async function findSameDocument(
  tx: Executor,
  children: UploadedChildren,
  parentId: number,
  uploadId: string,
): Promise<number | undefined> {
  const [repeated] = await tx
    .select({ id: children.id })
    .from(children.table)
    .innerJoin(storedFiles, eq(storedFiles.id, children.storedFileId))
    .where(
      and(
        eq(children.parentId, parentId),
        eq(
          storedFiles.sha256,
          tx.select({ sha256: storedFiles.sha256 }).from(storedFiles).where(eq(storedFiles.id, uploadId)),
        ),
      ),
    );
  return repeated?.id;
}
