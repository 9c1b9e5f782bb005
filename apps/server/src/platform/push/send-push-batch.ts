import type { PushMessage } from '@pest/contracts';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Database } from '../database/database';
import { pushSubscriptions } from './push.schema';

/** A push service that does not answer within this long counts as failed for this run. */
const requestTimeoutMs = 15_000;

/**
 * Sends one message to a batch of subscriptions over the Web Push protocol (RFC 8030, payload encrypted aes128gcm per
 * RFC 8291, VAPID per RFC 8292). Why: decision 0400.
 */
export async function sendPushBatch(
  db: Database,
  keys: { publicKey: string; privateKey: string },
  subject: string,
  payload: { subscriptionIds: number[]; message: PushMessage; ttl: number },
  log: FastifyBaseLogger,
): Promise<number[]> {
  const rows = await db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.id, payload.subscriptionIds));
  const gone: number[] = [];
  const sent: number[] = [];
  const failed: number[] = [];
  const body = JSON.stringify(payload.message);
  await Promise.all(
    rows.map(async (row) => {
      try {
        const request = webpush.generateRequestDetails(
          { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
          body,
          {
            TTL: payload.ttl,
            vapidDetails: { subject, ...keys },
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
          },
        );
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(requestTimeoutMs),
          redirect: 'error',
        });
        await response.body?.cancel();
        if (response.status === 404 || response.status === 410) gone.push(row.id);
        else if (response.ok) sent.push(row.id);
        else failed.push(row.id);
      } catch (error) {
        // The endpoint is a capability URL: logged by its host only.
        log.warn({ err: error, pushHost: new URL(row.endpoint).host }, 'push service unreachable');
        failed.push(row.id);
      }
    }),
  );
  // The browser dropped the subscription: every row of its endpoint goes, whatever it was for.
  if (gone.length > 0) {
    const endpoints = rows.filter((row) => gone.includes(row.id)).map((row) => row.endpoint);
    await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, endpoints));
  }
  if (sent.length > 0)
    await db.update(pushSubscriptions).set({ lastSentAt: new Date() }).where(inArray(pushSubscriptions.id, sent));
  if (gone.length + failed.length > 0)
    log.info({ sent: sent.length, gone: gone.length, failed: failed.length }, 'push batch');
  return failed;
}
