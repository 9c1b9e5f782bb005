import { useSyncExternalStore } from 'react';
import './ui.css';

const neverChanges = () => () => {};

/**
 * False in the server's HTML and while React hydrates it; true from then on — and at once in a form
 * that appears later (a page reached by a link), which a state set in an effect would show disabled for
 * a frame: long enough, on a busy phone, for a tap to do nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/**
 * Said beside the button of a form that cannot be sent without the page's scripts (the robot check,
 * photos sent one by one): until they are ready the button is disabled and this line says why, so a
 * tap in the first seconds is not a silent nothing (decision 0368). Without JavaScript it stays, and
 * is then the whole truth.
 */
export function ScriptReadyNote({ ready, needs }: { ready: boolean; needs: string }) {
  if (ready) return null;
  return (
    <p className="script-ready-note" role="status">
      {`這份表單需要 JavaScript（${needs}），載入完成後即可送出；若一直無法送出，請確認瀏覽器已啟用 JavaScript。`}
    </p>
  );
}
