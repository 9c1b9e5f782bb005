import { createHash } from 'node:crypto';

/** Where and with which token LINE's Messaging API is called (discussion-settings.ts). */
export interface LinePushSettings {
  apiBaseUrl: string;
  messagingToken: string | null;
}

/** A retry key (a UUID) made from `seed`: the same message always has the same key, so LINE sends it once. */
export function lineRetryKey(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Sends one text message to a LINE user with the Messaging API's push (the discussion's answers,
 * the pest alerts of decision 0420). Answers LINE's status: 200 sent, 409 a retry of a key already
 * accepted (sent), 429 the channel's monthly quota or rate limit, anything else a failure. The
 * caller decides what to retry; nothing about the person is logged here.
 */
export async function sendLinePush(
  settings: LinePushSettings,
  message: { to: string; text: string; retryKey: string },
): Promise<{ status: number; sent: boolean; detail: string }> {
  if (!settings.messagingToken) return { status: 0, sent: false, detail: 'no messaging token' };
  const response = await fetch(`${settings.apiBaseUrl}/v2/bot/message/push`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${settings.messagingToken}`,
      'content-type': 'application/json',
      'x-line-retry-key': message.retryKey,
    },
    body: JSON.stringify({ to: message.to, messages: [{ type: 'text', text: message.text }] }),
    signal: AbortSignal.timeout(10_000),
  });
  const sent = response.ok || response.status === 409;
  return { status: response.status, sent, detail: sent ? '' : (await response.text()).slice(0, 200) };
}
