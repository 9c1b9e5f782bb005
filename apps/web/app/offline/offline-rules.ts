/**
 * What the service worker keeps for offline reading and how it shows a kept page (decision 0386).
 * Pure functions over URLs, headers and HTML text, shared by the worker (service-worker/) and the
 * web app, and tested without a browser.
 */

/** Where root.tsx leaves room for the worker's 離線 notice, and /offline for its list of saved pages. */
export const offlineNoticeSlot = '<div id="offline-notice"></div>';
export const savedPagesSlot = '<div id="saved-pages"></div>';

/** Headers the worker adds to what it keeps: when it was saved, and the page's title. */
export const savedAtHeader = 'x-offline-saved-at';
export const savedTitleHeader = 'x-offline-title';

/**
 * Paths never kept whatever their headers say: personal areas, staff screens, the cart and the
 * consultation's private pages (the server marks them private too: this is the second fence), and
 * forms whose page carries a one-time robot check.
 */
const personalPaths = [
  /^\/admin(\/|$)/,
  /^\/member(\/|$)/,
  /^\/api\//,
  /^\/(login|logout|register|forgot-password|reset-password|confirm-email|stop-email-change)$/,
  /^\/inquiry(\/|$)/,
  /^\/download$/,
  /^\/consultation\/(form|case|follow-up)(\/|$)/,
  /^\/expert(\/|$)/,
  /^\/(contact|feedback)$/,
];

/**
 * The reading pages saved beside a client navigation's data (decision 0386): records, pesticide
 * lookups, factsheets, the reading room's items and the wizard's steps. Other pages are saved when
 * loaded whole; a second request for them on every client navigation would cost more than it gives.
 */
const readingPaths = new Set([
  '/search/bug/detail',
  '/search/bug/detail2',
  '/search/bug/factsheet',
  '/IPM/detail',
  '/publication/detail',
  '/video/detail',
  '/quick/detail',
  '/news/detail',
  '/link/detail',
  '/consultation',
  '/consultation/advisory/detail',
]);

export function isReadingPath(path: string): boolean {
  return readingPaths.has(path);
}

/** The path inside the app: without the base path. */
export function appPath(pathname: string, basePath: string): string {
  const inside = basePath && pathname.startsWith(basePath) ? pathname.slice(basePath.length) || '/' : pathname;
  return inside;
}

export function isPersonalPath(path: string): boolean {
  return personalPaths.some((pattern) => pattern.test(path));
}

/**
 * Whether an answer may be kept: a complete 200 the server marked `public` (it marks every answer to
 * a signed-in session `private, no-store` unless the answer is the same for everyone, decision 0058),
 * on a path that is not personal.
 */
export function mayKeep(path: string, response: { status: number; headers: Headers }): boolean {
  if (response.status !== 200 || isPersonalPath(path)) return false;
  const directives = (response.headers.get('cache-control') ?? '').toLowerCase().split(/\s*,\s*/);
  return directives.includes('public') && !directives.includes('private') && !directives.includes('no-store');
}

/** A client navigation's data request (`/path.data`, `/_root.data` for the home page) as the page's address. */
export function pageUrlOfDataRequest(url: URL, basePath: string): URL | null {
  if (!url.pathname.endsWith('.data')) return null;
  const page = new URL(url);
  const path = url.pathname.slice(0, -'.data'.length);
  page.pathname = path === `${basePath}/_root` ? `${basePath}/` : path;
  page.searchParams.delete('_routes');
  return page;
}

const titlePattern = /<title>([^<]*)<\/title>/i;

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/** The text of a page's title element (React escapes only these few characters). */
export function pageTitle(html: string): string {
  const raw = titlePattern.exec(html)?.[1]?.trim() ?? '';
  return raw.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_match, name: string) => entities[name] ?? '');
}

/** Stored files the page frames (an IPM sheet's PDF), to keep with it. */
export function framedFiles(html: string, pageUrl: URL, basePath: string): URL[] {
  const found: URL[] = [];
  for (const [, src = ''] of html.matchAll(/<iframe\b[^>]*\ssrc="([^"]+)"/gi)) {
    const url = new URL(src.replaceAll('&amp;', '&'), pageUrl);
    if (url.origin === pageUrl.origin && url.pathname.startsWith(`${basePath}/files/`)) found.push(url);
  }
  return found;
}

/** The stylesheets a page links (the offline page's, kept with it when the worker is installed). */
export function linkedStylesheets(html: string, pageUrl: URL): URL[] {
  const found: URL[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel="stylesheet"/i.test(tag)) continue;
    const href = /\bhref="([^"]+)"/i.exec(tag)?.[1];
    if (href) found.push(new URL(href.replaceAll('&amp;', '&').replace(/#.*$/, ''), pageUrl));
  }
  return found;
}

const dateFormat = new Intl.DateTimeFormat('zh-TW', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'Asia/Taipei',
});

export function savedDate(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? dateFormat.format(date) : '不明時間';
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The notice a kept page shows when it is opened without a network. */
export function offlineNoticeHtml(savedAt: string | null, offlinePageHref: string): string {
  return (
    `<div id="offline-notice" class="offline-notice" role="status"><p><strong>離線</strong>` +
    `目前沒有網路連線，這是 ${escapeHtml(savedDate(savedAt))} 儲存在手機上的版本。` +
    ` <a href="${escapeHtml(offlinePageHref)}">看已儲存的頁面</a></p></div>`
  );
}

/** A kept page with the notice in root.tsx's slot (pages without the slot are left as they are). */
export function withOfflineNotice(html: string, savedAt: string | null, offlinePageHref: string): string {
  return html.replace(offlineNoticeSlot, offlineNoticeHtml(savedAt, offlinePageHref));
}

export interface SavedPage {
  url: string;
  title: string;
  savedAt: string | null;
}

/**
 * The offline page's list: every kept page, newest first, with its title and the date it was saved;
 * `missing` is the page asked for that was never saved, said first.
 */
export function savedPagesHtml(pages: readonly SavedPage[], missing: string | null): string {
  const intro = missing
    ? `<p class="saved-pages__missing" role="status"><strong>離線</strong>這個頁面沒有儲存在手機上：${escapeHtml(missing)}</p>`
    : '';
  if (pages.length === 0) {
    return `<div id="saved-pages">${intro}<p>手機上還沒有儲存任何頁面。連線時看過的頁面會自動儲存。</p></div>`;
  }
  const sorted = [...pages].sort((a, b) => (b.savedAt ?? '').localeCompare(a.savedAt ?? ''));
  const items = sorted
    .map(
      (page) =>
        `<li><a href="${escapeHtml(page.url)}">${page.title ? escapeHtml(page.title) : escapeHtml(page.url)}</a>` +
        ` <span class="saved-pages__date">（${escapeHtml(savedDate(page.savedAt))} 儲存）</span></li>`,
    )
    .join('');
  return `<div id="saved-pages">${intro}<h2>已儲存的頁面（${sorted.length}）</h2><ul>${items}</ul></div>`;
}
