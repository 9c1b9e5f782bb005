import { basePath, basePathPort } from '../playwright.config';
import { expect, expectAccessible, oneViewport, test } from '../fixtures';

const origin = `http://127.0.0.1:${basePathPort}`;

test.describe(`served under the sub-path ${basePath}`, { tag: oneViewport }, () => {
  test('the root and the bare base path lead to the home page', async ({ page, request }) => {
    const root = await request.get(`${origin}/`, { maxRedirects: 0 });
    expect(root.status()).toBe(302);
    expect(root.headers()['location']).toBe(`${basePath}/`);

    await page.goto(`${origin}${basePath}`);
    await expect(page).toHaveURL(`${origin}${basePath}/`);
    await expectAccessible(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
    await expect(page.locator('body')).toHaveClass(/\bindex\b/);
    // Assets and stored files are addressed under the base path.
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', `${basePath}/files/public/favicon.png`);
  });

  test('links, client navigation and unknown paths stay under the base path', async ({ page }) => {
    await page.goto(`${origin}${basePath}/`);
    await expectAccessible(page);
    const toggle = page.getByRole('button', { name: '選單' });
    // The toggle works only after hydration, which proves the client bundle loaded from the sub-path.
    if (await toggle.isVisible()) {
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    }
    const newsLink = page
      .getByRole('navigation', { name: '主選單' })
      .getByRole('link', { name: '最新消息', exact: true });
    await expect(newsLink).toHaveAttribute('href', `${basePath}/news`);
    await newsLink.click();
    await expect(page).toHaveURL(`${origin}${basePath}/news`);
    await expectAccessible(page);

    await page.goto(`${origin}${basePath}/no-such-page`);
    await expect(page).toHaveURL(`${origin}${basePath}/`);
    await expectAccessible(page);
  });
});
