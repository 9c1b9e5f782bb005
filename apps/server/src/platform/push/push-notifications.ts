import { pushMessage, pushSubscriptionInput, type PushMessage } from '@pest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { z } from 'zod';
import type { Env } from '../../config/env';
import { withStartupLock, type Database, type DatabaseHandle, type Executor } from '../database/database';
import { AppError } from '../http/app-error';
import { defineJob, type AnyJobDefinition, type JobQueue } from '../jobs/job-queue';
import { pushKeys, pushSubscriptions } from './push.schema';
import type { PersonalDataPart } from '../personal-data/personal-data-part';
import { sendPushBatch } from './send-push-batch';

/** The job that sends one message to a batch of subscriptions. */
export const sendPushJob = 'push.send';
/** Subscriptions one job sends to: a big fan-out becomes many short jobs, never one long one. */
export const pushBatchSize = 200;
/** How long a push service keeps an undelivered message (seconds): a day, as alerts and answers go stale. */
export const defaultPushTtlSeconds = 86_400;

const sendPushPayload = z.object({
  subscriptionIds: z.array(z.number().int()).min(1).max(pushBatchSize),
  message: pushMessage,
  ttl: z.number().int().min(0).max(2_419_200),
  /** Retries of the subscriptions whose push service failed (not 404/410) in an earlier run. */
  round: z.number().int().min(0).max(10).default(0),
});

/** Web Push for every feature (`context.push`, decision 0400). */
export class PushNotifications {
  readonly #db: Database;
  readonly #jobs: JobQueue;
  readonly #subject: string;
  /** Plain-HTTP endpoints only in tests (a local push service); browsers' push services are https. */
  readonly #allowHttp: boolean;
  #keys: { publicKey: string; privateKey: string } | undefined;

  constructor(options: { db: Database; jobs: JobQueue; env: Env }) {
    this.#db = options.db;
    this.#jobs = options.jobs;
    this.#allowHttp = options.env.NODE_ENV === 'test';
    // VAPID asks for a contact: the site's address (a mailto: or https: URL).
    this.#subject = options.env.publicUrl.startsWith('https://')
      ? options.env.publicUrl
      : `mailto:noreply@${new URL(options.env.publicUrl).hostname}`;
  }

  /**
   * Makes the VAPID pair on the first start. Under the start-up lock and with `on conflict do
   * nothing`, servers starting together make one pair and all read the same.
   */
  async ensureKeys(driver: DatabaseHandle['driver']): Promise<void> {
    await withStartupLock(this.#db, driver, async () => {
      const made = webpush.generateVAPIDKeys();
      await this.#db
        .insert(pushKeys)
        .values({ id: 1, ...made })
        .onConflictDoNothing();
    });
    this.#keys = undefined;
    await this.keys();
  }

  async keys(): Promise<{ publicKey: string; privateKey: string }> {
    if (!this.#keys) {
      const [row] = await this.#db.select().from(pushKeys).where(eq(pushKeys.id, 1));
      if (!row) throw new Error('VAPID keys missing: ensureKeys runs at start');
      this.#keys = { publicKey: row.publicKey, privateKey: row.privateKey };
    }
    return this.#keys;
  }

  /** The key a page subscribes with (`applicationServerKey`). */
  async publicKey(): Promise<string> {
    return (await this.keys()).publicKey;
  }

  /** Stores a browser's subscription (the person has just said yes) and returns its id. Why: decision 0400. */
  async subscribe(tx: Executor, input: unknown, owner: { purpose: string; memberId: number | null }): Promise<number> {
    const { purpose, memberId } = owner;
    const parsed = pushSubscriptionInput.safeParse(input);
    if (!parsed.success)
      throw AppError.invalid(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    const { endpoint, keys } = parsed.data;
    if (!endpoint.startsWith('https://') && !this.#allowHttp)
      throw AppError.badRequest('推播服務網址必須以 https 開頭');
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ endpoint, purpose, p256dh: keys.p256dh, auth: keys.auth, memberId })
      .onConflictDoUpdate({
        target: [pushSubscriptions.purpose, pushSubscriptions.endpoint],
        set: {
          p256dh: keys.p256dh,
          auth: keys.auth,
          memberId: sql`coalesce(${memberId}::integer, ${pushSubscriptions.memberId})`,
        },
      })
      .returning({ id: pushSubscriptions.id });
    return row!.id;
  }

  /** A feature's subscription of an endpoint, if stored. */
  async findByEndpoint(db: Executor, purpose: string, endpoint: string): Promise<number | null> {
    const [row] = await db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.purpose, purpose), eq(pushSubscriptions.endpoint, endpoint)));
    return row?.id ?? null;
  }

  /** Removes a browser's subscriptions, whatever for; features' rows pointing to them go too (foreign keys cascade). */
  async unsubscribe(endpoint: string): Promise<boolean> {
    const removed = await this.#db
      .delete(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint))
      .returning({ id: pushSubscriptions.id });
    return removed.length > 0;
  }

  /** Queues one message to these subscriptions, in batches, with `tx`. */
  async notify(
    tx: Executor,
    subscriptionIds: readonly number[],
    message: PushMessage,
    options: { ttl?: number } = {},
  ): Promise<void> {
    const ids = [...new Set(subscriptionIds)];
    for (let start = 0; start < ids.length; start += pushBatchSize) {
      await this.#jobs.enqueue(
        sendPushJob,
        {
          subscriptionIds: ids.slice(start, start + pushBatchSize),
          message,
          ttl: options.ttl ?? defaultPushTtlSeconds,
        },
        { tx },
      );
    }
  }

  jobs(): Record<string, AnyJobDefinition> {
    return {
      [sendPushJob]: defineJob({
        label: '傳送推播通知',
        payload: sendPushPayload,
        batchSize: 4,
        handle: async (payload, job) => {
          const failed = await sendPushBatch(this.#db, await this.keys(), this.#subject, payload, job.log);
          // A push service that failed (5xx, 429, no answer) gets the message again later, alone:
          // those that took it are not sent it twice.
          if (failed.length > 0 && payload.round < 3) {
            await this.#jobs.enqueue(
              sendPushJob,
              { ...payload, subscriptionIds: failed, round: payload.round + 1 },
              { startAfterSeconds: 60 * 4 ** payload.round },
            );
          }
        },
      }),
    };
  }

  /** A member's subscriptions, for their download: the push service's host and when they said yes. */
  async listForMember(db: Executor, memberId: number) {
    const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId));
    return rows.map((row) => ({
      purpose: row.purpose,
      pushService: new URL(row.endpoint).host,
      subscribedAt: row.createdAt.toISOString(),
      lastSentAt: row.lastSentAt?.toISOString() ?? null,
    }));
  }

  /** The member's part in their rights (decision 0307): the download lists, the erasure deletes. */
  personalDataPart(): PersonalDataPart {
    return {
      exportFor: async (db, memberId) => ({
        sections: { subscriptions: await this.listForMember(db, memberId) },
        files: [],
      }),
      eraseFor: async (tx, memberId) => {
        await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId));
      },
    };
  }
}
