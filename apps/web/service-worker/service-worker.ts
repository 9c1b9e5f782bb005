import {
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  Serwist,
  type PrecacheEntry,
  type RouteHandlerCallbackOptions,
  type SerwistPlugin,
} from 'serwist';
import {
  appPath,
  framedFiles,
  isReadingPath,
  linkedStylesheets,
  mayKeep,
  pageTitle,
  pageUrlOfDataRequest,
  savedAtHeader,
  savedPagesHtml,
  savedPagesSlot,
  savedTitleHeader,
  withOfflineNotice,
  type SavedPage,
} from '../app/offline/offline-rules';
import { savedCropPicturesCache } from '../app/saved-crops/saved-crop-rules';
import './consultation-sync';
import { setUpSavedCrops, spareSavedCrops } from './saved-crops';
import './push-notifications';

/**
 * The site's service worker (decisions 0386, 0387), built by @serwist/vite with the web app. It only
 * adds to the server-rendered site: pages and files the server marks public are saved as they are
 * read, and answered from what was saved when the network is gone, with a 離線 notice; a page never
 * saved gets the offline page with the list of what is. Online, pages come from the network first,
 * so an edit shows at once, as the server's `must-revalidate` asks.
 */
declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

const basePath = new URL(self.registration.scope).pathname.replace(/\/$/, '');
const offlineUrl = new URL(`${basePath}/offline`, self.location.origin).href;
const cacheNames = {
  pages: 'saved-pages-v1',
  files: 'saved-files-v1',
  assets: 'site-assets-v1',
  shell: 'offline-shell-v1',
  pictures: savedCropPicturesCache,
};
/** On a weak signal the saved copy is shown after this long, and the answer still refreshes it when it comes. */
const networkTimeoutSeconds = 8;
const pathOf = (url: URL) => appPath(url.pathname, basePath);

/** A copy of an answer with the worker's own headers added. */
function stamped(response: Response, body: BodyInit | null, extra: Record<string, string>): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** Keeps a public file (a picture, an IPM sheet's PDF) with the time it was saved. */
const keepPublicFiles: SerwistPlugin = {
  cacheWillUpdate: async ({ request, response }) =>
    mayKeep(pathOf(new URL(request.url)), response)
      ? stamped(response, response.body, { [savedAtHeader]: new Date().toISOString() })
      : null,
};

const filesStrategy = new NetworkFirst({
  cacheName: cacheNames.files,
  networkTimeoutSeconds,
  plugins: [
    keepPublicFiles,
    spareSavedCrops(new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 90 * 24 * 3600, purgeOnQuotaError: true })),
  ],
});

/** A saved crop's pictures, fetched once: their addresses change when a picture does (`?t=`). */
const picturesStrategy = new CacheFirst({ cacheName: cacheNames.pictures, plugins: [keepPublicFiles] });

/** Keeps a public HTML page with its title and the time it was saved, and the files it frames. */
const keepPublicPages: SerwistPlugin = {
  cacheWillUpdate: async ({ request, response, event }) => {
    const url = new URL(request.url);
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('text/html') || !mayKeep(pathOf(url), response)) return null;
    const html = await response.text();
    for (const file of framedFiles(html, url, basePath)) {
      event.waitUntil(
        filesStrategy.handle({ request: new Request(file, { credentials: 'omit' }), event }).catch(() => null),
      );
    }
    return stamped(response, html, {
      [savedAtHeader]: new Date().toISOString(),
      [savedTitleHeader]: encodeURIComponent(pageTitle(html)),
    });
  },
  // The cache is read only when the network failed or was too slow: say so on the page.
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const html = withOfflineNotice(await cachedResponse.text(), cachedResponse.headers.get(savedAtHeader), offlineUrl);
    return stamped(cachedResponse, html, {});
  },
};

const pagesStrategy = new NetworkFirst({
  cacheName: cacheNames.pages,
  networkTimeoutSeconds,
  plugins: [
    keepPublicPages,
    spareSavedCrops(new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 90 * 24 * 3600, purgeOnQuotaError: true })),
  ],
});

async function listSavedPages(): Promise<SavedPage[]> {
  const cache = await caches.open(cacheNames.pages);
  const pages: SavedPage[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (!response) continue;
    pages.push({
      url: request.url,
      title: decodeURIComponent(response.headers.get(savedTitleHeader) ?? ''),
      savedAt: response.headers.get(savedAtHeader),
    });
  }
  return pages;
}

/** The offline page (saved when the worker was installed) with the list of saved pages in its slot. */
async function offlinePage(missing: URL | null): Promise<Response> {
  const shell = await (await caches.open(cacheNames.shell)).match(offlineUrl);
  if (!shell) return missing ? Response.error() : fetch(offlineUrl);
  const list = savedPagesHtml(await listSavedPages(), missing ? `${pathOf(missing)}${missing.search}` : null);
  return stamped(shell, (await shell.text()).replace(savedPagesSlot, list), {});
}

