import { useEffect, useState } from 'react';
import { appUrl } from '../kernel/file-url';
import { formatBytes, formatDataDate, type SavedCrop } from './saved-crop-rules';
import { askWorker, canSaveCrops, readSavedCrops } from './saved-crops-client';
import './saved-crops.css';

/** The first page a saved crop holds that a farmer starts from: the wizard, else the pesticide lookup, else any. */
function startPage(crop: SavedCrop): string {
  const first = (prefix: string) => crop.pages.find((page) => new URL(page).pathname.endsWith(prefix));
  return first('/consultation') ?? first('/search/bug/crop') ?? crop.pages[0] ?? appUrl('/offline');
}

/**
 * The saved crops on /offline (decision 0390), each with its data date, a link to start from and
 * 移除. Read from the worker's caches after hydration, so it works offline too; nothing without
 * JavaScript (the page says so in its noscript).
 */
export function SavedCropsList() {
  const [crops, setCrops] = useState<SavedCrop[] | null>(null);
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (canSaveCrops()) readSavedCrops().then(setCrops, () => setCrops([]));
  }, []);

  if (crops === null) return null;
  const remove = async (crop: SavedCrop) => {
    const reply = await askWorker({ type: 'remove-crop', cropId: crop.crop.id }).catch(() => null);
    if (reply?.type !== 'removed') {
      setMessage(`無法移除「${crop.crop.name}」，請重新整理頁面後再試。`);
      return;
    }
    setCrops((current) => (current ?? []).filter((each) => each.crop.id !== crop.crop.id));
    setMessage(`已從手機移除「${crop.crop.name}」。`);
  };
  return (
    <section className="saved-crops" aria-labelledby="saved-crops-heading">
      <h2 id="saved-crops-heading">已存到手機的作物（{crops.length}）</h2>
      {crops.length === 0 ? (
        <p>
          還沒有存任何作物。在診斷、依作物查詢登記用藥或 IPM 技術資料的頁面按「存到手機」，就能把整個作物的資料存下來。
        </p>
      ) : (
        <ul className="saved-crops__list">
          {crops.map((crop) => (
            <li key={crop.crop.id}>
              <a href={startPage(crop)}>{crop.crop.name}</a>（資料日期 {formatDataDate(crop.dataDate)}，
              {crop.pages.length} 頁、{formatBytes(crop.bytes)}）{' '}
              <button
                type="button"
                className="button"
                aria-label={`從手機移除${crop.crop.name}`}
                onClick={() => void remove(crop)}
              >
                移除
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status">{message}</p>
    </section>
  );
}
