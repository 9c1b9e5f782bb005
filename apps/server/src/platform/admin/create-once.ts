import { errorCodes } from '@pest/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../database/database';
import { AppError } from '../http/app-error';
import { defineJob, type AnyJobDefinition } from '../jobs/job-queue';
import { adminCreateKeys } from './admin-create-keys.schema';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long a claim without a created row is left alone before it counts as abandoned (a crash). */
const abandonedAfterSeconds = 60;
/** How long a second post of the same form waits for the first to finish before it gives up. */
const waitForFirstMs = 15_000;
const pollMs = 150;

export interface CreateClaim {
  key: string;
  resource: string;
  actorId: number;
}

/** Creates a row once per key (decision 0276). */
export async function createOnce(
  db: Database,
  claim: CreateClaim,
  create: () => Promise<string | number>,
): Promise<{ id: string | number }> {
  if (!uuidPattern.test(claim.key)) throw AppError.badRequest('表單識別碼格式有誤，請重新整理頁面後再送出');
  const key = claim.key.toLowerCase();
  const started = Date.now();
  for (;;) {
    const claimed = await db
      .insert(adminCreateKeys)
      .values({ key, resource: claim.resource, actorId: claim.actorId })
      .onConflictDoNothing()
      .returning({ key: adminCreateKeys.key });
    if (claimed.length === 1) {
      let id: string | number;
      try {
        id = await create();
      } catch (error) {
        await db.delete(adminCreateKeys).where(eq(adminCreateKeys.key, key));
        throw error;
      }
      await db.update(adminCreateKeys).set({ createdId: id }).where(eq(adminCreateKeys.key, key));
      return { id };
    }
    const [first] = await db
      .select({
        resource: adminCreateKeys.resource,
        actorId: adminCreateKeys.actorId,
        createdId: adminCreateKeys.createdId,
        abandoned: sql<boolean>`${adminCreateKeys.claimedAt} < now() - make_interval(secs => ${abandonedAfterSeconds})`,
      })
      .from(adminCreateKeys)
      .where(eq(adminCreateKeys.key, key));
    // Freed by a failed first try in the meantime: claim it again.
    if (!first) continue;
    if (first.resource !== claim.resource || first.actorId !== claim.actorId) {
      throw new AppError(409, errorCodes.conflict, '這份表單已用於另一筆資料，請重新整理頁面後再送出');
    }
    if (first.createdId !== null) return { id: first.createdId };
    if (first.abandoned) {
      await db
        .delete(adminCreateKeys)
        .where(and(eq(adminCreateKeys.key, key), sql`${adminCreateKeys.createdId} IS NULL`));
      continue;
    }
    if (Date.now() - started > waitForFirstMs) {
      throw new AppError(409, errorCodes.conflict, '這份表單正在送出，請稍後到清單查看是否已新增');
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Removes keys older than a day: a form is not retried after that (the hourly job). */
export async function removeOldCreateKeys(db: Database): Promise<number> {
  const removed = await db
    .delete(adminCreateKeys)
    .where(lt(adminCreateKeys.claimedAt, sql`now() - interval '1 day'`))
    .returning({ key: adminCreateKeys.key });
  return removed.length;
}

/** The admin shell's job: the hourly removal of old create keys. */
export function adminJobs(db: Database): Record<string, AnyJobDefinition> {
  return {
    'admin.remove-old-create-keys': defineJob({
      label: '清除過期的新增表單識別碼',
      payload: z.object({}),
      handle: async () => {
        await removeOldCreateKeys(db);
      },
      schedule: '47 * * * *',
    }),
  };
}
