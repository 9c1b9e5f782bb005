import { useEffect, useState } from 'react';
import {
  formatBytes,
  formatDataDate,
  isSavedCropNamed,
  packSummary,
  type OfflinePack,
  type SavedCrop,
} from './saved-crop-rules';
import {
  askPersistentStorage,
  askWorker,
  canSaveCrops,
  fetchPack,
  readSavedCrops,
  storageLeft,
} from './saved-crops-client';
import './saved-crops.css';

type Phase =
  | { kind: 'idle' }
  | { kind: 'busy'; text: string }
  | { kind: 'offer'; pack: OfflinePack; update: boolean }
  | { kind: 'saving'; done: number; total: number };

/**
 * 存到手機 (decision 0390): saves a crop's records, registered pesticide uses, IPM sheets and
 * wizard tree for reading offline. Progressive enhancement: it renders nothing on the server nor
 * where the browser has no service worker, so the page without JavaScript is as it was.
 */
export function SaveCrop({ cropName }: { cropName: string }) {
  const [supported, setSupported] = useState(false);
  const [saved, setSaved] = useState<SavedCrop | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    if (!canSaveCrops()) return;
    setSupported(true);
    readSavedCrops()
      .then((crops) => setSaved(crops.find((crop) => isSavedCropNamed(crop, cropName)) ?? null))
      .catch(() => undefined);
  }, [cropName]);

  if (!supported) return null;

  const fail = (text: string) => {
    setPhase({ kind: 'idle' });
    setMessage('');
    setError(text);
  };
  const offlineText = '目前沒有網路連線，連線後再試。';

  // The size first (the server's pack list), then the download after the farmer agrees.
  const check = async (update: boolean) => {
    setError('');
    setPhase({ kind: 'busy', text: update ? '正在檢查是否有較新的資料…' : '正在計算下載大小…' });
    try {
      const pack = await fetchPack(cropName);
      if (update && saved && pack.version === saved.version) {
        setPhase({ kind: 'idle' });
        setMessage(`已是最新資料（資料日期 ${formatDataDate(saved.dataDate)}）。`);
        return;
      }
      setPhase({ kind: 'offer', pack, update });
      setMessage(
        update
          ? `有較新的資料：資料日期 ${formatDataDate(pack.dataDate)}，下載${packSummary(pack)}。`
          : `下載${packSummary(pack)}。`,
      );
    } catch (caught) {
      fail(navigator.onLine ? (caught as Error).message : offlineText);
    }
  };

  const save = async (pack: OfflinePack) => {
    setError('');
    const left = await storageLeft();
    if (left !== null && pack.bytes > left) {
      fail(`手機可用空間不足：需要約 ${formatBytes(pack.bytes)}，目前剩約 ${formatBytes(Math.max(0, left))}。`);
      return;
    }
    await askPersistentStorage();
    setPhase({ kind: 'saving', done: 0, total: pack.pages.length + pack.files.length + pack.pictures.length });
    setMessage('正在存到手機…');
    try {
      const reply = await askWorker({ type: 'save-crop', pack }, (done, total) =>
        setPhase({ kind: 'saving', done, total }),
      );
      if (reply.type !== 'saved') throw new Error(reply.type === 'failed' ? reply.message : '儲存失敗');
      setSaved(reply.saved);
      setPhase({ kind: 'idle' });
      setMessage(
        `已存到手機：資料日期 ${formatDataDate(reply.saved.dataDate)}。` +
          (reply.saved.missing > 0 ? `有 ${reply.saved.missing} 項未能儲存，連線較好時可再按「檢查更新」。` : ''),
      );
    } catch (caught) {
      fail(`存到手機失敗：${(caught as Error).message}`);
    }
  };

  const remove = async () => {
    if (!saved) return;
    setError('');
    setPhase({ kind: 'busy', text: '正在從手機移除…' });
    try {
      const reply = await askWorker({ type: 'remove-crop', cropId: saved.crop.id });
      if (reply.type !== 'removed') throw new Error(reply.type === 'failed' ? reply.message : '移除失敗');
      setSaved(null);
      setPhase({ kind: 'idle' });
      setMessage(`已從手機移除「${saved.crop.name}」。`);
    } catch (caught) {
      fail((caught as Error).message);
    }
  };

  const busy = phase.kind === 'busy' || phase.kind === 'saving';
  return (
    <section className="save-crop" aria-label={`把${cropName}存到手機`}>
      <p className="save-crop__what">
        {saved
          ? `「${saved.crop.name}」已存到手機（資料日期 ${formatDataDate(saved.dataDate)}，${formatBytes(saved.bytes)}），沒有網路時也能看。`
          : `把「${cropName}」的病蟲害資料、登記用藥、IPM 技術資料與診斷步驟存到手機，田間沒有網路時也能看。`}
      </p>
      <p className="save-crop__status" role="status">
        {phase.kind === 'busy' ? phase.text : message}
      </p>
      {phase.kind === 'saving' ? (
        <progress className="save-crop__progress" value={phase.done} max={phase.total} aria-label="存到手機的進度" />
      ) : null}
      {error ? (
        <p className="save-crop__error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="save-crop__actions">
        {phase.kind === 'offer' ? (
          <>
            <button type="button" className="button button--primary" onClick={() => void save(phase.pack)}>
              {phase.update ? '下載更新' : '開始下載'}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setPhase({ kind: 'idle' });
                setMessage('');
              }}
            >
              取消
            </button>
          </>
        ) : saved ? (
          <>
            <button type="button" className="button" disabled={busy} onClick={() => void check(true)}>
              檢查更新
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void remove()}>
              從手機移除
            </button>
          </>
        ) : (
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void check(false)}>
            存到手機
          </button>
        )}
      </p>
    </section>
  );
}