async function answerPage({ request, event, url }: RouteHandlerCallbackOptions): Promise<Response> {
  if (url.href === offlineUrl) return offlinePage(null);
  try {
    return await pagesStrategy.handle({ request, event });
  } catch {
    return offlinePage(url);
  }
}

/**
 * A client navigation's data: from the network, and the page itself saved beside it (fetched
 * without cookies, so what is saved is what anyone gets). Without a network, React Router is told
 * to load the page whole, which the worker then answers from what it saved.
 */
async function answerData({ request, event, url }: RouteHandlerCallbackOptions): Promise<Response> {
  const page = pageUrlOfDataRequest(url, basePath);
  try {
    const response = await fetch(request);
    const prefetch = /prefetch/i.test(`${request.headers.get('sec-purpose')} ${request.headers.get('purpose')}`);
    if (page && response.ok && !prefetch && isReadingPath(pathOf(page))) {
      event.waitUntil(
        pagesStrategy.handle({ request: new Request(page, { credentials: 'omit' }), event }).catch(() => null),
      );
    }
    return response;
  } catch {
    return reloadDocument(page ?? new URL(offlineUrl));
  }
}

/** React Router's single-fetch redirect answer, asking for a whole-document load of `url`. */
function reloadDocument(url: URL): Response {
  return new Response(null, {
    status: 204,
    headers: { 'X-Remix-Redirect': url.href, 'X-Remix-Status': '302', 'X-Remix-Reload-Document': 'true' },
  });
}

const sameOrigin = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith(`${basePath}/`);

const serwist = new Serwist({
  // Empty (the build's globPatterns): see keepOfflinePage.
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  // Where the browser has static routing, hashed assets and pictures skip the worker altogether:
  // the browser's own cache holds them (immutable, or an hour), and every page loads dozens. A
  // picture is looked up in the saved crops' picture cache first, which the browser does without
  // starting the worker, and comes from the network when it is not there (decision 0424).
  requestRules: [
    { condition: { urlPattern: { pathname: `${basePath}/assets/*` } }, source: 'network' },
    {
      condition: { urlPattern: { pathname: `${basePath}/files/*` }, requestDestination: 'image' },
      source: { cacheName: cacheNames.pictures },
    },
  ],
  runtimeCaching: [
    {
      matcher: ({ url }) => sameOrigin(url) && url.pathname.startsWith(`${basePath}/assets/`),
      handler: new CacheFirst({
        cacheName: cacheNames.assets,
        plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
      }),
    },
    {
      matcher: ({ url }) => sameOrigin(url) && url.pathname.startsWith(`${basePath}/app-icons/`),
      handler: new CacheFirst({ cacheName: cacheNames.assets }),
    },
    {
      // Without static routing: a saved crop's picture from its cache, any other as a file.
      matcher: ({ url, request }) =>
        sameOrigin(url) && url.pathname.startsWith(`${basePath}/files/`) && request.destination === 'image',
      handler: async ({ request, event }) =>
        (await caches.match(request, { cacheName: cacheNames.pictures })) ?? filesStrategy.handle({ request, event }),
    },
    {
      matcher: ({ url, request }) =>
        sameOrigin(url) && url.pathname.startsWith(`${basePath}/files/`) && !request.headers.has('range'),
      handler: filesStrategy,
    },
    {
      matcher: ({ url }) => sameOrigin(url) && url.pathname.endsWith('.data'),
      handler: answerData,
    },
    {
      // Route discovery: offline, the same whole-document load as for data.
      matcher: ({ url }) => sameOrigin(url) && url.pathname === `${basePath}/__manifest`,
      handler: ({ request }) => fetch(request).catch(() => reloadDocument(new URL(offlineUrl))),
    },
    {
      matcher: ({ url, request }) => sameOrigin(url) && request.mode === 'navigate' && !pathOf(url).startsWith('/api/'),
      handler: answerPage,
    },
  ],
});

/** Signing out (or deleting the account) clears every saved page and file (decision 0387). */
async function clearSaved(): Promise<void> {
  await Promise.all([caches.delete(cacheNames.pages), caches.delete(cacheNames.files)]);
}

/** The offline page and the stylesheets it links, kept when the worker is installed. */
async function keepOfflinePage(): Promise<void> {
  const response = await fetch(offlineUrl, { credentials: 'omit' });
  if (!response.ok) throw new Error(`offline page: ${response.status}`);
  const html = await response.clone().text();
  const stylesheets = linkedStylesheets(html, new URL(offlineUrl)).map((url) => url.href);
  await (await caches.open(cacheNames.assets)).addAll(stylesheets);
  await (await caches.open(cacheNames.shell)).put(offlineUrl, response);
}

self.addEventListener('install', (event) => event.waitUntil(keepOfflinePage()));

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || !sameOrigin(url)) return;
  if (['/logout', '/api/v1/logout', '/member/delete'].includes(pathOf(url))) event.waitUntil(clearSaved());
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'clear-saved') event.waitUntil(clearSaved());
});

setUpSavedCrops({ pagesStrategy, filesStrategy, picturesStrategy, cacheNames, basePath });

serwist.addEventListeners();
