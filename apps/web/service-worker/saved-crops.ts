import type { ExpirationPlugin, SerwistPlugin, Strategy } from 'serwist';
import {
  savedCropKey,
  savedCropPicturesCache,
  savedCropsCache,
  type OfflinePack,
  type SavedCrop,
  type SavedCropsReply,
  type SavedCropsRequest,
} from '../app/saved-crops/saved-crop-rules';

/**
 * 存到手機 in the service worker (decision 0390). The page sends a crop's offline pack; the pages
 * and files it lists are fetched through the worker's own strategies, so they are kept in the same
 * caches, by the same 'public only' rule and with the same 離線 notice as a page the farmer visited.
 * A record per saved crop (its addresses, data date and version) is kept in `saved-crops-v1`; the
 * caches' size limits spare what a saved crop holds, so browsing never drops it. Its pictures go
 * into a cache of their own, which holds nothing else (decision 0424).
 */
declare const self: ServiceWorkerGlobalScope;

interface SavedCropsOptions {
  pagesStrategy: Strategy;
  filesStrategy: Strategy;
  /** Keeps a public picture in `savedCropPicturesCache`. */
  picturesStrategy: Strategy;
  cacheNames: { pages: string; files: string };
  basePath: string;
}

/** Addresses held by saved crops, read once from their records and kept up to date by this module. */
let heldUrls: Promise<Set<string>> | null = null;

async function listSavedCrops(): Promise<SavedCrop[]> {
  const cache = await caches.open(savedCropsCache);
  const records = await Promise.all((await cache.keys()).map(async (key) => (await cache.match(key))?.json()));
  return records.filter(Boolean) as SavedCrop[];
}

function held(): Promise<Set<string>> {
  heldUrls ??= listSavedCrops().then((crops) => new Set(crops.flatMap((crop) => [...crop.pages, ...crop.files])));
  return heldUrls;
}

/**
 * Forgets an address in Serwist's expiration records (serwist 9.5's `serwist-expiration`
 * database), so a size limit never removes it. The database is never created here: an upgrade
 * (it does not exist yet) is aborted, and then nothing holds a timestamp anyway.
 */
function forgetTimestamp(cacheName: string, url: string): Promise<void> {
  return new Promise((resolve) => {
    const opening = indexedDB.open('serwist-expiration');
    opening.onupgradeneeded = () => opening.transaction?.abort();
    opening.onerror = () => resolve();
    opening.onsuccess = () => {
      const db = opening.result;
      if (!db.objectStoreNames.contains('cache-entries')) {
        db.close();
        resolve();
        return;
      }
      const transaction = db.transaction('cache-entries', 'readwrite');
      const address = new URL(url);
      address.hash = '';
      transaction.objectStore('cache-entries').delete(`${cacheName}|${address.href}`);
      transaction.oncomplete =
        transaction.onerror =
        transaction.onabort =
          () => {
            db.close();
            resolve();
          };
    };
  });
}

/**
 * Wraps a cache's ExpirationPlugin: what a saved crop holds gets no expiration timestamp (and loses
 * one it had), so neither the entry limit nor the age limit removes it; everything else as before.
 */
export function spareSavedCrops(expiration: ExpirationPlugin): SerwistPlugin {
  return {
    cachedResponseWillBeUsed: async (param) =>
      (await held()).has(param.request.url) ? param.cachedResponse : expiration.cachedResponseWillBeUsed(param),
    cacheDidUpdate: async (param) => {
      if ((await held()).has(param.request.url)) return forgetTimestamp(param.cacheName, param.request.url);
      return expiration.cacheDidUpdate(param);
    },
  };
}

