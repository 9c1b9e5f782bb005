import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database';
import { QueryOutsideTransactionError } from './transaction-scope-check';
import { emptyDatabase, type EmptyDatabase } from './test/migration-folders';

/** The error a promise failed with, unwrapped from Drizzle's query error. */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  return error instanceof Error && error.cause instanceof Error ? error.cause : error;
}

// On PostgreSQL only: the embedded database would hang on what this refuses.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the transaction scope check (PostgreSQL)', () => {
  let database: EmptyDatabase & { url?: string };
  let handle: DatabaseHandle;
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pest-scope-'));
    database = await emptyDatabase();
    handle = await openDatabase({
      databaseUrl: database.url!,
      pgliteDir: path.join(root, 'db'),
      migrate: false,
      checkTransactionScope: true,
    });
  });
  afterAll(async () => {
    await handle?.close();
    await database?.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('refuses a query on the database from inside an open transaction, and allows the transaction’s own', async () => {
    const { db } = handle;
    expect(
      await failureOf(
        db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          await db.execute(sql`SELECT 2`);
        }),
      ),
    ).toBeInstanceOf(QueryOutsideTransactionError);
    expect(await failureOf(db.transaction(() => db.transaction(async () => undefined)))).toBeInstanceOf(
      QueryOutsideTransactionError,
    );
    const inside = await db.transaction((tx) => tx.execute(sql`SELECT 3 AS n`));
    expect((inside as unknown as { rows: unknown[] }).rows).toEqual([{ n: 3 }]);
  });

  it('allows work the transaction left running once it has ended', async () => {
    const { db } = handle;
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction(async () => {
      later = new Promise((resolve) => setTimeout(resolve, 10)).then(() => db.execute(sql`SELECT 4`));
    });
    await expect(later).resolves.toBeDefined();
  });
});
