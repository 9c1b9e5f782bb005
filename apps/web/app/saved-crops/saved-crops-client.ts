import { appUrl } from '../kernel/file-url';
import { savedCropsCache, type OfflinePack, type SavedCrop, type SavedCropsReply } from './saved-crop-rules';

/**
 * The page's side of 存到手機 (decision 0390): reading the saved crops, fetching a crop's pack,
 * asking the service worker to save or remove one. Only in the browser, after hydration.
 */

/** Whether this browser can save a crop: a production build (it has a worker), workers and caches. */
export function canSaveCrops(): boolean {
  return import.meta.env.PROD && 'serviceWorker' in navigator && 'caches' in window;
}

export async function readSavedCrops(): Promise<SavedCrop[]> {
  const cache = await caches.open(savedCropsCache);
  const records = await Promise.all((await cache.keys()).map(async (key) => (await cache.match(key))?.json()));
  return (records.filter(Boolean) as SavedCrop[]).sort((a, b) => a.crop.name.localeCompare(b.crop.name, 'zh-Hant'));
}

/** A crop's pack from the server; null when offline or the server does not answer. */
export async function fetchPack(cropName: string): Promise<OfflinePack> {
  const response = await fetch(appUrl(`/api/v1/crops/offline-pack?crop=${encodeURIComponent(cropName)}`), {
    credentials: 'omit',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? '無法取得這個作物的資料，請稍後再試。');
  }
  return ((await response.json()) as { data: OfflinePack }).data;
}

/** Room left in the browser's storage for this site, or null when the browser does not say. */
export async function storageLeft(): Promise<number | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  if (!estimate?.quota) return null;
  return estimate.quota - (estimate.usage ?? 0);
}

/** Asks the browser to keep what is saved when space runs low (it may say no; saving goes on). */
export async function askPersistentStorage(): Promise<boolean> {
  return (await navigator.storage?.persist?.().catch(() => false)) ?? false;
}

const readyTimeoutMs = 10_000;

/** Sends a request to the active service worker and resolves with its final reply. */
export async function askWorker(
  message: unknown,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<SavedCropsReply> {
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), readyTimeoutMs)),
  ]);
  if (!registration?.active) throw new Error('離線功能尚未就緒，請重新整理頁面後再試。');
  const channel = new MessageChannel();
  return new Promise((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<SavedCropsReply>) => {
      if (event.data.type === 'progress') onProgress(event.data.done, event.data.total);
      else resolve(event.data);
    };
    registration.active!.postMessage(message, [channel.port2]);
  });
}
