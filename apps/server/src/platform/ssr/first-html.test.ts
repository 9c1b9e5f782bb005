import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemSettings } from '../../site/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { webBuildForTests, type WebBuild } from '../../test/web-build';

// What a visitor's first request gets over HTTP, page by page: the complete HTML, its previews,
// its policy and its files. These ran in the browser tests at two screen sizes with no browser
// involved (decision 0091); here they run once, on the web build, with the demo content.

const publicUrl = 'http://127.0.0.1:3999';
const websiteTitle = '作物病蟲害資訊網';

describe('pages over HTTP (web build, demo content)', () => {
  let test: TestApp;
  let web: WebBuild;

  const get = (url: string, headers: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });
  const metaContent = (html: string, property: string) =>
    new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;

  beforeAll(async () => {
    web = await webBuildForTests();
    test = await buildTestApp({ WEB_BUILD_DIR: web.dir, PUBLIC_URL: publicUrl }, { web: true });
  }, 300_000);
  afterAll(async () => {
    await test?.close();
    await web?.remove();
  });

  it('home: the first HTML response is the complete page, without a Google tag', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<html lang="zh-Hant-TW"');
    expect(html).toContain(`<title>${websiteTitle} | HOME</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]*病蟲害[^"]*"/);
    expect(html).toContain(`<meta property="og:title" content="${websiteTitle}"`);
    expect(html).toContain('<meta property="og:locale" content="zh_TW"');
    expect(html).toMatch(/<header class="site-header"/);
    expect(html).toContain('病蟲害知識查詢');
    expect(html).toContain('資料提供單位');
    expect(html).toContain('<body class="index"');
    const csp = String(response.headers['content-security-policy']);
    // Home is kept by the page cache (decision 0452): its inline scripts are allowed by their hashes.
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    // No Google tag in the settings: no script, and the policy allows none of its hosts.
    expect(html).not.toContain('googletagmanager');
    expect(csp).not.toContain('googletagmanager');
  });

  it('a record page is complete in its first HTML, with an Open Graph preview whose picture is served', async () => {
    const search = await get('/search/bug?term=%E7%82%AD%E7%96%BD%E7%97%85');
    expect(search.statusCode).toBe(200);
    const id = /href="\/search\/bug\/detail\?id=(\d+)&amp;list=[^"]*"/.exec(search.body)?.[1];
    expect(id).toBeTruthy();

    const response = await get(`/search/bug/detail?id=${id}&tab=symptoms`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<title>${websiteTitle} | 炭疽病－病徵</title>`);
    expect(html).toMatch(/<meta property="og:title" content="炭疽病－病徵"/);
    expect(html).toMatch(/<meta property="og:description" content="炭疽病[^"]+"/);
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/127\.0\.0\.1:3999\/files\/records\/\d+\/album-\d+\.[a-z]+\?t=\d+"/,
    );
    expect(html).toMatch(/<a[^>]*role="tab"[^>]*aria-selected="true"[^>]*>病徵<\/a>/);
    expect(html).toContain('role="tabpanel"');
    const image = await get(new URL(metaContent(html, 'og:image')!).pathname);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
  });

  it('a search that finds nothing offers the nearest names in its first HTML, one that finds some does not', async () => {
    const misspelt = await get(`/search/bug?term=${encodeURIComponent('斜紋夜娥')}`);
    expect(misspelt.statusCode).toBe(200);
    expect(misspelt.body).toContain('查無「斜紋夜娥」的相關資料，可能是關鍵字有誤，以下是相近的建議：');
    const offered = /<ul[^>]*aria-label="相近的建議"[^>]*>([\s\S]*?)<\/ul>/.exec(misspelt.body)?.[1] ?? '';
    expect(offered).toContain('斜紋夜蛾');
    // A later page of a term that finds nothing is sent to the first, which offers the names.
    const laterPage = await get(`/search/bug?term=${encodeURIComponent('斜紋夜娥')}&page=2`);
    expect(laterPage.statusCode).toBe(302);
    expect(laterPage.headers.location).toBe(`/search/bug?term=${encodeURIComponent('斜紋夜娥')}`);
    const nothingNear = await get('/search/bug?term=qqqqq');
    expect(nothingNear.body).toContain('查無「qqqqq」的相關資料，可能是關鍵字有誤，請改用其他關鍵字再試一次。');
    expect(nothingNear.body).not.toContain('相近的建議');
    const found = await get(`/search/bug?term=${encodeURIComponent('斜紋夜蛾')}`);
    expect(found.body).not.toContain('相近的建議');
  });

  it('a record, an IPM sheet and a news item each share their own picture', async () => {
    const images: string[] = [];
    for (const path of ['/search/bug/detail?id=1', '/IPM/detail?id=1', '/IPM/detail?id=6', '/news/detail?id=1']) {
      const image = metaContent((await get(path)).body, 'og:image');
      expect(image, path).toMatch(/^http:\/\/127\.0\.0\.1:3999\/files\//);
      const picture = new URL(image!).pathname + new URL(image!).search;
      const response = await get(picture);
      expect(response.statusCode, picture).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\//);
      images.push(new URL(image!).pathname);
    }
    expect(new Set(images).size).toBe(images.length);
  });

  it('a forged Host header never reaches og:url or og:image, nor the next visitor through the page cache', async () => {
    for (const path of ['/search/bug/detail?id=1', '/search/bug/detail?id=1&x=1', '/news']) {
      const response = await get(path, { host: 'evil.example' });
      expect(response.statusCode, path).toBe(200);
      expect(response.body).not.toContain('evil.example');
      expect(metaContent(response.body, 'og:url')?.startsWith(`${publicUrl}/`)).toBe(true);
    }
    const next = await get('/search/bug/detail?id=1', { host: '127.0.0.1:3999' });
    expect(next.body).not.toContain('evil.example');
  });

  it('TRACE is refused with 405, and so is a POST to a page without a form', async () => {
    expect((await test.app.inject({ method: 'TRACE', url: '/' })).statusCode).toBe(405);
    // A same-origin post, as the site's own pages make (another origin is refused with 403 before).
    const post = await test.app.inject({
      method: 'POST',
      url: '/',
      headers: { host: new URL(publicUrl).host, origin: publicUrl },
    });
    expect(post.statusCode).toBe(405);
  });

  it('the file page saves a download under its Chinese name for anyone, with Range', async () => {
    const types = (await get('/api/v1/catalog-types')).json() as { data: Array<{ id: number }> };
    const files = (await get(`/api/v1/catalog-details-by-type/${types.data[2]!.id}`)).json() as {
      data: Array<{ id: number; file: string }>;
    };
    const file = files.data[0]!;
    const page = await get(`/file?catalog=${file.id}&download`);
    expect(page.statusCode).toBe(302);
    const location = String(page.headers.location);
    expect(location).toBe(`/files/catalog/${file.id}?download`);
    const saved: LightMyRequestResponse = await get(location);
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['content-disposition']).toMatch(/^attachment/);
    expect(saved.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(file.file)}`);
    const range = await get(`/files/catalog/${file.id}`, { range: 'bytes=0-4' });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('%PDF-');
  });

  // Last: it changes the settings, and with them every page.
  it('with a Google tag in the system settings, the policy allows its hosts and the page loads it', async () => {
    await test.app.db.update(systemSettings).set({ gTag: 'G-E2ETEST01' }).where(eq(systemSettings.id, 1));
    await test.app.services.site.invalidateSystemSettings();
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-security-policy'])).toContain('https://www.googletagmanager.com');
    expect(response.body).toContain('googletagmanager.com/gtag/js?id=G-E2ETEST01');
  });
});
