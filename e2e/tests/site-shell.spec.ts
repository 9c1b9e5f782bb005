import type { Page } from '@playwright/test';
import { expect, oneViewport, expectAccessible, test, visit, phoneJourney } from '../fixtures';

const websiteTitle = '作物病蟲害資訊網';
const homeTitle = `${websiteTitle} | HOME`;

/** The header's internal links, by accessible name and path. */
const headerLinks: Array<[string, string]> = [
  ['首頁', '/'],
  ['病蟲害查詢', '/search'],
  ['IPM 專區', '/IPM'],
  ['病蟲害諮詢', '/consultation'],
  ['出版品', '/publication'],
  ['影音專區', '/video'],
  ['相關連結', '/link'],
  ['最新消息', '/news'],
  ['快速入門', '/quick'],
  ['ABOUT US', '/about'],
  ['DOWNLOAD', '/download'],
  ['CONTACT US', '/contact'],
  ['PRODUCTS', '/products'],
  ['INQUIRY', '/inquiry'],
  ['登入', '/login'],
  ['註冊', '/register'],
];

/** Follows a header link, unfolding the menu first on narrow screens. */
async function followHeaderLink(page: Page, name: string) {
  const toggle = page.getByRole('button', { name: '選單' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name, exact: true }).click();
}

test.describe('site shell', () => {
  test('home shows the site title, language, header links, banner slider and search box', async ({
    page,
  }, testInfo) => {
    await visit(page, '/');
    await expect(page).toHaveTitle(homeTitle);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
    await expect(page.getByRole('banner').getByRole('link', { name: websiteTitle })).toHaveAttribute('href', '/');

    const toggle = page.getByRole('button', { name: '選單' });
    if (testInfo.project.name === 'mobile') await toggle.click();
    const nav = page.getByRole('navigation', { name: '主選單' });
    for (const [name, path] of headerLinks) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
    }
    const feedback = nav.getByRole('link', { name: /意見回饋/ });
    await expect(feedback).toHaveAttribute('href', 'https://forms.gle/pest-feedback-e2e');
    await expect(feedback).toHaveAttribute('target', '_blank');
    await expect(feedback).toHaveAttribute('rel', /noopener/);

    const slider = page.getByRole('region', { name: '焦點橫幅' });
    await expect(slider).toBeVisible();
    await expect(slider.getByText('病蟲害知識查詢', { exact: true }).first()).toBeVisible();
    const firstImage = slider.locator('img').first();
    await expect(firstImage).toHaveAttribute('width', '1600');
    await expect(firstImage).toHaveAttribute('height', '600');
    await expect.poll(() => firstImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // The banner fits the screen: it never widens the page (at 360 px its minimum height once did).
    const viewportWidth = page.viewportSize()?.width ?? 0;
    expect((await slider.boundingBox())?.width).toBeLessThanOrEqual(viewportWidth);
    expect((await slider.locator('.banner-slide').first().boundingBox())?.width).toBeLessThanOrEqual(viewportWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewportWidth);

    const search = page.getByRole('search');
    await expect(search.getByRole('searchbox', { name: '關鍵字' })).toBeVisible();
    await expect(search.getByRole('button', { name: '搜尋' })).toBeVisible();
    await expectAccessible(page);
  });

  test(
    'footer with the data agencies is on home only, the privacy line on every other page; body class index only at the root',
    { tag: phoneJourney },
    async ({ page }) => {
      await visit(page, '/');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('heading', { name: '資料提供單位' })).toBeVisible();
      await expect(footer.getByRole('link', { name: /農業部動植物防疫檢疫署/ })).toHaveAttribute('target', '_blank');
      await expect(page.locator('body')).toHaveClass('index');

      await followHeaderLink(page, '病蟲害查詢');
      await expect(page).toHaveURL(/\/search/);
      await expectAccessible(page);
      // Other pages end with one line: the way to the privacy policy, not the spec's footer.
      const legal = page.getByRole('contentinfo');
      await expect(legal.getByRole('heading', { name: '資料提供單位' })).toHaveCount(0);
      await expect(page.locator('body')).not.toHaveClass(/\bindex\b/);
      await legal.getByRole('link', { name: '隱私權政策' }).click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByRole('heading', { level: 1, name: '隱私權政策' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 3, name: '影像診斷諮詢' })).toBeVisible();
      await expectAccessible(page);
    },
  );

  test(
    'tab title is website title | page title and follows client-side navigation',
    { tag: oneViewport },
    async ({ page }) => {
      await visit(page, '/');
      await expect(page).toHaveTitle(homeTitle);
      const documentRequests: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documentRequests.push(request.url());
      });

      await followHeaderLink(page, '病蟲害查詢');
      await expect(page).toHaveURL(/\/search/);
      await expect(page).toHaveTitle(new RegExp(`^${websiteTitle} \\| .+`));
      await expect(page).not.toHaveTitle(homeTitle);
      await expectAccessible(page);

      await page.getByRole('banner').getByRole('link', { name: websiteTitle }).click();
      await expect(page).toHaveURL('/');
      await expect(page).toHaveTitle(homeTitle);
      await expectAccessible(page);
      // Both moves happened in the browser, without loading a new document.
      expect(documentRequests).toEqual([]);
    },
  );

  test('an unknown path lands on home', { tag: oneViewport }, async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/no-such-page$/);
    await expect(page).toHaveURL('/');
    await expect(page).toHaveTitle(homeTitle);
    await expectAccessible(page);
  });

  test('the search box sends the term to /search', { tag: oneViewport }, async ({ page }) => {
    await visit(page, '/');
    const searchBox = page.getByRole('search').getByRole('searchbox', { name: '關鍵字' });
    await searchBox.fill('炭疽病');
    // Client-side the form loads the search route's data (/search.data?term=…) rather than a document.
    const searchRequest = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return /^\/search(\.data)?$/.test(url.pathname) && url.searchParams.get('term') === '炭疽病';
    });
    await searchBox.press('Enter');
    const sent = new URL((await searchRequest).url());
    expect(sent.search).toContain('term=%E7%82%AD%E7%96%BD%E7%97%85');
    // The search route forwards to the list (/search/bug): checked there, not on the way.
    await page.waitForURL((url) => url.pathname === '/search/bug' && url.searchParams.get('term') === '炭疽病');
    await expectAccessible(page);
  });
});