/** Runs `work` over `items`, `limit` at a time: a phone on a weak signal does not open fifty requests. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function saveCrop(
  options: SavedCropsOptions,
  pack: OfflinePack,
  event: ExtendableMessageEvent,
  report: (reply: SavedCropsReply) => void,
): Promise<SavedCrop> {
  const address = (path: string) => new URL(`${options.basePath}${path}`, self.location.origin).href;
  const pages = pack.pages.map(address);
  const files = pack.files.map((file) => address(file.path));
  const pictures = pack.pictures.map(address);
  const urls = await held();
  for (const url of [...pages, ...files]) urls.add(url);
  const total = pages.length + files.length + pictures.length;
  let done = 0;
  let bytes = 0;
  let missing = 0;
  const keep = (strategy: Strategy, cacheName: string) => async (url: string) => {
    // Without cookies, as a page saved beside a client navigation: what is kept is what anyone gets.
    // `handleAll`'s second promise ends when the answer is in the cache, not merely returned.
    const [answer, stored] = strategy.handleAll({ request: new Request(url, { credentials: 'omit' }), event });
    await Promise.all([answer.catch(() => null), stored.catch(() => null)]);
    const kept = await (await caches.open(cacheName)).match(url);
    if (kept) bytes += (await kept.blob()).size;
    else missing += 1;
    done += 1;
    report({ type: 'progress', done, total });
  };
  // Files first: a saved IPM sheet then finds its PDF already fresh in the browser's cache.
  await eachLimited(files, 3, keep(options.filesStrategy, options.cacheNames.files));
  await eachLimited(pictures, 4, keep(options.picturesStrategy, savedCropPicturesCache));
  await eachLimited(pages, 4, keep(options.pagesStrategy, options.cacheNames.pages));
  const saved: SavedCrop = {
    crop: pack.crop,
    version: pack.version,
    dataDate: pack.dataDate,
    savedAt: new Date().toISOString(),
    pages,
    files,
    pictures,
    bytes,
    missing,
  };
  const previous = (await listSavedCrops()).find((crop) => crop.crop.id === pack.crop.id);
  event.waitUntil(warmOfflinePageScripts(address('/offline')).catch(() => undefined));
  const record = new Response(JSON.stringify(saved), { headers: { 'content-type': 'application/json' } });
  await (await caches.open(savedCropsCache)).put(savedCropKey(self.registration.scope, pack.crop.id), record);
  // An update's replaced pictures (a new cache-buster) go, unless another saved crop shows them.
  if (previous) await dropPictures(previous.pictures ?? [], await listSavedCrops());
  return saved;
}

/**
 * Loads the offline page's scripts once into the browser's own cache (hashed, kept for a year), where
 * the page finds them without a network: its list of saved crops, with 移除, needs them.
 */
async function warmOfflinePageScripts(offlineUrl: string): Promise<void> {
  const html = await (await fetch(offlineUrl, { credentials: 'omit' })).text();
  const scripts = [...html.matchAll(/<(?:link|script)\b[^>]*\s(?:href|src)="([^"]+\.js)"/gi)].map(
    ([, src = '']) => new URL(src.replaceAll('&amp;', '&'), offlineUrl).href,
  );
  await Promise.all(scripts.map((src) => fetch(src).catch(() => null)));
}

/** Deletes these pictures from the saved crops' picture cache, except those a crop of `kept` shows. */
async function dropPictures(pictures: readonly string[], kept: readonly SavedCrop[]): Promise<void> {
  const shown = new Set(kept.flatMap((crop) => crop.pictures ?? []));
  const cache = await caches.open(savedCropPicturesCache);
  await Promise.all(pictures.filter((url) => !shown.has(url)).map((url) => cache.delete(url)));
}

/** Removes a saved crop and whatever it alone holds (pages another saved crop lists stay). */
async function removeCrop(options: SavedCropsOptions, cropId: number): Promise<void> {
  const crops = await listSavedCrops();
  const removed = crops.find((crop) => crop.crop.id === cropId);
  await (await caches.open(savedCropsCache)).delete(savedCropKey(self.registration.scope, cropId));
  heldUrls = null;
  if (!removed) return;
  const others = new Set(
    crops.filter((crop) => crop.crop.id !== cropId).flatMap((crop) => [...crop.pages, ...crop.files]),
  );
  const [pages, files] = await Promise.all([
    caches.open(options.cacheNames.pages),
    caches.open(options.cacheNames.files),
  ]);
  await Promise.all([
    ...removed.pages.filter((url) => !others.has(url)).map((url) => pages.delete(url)),
    ...removed.files.filter((url) => !others.has(url)).map((url) => files.delete(url)),
    dropPictures(
      removed.pictures ?? [],
      crops.filter((crop) => crop.crop.id !== cropId),
    ),
  ]);
}

/** Listens for the page's 存到手機 requests (save, remove) and answers each on its port. */
export function setUpSavedCrops(options: SavedCropsOptions): void {
  self.addEventListener('message', (event) => {
    const request = event.data as SavedCropsRequest | null;
    const port = event.ports[0];
    if (!port || (request?.type !== 'save-crop' && request?.type !== 'remove-crop')) return;
    const reply = (message: SavedCropsReply) => port.postMessage(message);
    const work =
      request.type === 'save-crop'
        ? saveCrop(options, request.pack, event, reply).then((saved) => reply({ type: 'saved', saved }))
        : removeCrop(options, request.cropId).then(() => reply({ type: 'removed' }));
    event.waitUntil(
      work.catch((error: unknown) => {
        heldUrls = null;
        reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
      }),
    );
  });
  // Signing out clears the saved pages (decision 0387): the saved crops' records go with them.
  self.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === 'clear-saved') event.waitUntil(forgetSavedCrops());
  });
  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    const path = url.pathname.slice(options.basePath.length);
    if (event.request.method === 'POST' && url.origin === self.location.origin && signOutPaths.includes(path)) {
      event.waitUntil(forgetSavedCrops());
    }
  });
}

/** The form posts after which the worker clears what it saved (service-worker.ts's `clearSaved`). */
const signOutPaths = ['/logout', '/api/v1/logout', '/member/delete'];

async function forgetSavedCrops(): Promise<void> {
  heldUrls = null;
  await Promise.all([caches.delete(savedCropsCache), caches.delete(savedCropPicturesCache)]);
}
