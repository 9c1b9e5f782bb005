import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../database/database';
import type { FileStorage } from '../storage/file-storage';
import { storedFiles } from './stored-files.schema';

/**
 * A kind of public copy a feature makes of an upload (a cover, a news picture, a banner slide, the favicon).
 * Why: decision 0282.
 */
export interface PublicCopyKind {
  /** The upload purpose of the uploads it is made from. */
  purpose: string;
  /** Its name under public/ for an upload's sha256. */
  nameOf(sha256: string): string;
  /** Whether a row still names it. */
  isNamed(tx: Executor, name: string): Promise<boolean>;
}

/** An `isNamed` for copies named in text columns: whether any of them holds the name. */
export function namedInColumns(columns: ReadonlyArray<{ table: PgTable; column: PgColumn }>) {
  return async (tx: Executor, name: string): Promise<boolean> => {
    for (const { table, column } of columns) {
      const [row] = await tx
        .select({ named: sql<number>`1` })
        .from(table)
        .where(eq(column, name))
        .limit(1);
      if (row) return true;
    }
    return false;
  };
}

/** Holds a public copy's name to the end of the transaction. Why: decision 0282. */
export async function lockPublicCopy(tx: Executor, name: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`public-copy:${name}`}, 0))`);
}

/**
 * Removes the public copies no row names any more (a picture replaced, removed, or its row deleted), so a picture
 * staff took down stops answering at its address. Why: decision 0282.
 */
export async function removeUnnamedPublicCopies(
  db: Database,
  storage: FileStorage,
  kinds: readonly PublicCopyKind[],
): Promise<number> {
  if (kinds.length === 0) return 0;
  const kindOf = new Map(kinds.map((kind) => [kind.purpose, kind]));
  const uploads = await db
    .selectDistinct({ sha256: storedFiles.sha256, purpose: storedFiles.purpose })
    .from(storedFiles)
    .where(and(isNull(storedFiles.attachedAt), inArray(storedFiles.purpose, [...kindOf.keys()])));
  let removed = 0;
  for (const { sha256, purpose } of uploads) {
    const kind = kindOf.get(purpose);
    if (!kind) continue;
    const name = kind.nameOf(sha256);
    await db.transaction(async (tx) => {
      await lockPublicCopy(tx, name);
      if (await kind.isNamed(tx, name)) return;
      if ((await storage.stat(`public/${name}`)) === null) return;
      await storage.remove(`public/${name}`);
      removed += 1;
    });
  }
  return removed;
}

/**
 * A feature's removal of its public copies after a write that may have let go of one, once the write has committed.
 * Why: decision 0282.
 */
export function publicCopyRemover(
  { db, storage, log }: { db: Database; storage: FileStorage; log: FastifyBaseLogger },
  kinds: readonly PublicCopyKind[],
): () => Promise<void> {
  return async () => {
    try {
      await removeUnnamedPublicCopies(db, storage, kinds);
    } catch (error) {
      log.warn({ err: error }, 'unused public copies not removed yet (uploads.remove-stale tries again)');
    }
  };
}
