import { appUrl } from './file-url';

/**
 * The page's side of Web Push (decision 0400): whether this browser can, and its subscription
 * made with the site's VAPID key. The service worker shows the messages
 * (`service-worker/push-notifications.ts`).
 */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** Where the worker looks for the private link a notification with this tag opens (its `pushLinkCache`). */
const pushLinkCache = 'push-links-v1';
const pushLinkKey = (tag: string) =>
  new URL(appUrl(`__push-link/${encodeURIComponent(tag)}`), window.location.origin).href;

/** Keeps, on this phone only, the page a notification with this tag opens. */
export async function keepPushLink(tag: string, href: string): Promise<void> {
  await (await caches.open(pushLinkCache)).put(pushLinkKey(tag), new Response(href));
}

export async function forgetPushLink(tag: string): Promise<void> {
  await (await caches.open(pushLinkCache)).delete(pushLinkKey(tag));
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(appUrl(''));
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks the person (the browser's own prompt) and subscribes; null when they said no. */
export async function subscribeToPush(): Promise<PushSubscription | null> {
  if ((await Notification.requestPermission()) !== 'granted') return null;
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  const answer = await fetch(appUrl('api/v1/push/public-key'), { headers: { accept: 'application/json' } });
  const { data } = (await answer.json()) as { data: { publicKey: string } };
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: data.publicKey });
}

/**
 * A JSON POST to the site's API: the answer's `data`, or throws the error's Chinese message. A
 * signed-in member's session cookie counts only with the XSRF header copied from its cookie
 * (without it a member's push or LINE subscription was refused), so it goes along when there is one.
 */
export async function postJson<T>(path: string, body: object): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  const response = await fetch(appUrl(path), {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as { data?: T; error?: { message?: string } };
  if (!response.ok || json.data === undefined) throw new Error(json.error?.message ?? '連線失敗，請稍後再試。');
  return json.data;
}
