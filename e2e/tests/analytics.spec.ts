import type { Page } from '@playwright/test';
import { fixturePort } from '../playwright.config';
import { expect, expectAccessible, oneViewport, test } from '../fixtures';

const analyticsOrigin = `http://127.0.0.1:${fixturePort}`;

type PageView = { path: string };

/** The page_view events the page has pushed to the Google tag's data layer. */
async function pageViews(page: Page): Promise<PageView[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'event' && args[1] === 'page_view')
      .map((args) => ({ path: String((args[2] as { page_path?: string }).page_path) })),
  );
}

test.describe('analytics with a Google tag in the system settings', { tag: oneViewport }, () => {
  test('loads the tag and sends one page view per navigation', async ({ page }) => {
    await page.goto(`${analyticsOrigin}/`);
    await expectAccessible(page);
    await expect(page.locator('script[src*="googletagmanager.com/gtag/js?id=G-E2ETEST01"]')).toHaveCount(1);
    await expect.poll(() => pageViews(page)).toEqual([{ path: '/' }]);

    // At 360 px the menu is folded behind the toggle.
    const toggle = page.getByRole('button', { name: '選單' });
    if (await toggle.isVisible()) await toggle.click();
    await page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '最新消息', exact: true }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expectAccessible(page);
    await expect.poll(() => pageViews(page)).toEqual([{ path: '/' }, { path: '/news' }]);
  });
});
