/**
 * 存到手機 (decision 0390): what the page and the service worker share about saved crops. Pure
 * and free of packages, so the worker's bundle (service-worker/saved-crops.ts) takes it too.
 */

/** Where the worker keeps one record per saved crop (its pack's addresses, date and version). */
export const savedCropsCache = 'saved-crops-v1';

/**
 * Where the worker keeps saved crops' pictures, and nothing else (decision 0424): the static route
 * for pictures reads it before the network, so it must hold only what a saved crop needs.
 */
export const savedCropPicturesCache = 'saved-crop-pictures-v1';

/** The offline pack as `GET /api/v1/crops/offline-pack` gives it (the contract's `CropOfflinePack`). */
export interface OfflinePack {
  crop: { id: number; name: string; names: string[] };
  version: string;
  dataDate: string | null;
  /** Addresses inside the site, without the base path. */
  pages: string[];
  files: Array<{ path: string; bytes: number }>;
  /** The pictures the pages load at phone width, without the base path (decision 0424). */
  pictures: string[];
  bytes: number;
}

/** What the worker keeps of a saved crop. */
export interface SavedCrop {
  crop: OfflinePack['crop'];
  version: string;
  dataDate: string | null;
  savedAt: string;
  /** Absolute addresses of the pages and files saved for it. */
  pages: string[];
  files: string[];
  /** Absolute addresses of its pictures; absent in a record saved before pictures were (decision 0424). */
  pictures?: string[];
  /** Bytes the saved pages, files and pictures take. */
  bytes: number;
  /** Addresses that could not be saved (the network failed, or the answer was not public). */
  missing: number;
}

/** The page's requests to the worker, each answered on the message's port. */
export type SavedCropsRequest = { type: 'save-crop'; pack: OfflinePack } | { type: 'remove-crop'; cropId: number };

/** The worker's answers: progress while saving, then the outcome. */
export type SavedCropsReply =
  | { type: 'progress'; done: number; total: number }
  | { type: 'saved'; saved: SavedCrop }
  | { type: 'removed' }
  | { type: 'failed'; message: string };

/** The cache key of a crop's record: an address inside the worker's scope that is never fetched. */
export function savedCropKey(scope: string, cropId: number): string {
  return new URL(`__saved-crops/${cropId}`, scope).href;
}

/** A size as a farmer reads it: 「1.2 MB」, 「350 KB」. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1_000))} KB`;
}

/** A pack before it is downloaded, as the farmer is asked: 「約 2.1 MB（40 頁、25 張照片、2 份 PDF）」. */
export function packSummary(pack: OfflinePack): string {
  const parts = [
    `${pack.pages.length} 頁`,
    ...(pack.pictures.length > 0 ? [`${pack.pictures.length} 張照片`] : []),
    ...(pack.files.length > 0 ? [`${pack.files.length} 份 PDF`] : []),
  ];
  return `約 ${formatBytes(pack.bytes)}（${parts.join('、')}）`;
}

/** Whether a saved crop is the crop a page names (by its name or one of its synonyms). */
export function isSavedCropNamed(saved: SavedCrop, name: string): boolean {
  return saved.crop.name === name || saved.crop.names.includes(name);
}

const dayFormat = new Intl.DateTimeFormat('zh-TW', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'Asia/Taipei',
});

/** A pack's data date as a farmer reads it: 「2026年12月6日」. */
export function formatDataDate(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? dayFormat.format(date) : '不明日期';
}
