import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectAccessible, phoneJourney, test, visit } from '../fixtures';

/** The paths (with their query) the service worker holds in its saved-pages cache (decision 0386). */
const savedPaths = (page: Page) =>
  page.evaluate(async () => {
    const keys = await (await caches.open('saved-pages-v1')).keys();
    return keys.map((request) => {
      const url = new URL(request.url);
      return `${url.pathname}${url.search}`;
    });
  });

/** What the service worker keeps of a saved crop (decision 0390): its pages, by path and query. */
const savedCropPages = (page: Page, name: string) =>
  page.evaluate(async (crop) => {
    const cache = await caches.open('saved-crops-v1');
    for (const key of await cache.keys()) {
      const saved = (await (await cache.match(key))!.json()) as { crop: { name: string }; pages: string[] };
      if (saved.crop.name === crop) return saved.pages.map((url) => `${new URL(url).pathname}${new URL(url).search}`);
    }
    return [];
  }, name);

/** Whether the first picture `selector` finds has loaded (lazy ones are scrolled to first). */
async function pictureLoaded(page: Page, selector: string) {
  const picture = page.locator(selector).first();
  await picture.scrollIntoViewIfNeeded();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
}

/** The saved crops' pictures the service worker holds (decision 0424). */
const savedPictures = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('saved-crop-pictures-v1')).keys()).length);

/**
 * The network really gone: `setOffline` cuts the pages' requests, and the route aborts every request
 * of the context, the service worker's own included, which `setOffline` alone leaves through.
 */
