import { useEffect, useState, useSyncExternalStore } from 'react';
import type * as toastModule from './toast';

/*
 * Toasts cost react-toastify (about 6 kB compressed) on every page, yet a page shows one only
 * after something the visitor did. The region and the library are therefore fetched on the first
 * toast (decision 0080): `notify` here mounts the region, waits until it is there, then shows.
 */

type ToastModule = typeof toastModule;

let requested = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function loadToasts(): Promise<ToastModule> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  const [module] = await Promise.all([import('./toast'), mounted]);
  return module;
}

type Notify = ToastModule['notify'];

/** Shows a toast (see toast.tsx), fetching the toast code first when it is the page's first. */
export const notify = {
  success: (message: string) => void loadToasts().then((module) => module.notify.success(message)),
  error: (message: string) => void loadToasts().then((module) => module.notify.error(message)),
  info: (message: string) => void loadToasts().then((module) => module.notify.info(message)),
  dismiss: (id?: Parameters<Notify['dismiss']>[0]) => {
    if (requested) void loadToasts().then((module) => module.notify.dismiss(id));
  },
};

/** The toast region, mounted once a toast is asked for; nothing before that. */
export function LazyToastRegion() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  const [Region, setRegion] = useState<ToastModule['ToastRegion'] | null>(null);
  useEffect(() => {
    if (!wanted) return;
    void import('./toast').then((module) => setRegion(() => module.ToastRegion));
  }, [wanted]);
  useEffect(() => {
    if (Region) markMounted();
  }, [Region]);
  return Region ? <Region /> : null;
}
