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

/**
 * The network really gone: `setOffline` cuts the pages' requests, and the route aborts every request
 * of the context, the service worker's own included, which `setOffline` alone leaves through.
 */
async function cutNetwork(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

test.describe('reading offline', { tag: phoneJourney }, () => {
  test('visited pages open without a network with the 離線 notice; an unvisited one lists what is saved', async ({
    page,
    context,
  }) => {
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

    // Signing out (the header's form posts to /logout) clears what the worker saved.
    await context.unroute('**/*');
    await context.setOffline(false);
    await page.evaluate(() => fetch('/logout', { method: 'POST' }));
    await expect.poll(() => savedPaths(page)).toEqual([]);
  });
});
