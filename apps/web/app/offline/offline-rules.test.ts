import { describe, expect, it } from 'vitest';
import {
  framedFiles,
  isReadingPath,
  linkedStylesheets,
  mayKeep,
  offlineNoticeSlot,
  pageTitle,
  pageUrlOfDataRequest,
  savedPagesHtml,
  withOfflineNotice,
} from './offline-rules';

const answer = (cacheControl: string | null, status = 200) => ({
  status,
  headers: new Headers(cacheControl ? { 'cache-control': cacheControl } : {}),
});

describe('what the service worker keeps (decision 0387)', () => {
  it('keeps only complete answers the server marked public, never on a personal path', () => {
    expect(mayKeep('/search/bug/detail', answer('public, max-age=0, must-revalidate'))).toBe(true);
    expect(mayKeep('/search/bug/detail', answer('private, no-store'))).toBe(false);
    expect(mayKeep('/search/bug/detail', answer('no-store'))).toBe(false);
    expect(mayKeep('/search/bug/detail', answer(null))).toBe(false);
    expect(mayKeep('/search/bug/detail', answer('public', 206))).toBe(false);
    for (const path of [
      '/member',
      '/member/delete',
      '/admin/records',
      '/inquiry',
      '/consultation/follow-up',
      '/login',
    ]) {
      expect(mayKeep(path, answer('public, max-age=0'))).toBe(false);
    }
  });

  it("reads a client navigation's data address as its page, and saves reading pages beside it", () => {
    const page = pageUrlOfDataRequest(new URL('http://x/pest/search/bug/detail.data?id=3&_routes=root'), '/pest');
    expect(page?.href).toBe('http://x/pest/search/bug/detail?id=3');
    expect(pageUrlOfDataRequest(new URL('http://x/pest/_root.data'), '/pest')?.href).toBe('http://x/pest/');
    expect(pageUrlOfDataRequest(new URL('http://x/pest/search/bug/detail?id=3'), '/pest')).toBeNull();
    expect(isReadingPath('/consultation')).toBe(true);
    expect(isReadingPath('/search/bug')).toBe(false);
  });

  it("finds a page's title, its framed files and its stylesheets", () => {
    const html =
      '<title>稻熱病 &amp; 葉稻熱 | 網</title><link nonce="n" rel="stylesheet" href="/pest/assets/a.css#"/>' +
      '<iframe src="/pest/files/ipm/3?x=1&amp;y=2"></iframe><iframe src="https://www.youtube-nocookie.com/x"></iframe>';
    const url = new URL('http://x/pest/IPM/detail?id=3');
    expect(pageTitle(html)).toBe('稻熱病 & 葉稻熱 | 網');
    expect(framedFiles(html, url, '/pest').map(String)).toEqual(['http://x/pest/files/ipm/3?x=1&y=2']);
    expect(linkedStylesheets(html, url).map(String)).toEqual(['http://x/pest/assets/a.css']);
  });

  it('puts the 離線 notice with its date in the slot, and lists saved pages newest first, escaped', () => {
    const page = withOfflineNotice(`<body>${offlineNoticeSlot}<main></main>`, '2026-12-06T05:30:00Z', '/offline');
    expect(page).toContain('role="status"');
    expect(page).toContain('離線');
    expect(page).toContain('2026年12月6日 13:30');
    const list = savedPagesHtml(
      [
        { url: 'http://x/a', title: '<舊>', savedAt: '2026-12-01T00:00:00Z' },
        { url: 'http://x/b', title: '新', savedAt: '2026-12-05T00:00:00Z' },
      ],
      '/news',
    );
    expect(list).toContain('這個頁面沒有儲存在手機上：/news');
    expect(list.indexOf('http://x/b')).toBeLessThan(list.indexOf('http://x/a'));
    expect(list).toContain('&lt;舊&gt;');
    expect(savedPagesHtml([], null)).toContain('還沒有儲存任何頁面');
  });
});
