/**
 * Registers the site's service worker (decision 0386) after the page has loaded, in production
 * builds only (npm run dev builds no worker). Kept tiny: it is part of the shell every page loads.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const base = import.meta.env.BASE_URL;
  navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch(() => undefined);
  // Offline, a tap on a link of the site loads the page whole, which the worker answers from what it
  // saved, rather than a client navigation whose data cannot come.
  window.addEventListener(
    'click',
    (event) => {
      if (navigator.onLine || !(event.target instanceof Element)) return;
      const link = event.target.closest('a[href]');
      if (link instanceof HTMLAnchorElement && link.origin === location.origin && !link.target) event.stopPropagation();
    },
    true,
  );
}
