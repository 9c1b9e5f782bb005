import type { Page } from '@playwright/test';
import { expect, oneViewport, test, visit } from '../fixtures';

/**
 * The phone journeys (tag `phoneJourney`) run at 360 px only (decision 0331). Their pages are opened
 * here at 1280 px: each passes axe (visit), fits the screen and shows the header's links in the bar.
 */
const publicPages = [
  '/',
  '/search/bug?term=%E7%82%AD%E7%96%BD%E7%97%85',
  '/search/bug/detail2?name=%E7%82%AD%E7%96%BD%E7%97%85',
  '/search/bug/crop?plant=%E6%AA%AC%E6%9E%9C',
  '/consultation',
  '/consultation/advisory',
  '/consultation/form',
  '/products',
  '/courses/content',
  '/about',
  '/contact',
  '/feedback',
  '/login',
  '/register',
  '/forgot-password',
  '/open-data',
  '/news',
  '/privacy',
  '/offline',
];

/** Pages opened from the first link of a list: a record, an archived case, a product. */
const detailPages = [
  { list: '/search/bug?term=%E7%82%AD%E7%96%BD%E7%97%85', link: 'a[href*="/search/bug/detail?id="]' },
  { list: '/consultation/advisory', link: 'a[href*="/consultation/advisory/detail?id="]' },
  { list: '/products', link: 'a[href*="/products/content/"]' },
];

async function expectFitsTheScreen(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(0);
}

// One test a page (decision 0356): each has the whole time limit, and the two workers share them.
test.describe('the phone journeys’ pages at 1280 px', { tag: oneViewport }, () => {
  for (const path of publicPages) {
    test(`${decodeURIComponent(path)} passes the accessibility check, fits the screen and keeps the header links in the bar`, async ({
      page,
    }) => {
      await visit(page, path);
      await expectFitsTheScreen(page);
      // At 1280 px the header's links sit in the bar; the phone menu's toggle is not shown.
      await expect(page.getByRole('button', { name: '選單' })).toBeHidden();
      await expect(
        page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '病蟲害查詢', exact: true }),
      ).toBeVisible();
    });
  }
  for (const { list, link } of detailPages) {
    test(`the first detail page linked from ${decodeURIComponent(list)} fits the screen`, async ({ page }) => {
      await visit(page, list);
      const href = await page.locator(link).first().getAttribute('href');
      expect(href, `${list} links to a detail page`).toBeTruthy();
      await visit(page, href!);
      await expectFitsTheScreen(page);
    });
  }
});
