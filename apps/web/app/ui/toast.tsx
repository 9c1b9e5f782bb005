import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  cssTransition,
  toast,
  ToastContainer,
  type Id,
  type ToastContentProps,
  type TypeOptions,
} from 'react-toastify';
import './ui.css';

/**
 * Toast defaults: shown 5000 ms, 1000 ms more after the pointer leaves, 300 ms fade,
 * top-right, newest on top, no limit, no progress bar or close button, a tap dismisses,
 * duplicates allowed. (react-toastify injects its own stylesheet when the container mounts, so
 * the page's CSS does not carry it; the fade classes are in styles/app.css, colours in ui.css.)
 */
export const toastDefaults = {
  autoClose: 5000,
  extendedTimeOut: 1000,
  fadeMs: 300,
  position: 'top-right',
} as const;

const fade = cssTransition({ enter: 'toast-fade-in', exit: 'toast-fade-out', collapseDuration: toastDefaults.fadeMs });

/** A phone's width: there a toast covers what the visitor is reading. */
export const phoneToastQuery = '(max-width: 575.98px)';

function subscribeToWidth(listener: () => void) {
  const query = window.matchMedia(phoneToastQuery);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/**
 * `limit`: how many toasts show at once; later ones wait in react-toastify's queue for a free slot
 * and show, each for its full time, when the one before is gone — none is dropped. No limit on a
 * wide screen (the spec's default); one at a time on a phone, where three covered the question
 * the visitor had just asked (decision 0369, the spec's "when a limit applies").
 */
export function ToastRegion({ limit }: { limit?: number }) {
  const phone = useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(phoneToastQuery).matches,
    () => false,
  );
  limit ??= phone ? 1 : undefined;
  return (
    <ToastContainer
      position={toastDefaults.position}
      autoClose={toastDefaults.autoClose}
      newestOnTop
      hideProgressBar
      closeButton={false}
      closeOnClick
      pauseOnHover
      pauseOnFocusLoss={false}
      draggable={false}
      transition={fade}
      aria-label="通知訊息"
      {...(limit ? { limit } : {})}
    />
  );
}

/**
 * The message of one toast. It also gives the toast its extended time: react-toastify pauses a
 * toast while hovered and then resumes the *remaining* time, but the spec wants a fresh 1000 ms
 * from the moment the pointer leaves, so when the toast runs again after a pause its timer is
 * replaced with one of `extendedTimeOut`.
 */
export function ToastMessage({ text, isPaused, toastProps }: { text: string } & Partial<ToastContentProps>) {
  const toastId = toastProps?.toastId;
  // A toast starts paused until its fade-in ends; only a pause after it has run is a hover.
  const state = useRef<'entering' | 'running' | 'held'>('entering');
  useEffect(() => {
    if (isPaused === undefined || toastId === undefined) return;
    if (isPaused) {
      if (state.current === 'running') state.current = 'held';
      return;
    }
    if (state.current === 'held') {
      // `delay: null` applies the change now instead of after react-toastify's default 100 ms.
      toast.update(toastId, { autoClose: toastDefaults.extendedTimeOut, delay: null });
    }
    state.current = 'running';
  }, [isPaused, toastId]);
  return <>{text}</>;
}

function show(type: TypeOptions, text: string): Id {
  // Errors interrupt a screen reader; other news waits for a pause.
  return toast(<ToastMessage text={text} />, { type, role: type === 'error' ? 'alert' : 'status' });
}

/** Shows a toast. Use these rather than react-toastify's `toast`, so every toast gets the extended time. */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  dismiss: (id?: Id) => toast.dismiss(id),
};
