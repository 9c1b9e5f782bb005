import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { staffUploader } from '../../platform/admin/admin-form-uploads';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database, Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { attachStoredFile } from '../../platform/uploads/attach-files';
import { detachFiles } from '../../platform/uploads/detach-files';
import { fileExtension } from '../file-paths';
import { findSameDocument } from './find-same-document';
import { listedName } from './listed-file-name';

/** What every child file's row holds (schema.ts `storedFile`, its order and its upload). */
export interface ChildFileRow {
  id: number;
  storageKey: string;
  fileName: string;
  size: number;
  sort: number;
  storedFileId: string | null;
}

/** A table of child files: ipm_files, news_files, quick_files. */
export type ChildFileTable = PgTable & {
  $inferSelect: ChildFileRow;
  id: ColumnOf<number>;
  storedFileId: PgColumn;
};

/** A column whose value reads as `T` (an id, a parent's title). */
type ColumnOf<T> = PgColumn & { _: { data: T; notNull: true } };

/** The item a child file belongs to: its table, its id and title columns. */
export interface ChildFileParent {
  table: PgTable;
  id: ColumnOf<number>;
  title: ColumnOf<string>;
  /**
   * Whether its row stays locked to the end: a delete of the parent waits for the add, or the add
   * for the delete and then finds no parent (a 400 beside the field, not a foreign-key error);
   * news: two adds never take the same number. Every kind locks it now.
   */
  lock: boolean;
}

/**
 * One kind of child file (child-file-kinds.ts): its table, its parent, its messages, its upload
 * purpose, its audit entity and admin row, and what a new row takes besides the file.
 */
export interface ChildFileKind<T extends ChildFileTable, F extends string> {
  /** The audit entity; the entries are `<entity>.create`, `<entity>.update` and `<entity>.delete`. */
  entity: string;
  table: T;
  /** The column naming the parent, and the input field that names it on create (the error's path). */
  parentColumn: PgColumn;
  parentField: F;
  parentIdOf(row: T['$inferSelect']): number;
  parent: ChildFileParent;
  messages: { unknown: string; parentUnknown: string; required: string };
  uploadPurpose: string;
  adminRow(row: T['$inferSelect'], parentTitle: string): Record<string, unknown>;
  /** The columns a new row takes besides its file, name and order: its parent's id (news: and its number). */
  newRow(tx: Executor, parentId: number): Promise<Partial<T['$inferInsert']>>;
}

/** What the create and edit forms of a child file send (the parent's id on create only). */
export type ChildFileInput<F extends string> = { name: string; sort: number; upload?: string | undefined } & {
  [K in F]?: number | undefined;
};

/**
 * Adds a file to an IPM sheet, a news item or a quick-start item (`id` null; the upload is
 * required) or changes one (its name, order and, when one is sent, its file), decisions 0245, 0246,
 * 0248 and 0277: the editor's document attached from the upload pipeline, the row and the audit
 * entry in one transaction. The listed name keeps the extension the content was checked against
 * (listedName). The upload it replaces goes back to the cleanup; a seeded file stays (the seed owns
 * it). The same document sent twice to one parent (a double click, a retried post: the same upload
 * or another with the same sha256) is one file. Returns its id and its parent's.
 */
export async function saveChildFile<T extends ChildFileTable, F extends string>(
  db: Database,
  actor: Viewer,
  kind: ChildFileKind<T, F>,
  id: number | null,
  input: ChildFileInput<F>,
): Promise<{ id: number; parentId: number }> {
  return db.transaction(async (tx) => {
    // Drizzle cannot type a select from a table generic in T (it reads as the plain PgTable, and the
    // rows come back untyped); the kind ties `table` to its rows, so they are read as T's.
    type Row = T['$inferSelect'];
    const table: PgTable = kind.table;
    const before =
      id === null ? null : ((await tx.select().from(table).where(eq(kind.table.id, id)).for('update')) as Row[])[0];
    if (id !== null && !before) throw AppError.notFound(kind.messages.unknown);
    const parentId = before ? kind.parentIdOf(before) : input[kind.parentField];
    const [parent] = parentId ? await selectParent(tx, kind.parent, parentId) : [];
    if (!parent) throw AppError.invalid([{ path: kind.parentField, message: kind.messages.parentUnknown }]);
    if (!before && !input.upload) {
      throw AppError.invalid([{ path: 'upload', message: kind.messages.required }]);
    }
    if (!before && input.upload) {
      const children = { table, id: kind.table.id, parentId: kind.parentColumn, storedFileId: kind.table.storedFileId };
      const repeated = await findSameDocument(tx, children, parent.id, input.upload);
      if (repeated !== undefined) return { id: repeated, parentId: parent.id };
    }
    // The current file's id sent back (a client echoing the row) changes nothing.
    const upload =
      input.upload && input.upload !== before?.storedFileId
        ? await attachStoredFile(tx, input.upload, { owner: staffUploader(actor), purpose: kind.uploadPurpose })
        : null;
    const extension = upload ? fileExtension(upload.storageKey) : fileExtension(before!.fileName);
    const fields = {
      fileName: listedName(input.name, upload?.fileName ?? before!.fileName, extension),
      sort: input.sort,
      ...(upload ? { storageKey: upload.storageKey, size: upload.size, storedFileId: upload.id } : {}),
    };
    let after: Row | undefined;
    if (!before) {
      const values = {
        ...(await kind.newRow(tx, parent.id)),
        storageKey: upload!.storageKey,
        size: upload!.size,
        ...fields,
      };
      [after] = (await tx.insert(kind.table).values(values).returning()) as Row[];
    } else {
      if (upload && before.storedFileId) await detachFiles(tx, [before.storedFileId]);
      [after] = (await tx.update(kind.table).set(fields).where(eq(kind.table.id, before.id)).returning()) as Row[];
    }
    if (!after) throw new Error(`the ${kind.entity} was not written`);
    await recordAudit(tx, {
      actor,
      action: before ? `${kind.entity}.update` : `${kind.entity}.create`,
      entity: kind.entity,
      entityId: after.id,
      ...(before ? { before: kind.adminRow(before, parent.title) } : {}),
      after: kind.adminRow(after, parent.title),
    });
    return { id: after.id, parentId: parent.id };
  });
}

/** The parent's id and title, its row locked when the kind says so. */
function selectParent(tx: Executor, parent: ChildFileParent, id: number) {
  const query = tx.select({ id: parent.id, title: parent.title }).from(parent.table).where(eq(parent.id, id));
  return parent.lock ? query.for('update') : query;
}
