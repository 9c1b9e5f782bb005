/**
 * The worker's Web Push handlers (decision 0400): a message from the site's push service becomes a
 * notification; a click opens the page it points to. A consultation's private follow link never
 * travels in a message: the page kept it on this phone when its person turned push on
 * (`pushLinkCache`), and the click opens it.
 */
declare const self: ServiceWorkerGlobalScope;

/** Where pages keep the private link a notification with a given tag opens (the follow page's own address). */
export const pushLinkCache = 'push-links-v1';

interface PushData {
  title?: string;
  body?: string;
  path?: string;
  tag?: string;
}

const basePath = new URL(self.registration.scope).pathname.replace(/\/$/, '');
const pushLinkKey = (tag: string) =>
  new URL(`${basePath}/__push-link/${encodeURIComponent(tag)}`, self.location.origin).href;

function readData(event: PushEvent): PushData {
  try {
    return (event.data?.json() as PushData | null) ?? {};
  } catch {
    return { body: event.data?.text() ?? '' };
  }
}

self.addEventListener('push', (event) => {
  const data = readData(event);
  event.waitUntil(
    self.registration.showNotification(data.title || '作物病蟲害資訊網', {
      body: data.body ?? '',
      lang: 'zh-Hant-TW',
      icon: `${basePath}/app-icons/default/icon-192.png`,
      ...(data.tag ? { tag: data.tag } : {}),
      data: { path: data.path?.startsWith('/') ? data.path : '/', tag: data.tag ?? null },
    }),
  );
});

async function openFor(data: { path: string; tag: string | null }): Promise<void> {
  let target = new URL(`${basePath}${data.path}`, self.location.origin).href;
  if (data.tag) {
    const kept = await (await caches.open(pushLinkCache)).match(pushLinkKey(data.tag));
    const link = kept ? await kept.text() : '';
    if (link.startsWith(`${self.location.origin}${basePath}/`)) target = link;
  }
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === target);
  if (open) {
    await open.focus();
    return;
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = (event.notification.data ?? { path: '/', tag: null }) as { path: string; tag: string | null };
  event.waitUntil(openFor(data));
});