test.describe('without JavaScript', { tag: phoneJourney }, () => {
  test.use({ javaScriptEnabled: false });

  test('the server-rendered home can be read and its links and search box work', async ({ page }) => {
    await visit(page, '/');
    await expect(page).toHaveTitle(homeTitle);
    await expect(page.locator('html')).toHaveClass('no-js');
    const nav = page.getByRole('navigation', { name: '主選單' });
    // The menu stays open without the toggle script, at every width.
    await expect(nav.getByRole('link', { name: '病蟲害查詢' })).toBeVisible();
    await expect(page.getByRole('button', { name: '選單' })).toBeHidden();
    await expect(page.getByText('病蟲害知識查詢', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: '資料提供單位' })).toBeVisible();

    const searchRequest = page.waitForRequest((request) => request.isNavigationRequest());
    await page.getByRole('searchbox', { name: '關鍵字' }).fill('炭疽病');
    await page.getByRole('button', { name: '搜尋' }).click();
    const sent = new URL((await searchRequest).url());
    expect(sent.pathname + sent.search).toBe('/search?term=%E7%82%AD%E7%96%BD%E7%97%85');
    await page.waitForLoadState('load');
    await expectAccessible(page);
  });
});

test.describe('mobile menu', () => {
  test('opens and closes by keyboard at 360 px and is not there at 1280 px', async ({ page }, testInfo) => {
    await visit(page, '/');
    const toggle = page.getByRole('button', { name: /選單/ });
    const firstMenuLink = page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '首頁' });

    if (testInfo.project.name === 'desktop') {
      await expect(toggle).toBeHidden();
      await expect(firstMenuLink).toBeVisible();
      return;
    }

    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(firstMenuLink).toBeHidden();
    for (let presses = 0; presses < 10; presses += 1) {
      await page.keyboard.press('Tab');
      if (await toggle.evaluate((element) => element === document.activeElement)) break;
    }
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveAccessibleName('關閉選單');
    await expect(firstMenuLink).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(firstMenuLink).toBeFocused();
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(firstMenuLink).toBeHidden();
  });
});

test.describe('go to top', { tag: phoneJourney }, () => {
  test('appears after scrolling past 200 px and takes the reader back to the top', async ({ page }) => {
    await visit(page, '/');
    // Make the page tall enough to scroll whatever the viewport.
    await page.evaluate(() => {
      document.getElementById('main')?.style.setProperty('min-height', '3000px');
    });
    const button = page.getByRole('button', { name: '回到頁首' });
    await expect(button).toBeHidden();

    await page.evaluate(() => window.scrollTo(0, 150));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150);
    await expect(button).toBeHidden();

    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(button).toBeVisible();
    await expectAccessible(page);

    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });
});