async function cutNetwork(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

test.describe('reading offline', { tag: phoneJourney }, () => {
  test('visited pages and a saved crop open without a network with the 離線 notice; an unvisited one lists what is saved', async ({
    page,
    context,
  }) => {
    // Saving a crop renders some fifty pages on a test server that may share the machine.
    test.setTimeout(120_000);
    await visit(page, '/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The manifest, its icons and the worker make the site installable (Lighthouse 12 has no PWA audit).
    const devtools = await context.newCDPSession(page);
    const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    // A wizard step loaded whole, then a record reached by a client navigation: the worker saves
    // the record's page beside the data the navigation fetched.
    await visit(page, '/consultation?id=3');
    const step = await page.getByRole('heading', { level: 2 }).first().textContent();
    // Online, a picture no saved crop holds comes from the network (decision 0424).
    await pictureLoaded(page, 'img.wizard-card__picture');
    await page.goto('/');
    const record = page.locator('a[href*="/search/bug/detail?id="]').first();
    const recordPath = (await record.getAttribute('href'))!;
    await record.click();
    await expect(page).toHaveURL(recordPath);
    const heading = page.locator('h1.record-detail__title');
    const recordTitle = (await heading.textContent())!.trim();
    await expectAccessible(page);
    await expect.poll(() => savedPaths(page)).toEqual(expect.arrayContaining(['/consultation?id=3', recordPath]));

    await cutNetwork(context);
    const notice = page.getByRole('status').filter({ hasText: '離線' });
    await page.goto(recordPath);
    await expect(heading).toHaveText(recordTitle);
    await expect(notice).toContainText(/這是 \d{4}年\d{1,2}月\d{1,2}日.*儲存在手機上的版本/);
    await expectAccessible(page);

    await page.goto('/consultation?id=3');
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(step!);
    await expect(notice).toBeVisible();
    await expectAccessible(page);

    // A page never opened: the offline page, naming it and listing what is saved.
    await page.goto('/news');
    await expect(page.getByRole('heading', { level: 1, name: '離線閱讀' })).toBeVisible();
    await expect(page.getByText('這個頁面沒有儲存在手機上：/news')).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(recordTitle) })).toHaveAttribute(
      'href',
      new RegExp(recordPath.replace(/[?]/g, '\\?')),
    );
    await expectAccessible(page);

    // 存到手機 (decision 0390): the size first, then the data date; the crop's pages, never
    // visited, then open offline, and the wizard walks to its final card and the record.
    await context.unroute('**/*');
    await context.setOffline(false);
    // The pack as the server lists it, less most of the crop's 45 records (170-odd pages in all):
    // the server test checks the whole list; rendering every page here would cost seconds.
    await page.route('**/api/v1/crops/offline-pack?**', async (route) => {
      const response = await route.fetch();
      const { data } = (await response.json()) as { data: { pages: string[] } };
      let records = 0;
      data.pages = data.pages.filter(
        (path) =>
          !/^\/search\/bug\/detail\?id=\d+(&tab=\w+)?$/.test(path) || (path.endsWith('tab=control') && records++ < 1),
      );
      await route.fulfill({ response, json: { data } });
    });
    await visit(page, `/search/bug/crop?plant=${encodeURIComponent('高麗菜')}`);
    const saveCrop = page.getByRole('region', { name: '把甘藍存到手機' });
    const saveStatus = saveCrop.getByRole('status');
    await saveCrop.getByRole('button', { name: '存到手機' }).click();
    await expect(saveStatus).toHaveText(/^下載約 [\d.]+ (MB|KB)（\d+ 頁、\d+ 張照片、\d+ 份 PDF）。$/);
    await expectAccessible(page);
    await saveCrop.getByRole('button', { name: '開始下載' }).click();
    await expect(saveStatus).toHaveText(/^已存到手機：資料日期 \d{4}年\d{1,2}月\d{1,2}日。$/, { timeout: 60_000 });
    await saveCrop.getByRole('button', { name: '檢查更新' }).click();
    await expect(saveStatus).toHaveText(/^已是最新資料/);
    const cropPages = await savedCropPages(page, '甘藍');
    const pick = (pattern: RegExp) => cropPages.find((path) => pattern.test(path))!;

    await cutNetwork(context);
    await page.goto(pick(/^\/IPM\/detail\?id=\d+$/));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(notice).toBeVisible();
    await expectAccessible(page);
    await page.goto(pick(/^\/search\/bug\/detail2\?/));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('推薦用藥');
    await expect(notice).toBeVisible();
    await expectAccessible(page);
    await page.goto(pick(/^\/search\/bug\/detail\?id=\d+&tab=control$/));
    await expect(heading).toBeVisible();
    await expect(notice).toBeVisible();
    await expectAccessible(page);

    await page.goto(pick(/^\/consultation\?id=\d+$/));
    await expect(notice).toBeVisible();
    await pictureLoaded(page, 'img.wizard-card__picture');
    await expectAccessible(page);
    const next = page.getByRole('button', { name: '下一步' });
    for (let level = 2; await next.isVisible(); level += 1) {
      await page.locator('.wizard-card__radio').first().check();
      await next.click();
      await expect(page.locator('#wizard-level-heading')).toContainText(`第 ${level} 步`);
      await expect(notice).toBeVisible();
      await expectAccessible(page);
    }
    const finalCard = page.locator('a.wizard-card--link', { hasText: '病蟲害資料' }).first();
    await finalCard.click();
    await expect(page).toHaveURL(/\/search\/bug\/detail\?id=\d+&wizard=/);
    await expect(heading).toBeVisible();
    await expect(notice).toBeVisible();
    await expectAccessible(page);
    // Its album, saved with its pictures.
    await page.getByRole('tab', { name: '相簿' }).click();
    await expect(page).toHaveURL(/\/search\/bug\/detail\?id=\d+&tab=album&wizard=/);
    await expect(notice).toBeVisible();
    await pictureLoaded(page, 'img.picture-grid__image');
    await expectAccessible(page);

    // Removed on /offline (its list needs the page's scripts, which the cut network here keeps
    // from loading): the crop's pages go with it. Then signing out (the header's form posts to
    // /logout) clears what the worker saved.
    await context.unroute('**/*');
    await context.setOffline(false);
    await visit(page, '/offline');
    await page.getByRole('button', { name: '從手機移除甘藍' }).click();
    await expect(page.getByText('已從手機移除「甘藍」。')).toBeVisible();
    await expectAccessible(page);
    expect(await savedPaths(page)).not.toContain(pick(/^\/consultation\?id=\d+$/));
    expect(await savedPictures(page)).toBe(0);
    await page.evaluate(() => fetch('/logout', { method: 'POST' }));
    await expect.poll(() => savedPaths(page)).toEqual([]);
  });
});
