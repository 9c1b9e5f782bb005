import { z } from 'zod';

/**
 * Web Push (decision 0400): the browser's `PushSubscription.toJSON()` as a page sends it, the VAPID
 * public key the page subscribes with, and what the site's service worker shows.
 */
const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: '推播金鑰格式不正確' });

export const pushSubscriptionInput = z
  .object({
    endpoint: z
      .string({ error: '缺少推播服務網址' })
      .max(2_000, { error: '推播服務網址太長' })
      .url({ error: '推播服務網址格式不正確' })
      .refine((value) => /^https?:\/\//.test(value), { error: '推播服務網址格式不正確' }),
    keys: z.object(
      {
        p256dh: base64url.min(80, { error: '推播金鑰格式不正確' }).max(120, { error: '推播金鑰格式不正確' }),
        auth: base64url.min(16, { error: '推播金鑰格式不正確' }).max(40, { error: '推播金鑰格式不正確' }),
      },
      { error: '缺少推播金鑰' },
    ),
  })
  .describe("The browser's PushSubscription.toJSON(): endpoint and keys (p256dh, auth)");
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export const pushPublicKey = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKey>;

export const pushUnsubscribeInput = z.object({ endpoint: z.string().max(2_000) });

/** What a push message carries to the service worker (`data` of the notification). */
export const pushMessage = z.object({
  title: z.string().max(100),
  body: z.string().max(300),
  /** A path below the site's base path the notification opens, e.g. `/member`. */
  path: z.string().max(500).startsWith('/'),
  /** Replaces an earlier notification with the same tag (`case-12`, `alert-3`). */
  tag: z.string().max(60).optional(),
});
export type PushMessage = z.infer<typeof pushMessage>;

/** A consultation's asker turns on push for their case's answer: the follow link's token and the subscription. */
export const casePushInput = z.object({
  token: z.string({ error: '追蹤連結無效' }).min(20, { error: '追蹤連結無效' }).max(100, { error: '追蹤連結無效' }),
  subscription: pushSubscriptionInput,
});
/** Turning it off, or asking whether it is on, for this browser. */
export const casePushRemoveInput = z.object({
  token: z.string({ error: '追蹤連結無效' }).min(20, { error: '追蹤連結無效' }).max(100, { error: '追蹤連結無效' }),
  endpoint: z.string({ error: '缺少推播服務網址' }).max(2_000),
});
export const casePushState = z.object({ subscribed: z.boolean() });
export type CasePushState = z.infer<typeof casePushState>;
