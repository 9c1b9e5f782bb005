import { expect, expectAccessible, oneViewport, test, visit } from '../fixtures';

test.describe('pages under hostile input', { tag: oneViewport }, () => {
  test('a NUL byte in the pesticide name is a Chinese 400 page, not a 500', async ({ page }) => {
    const response = await page.goto('/search/bug/detail2?name=%E7%82%AD%00%E7%96%BD%E7%97%85');
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1, name: '網址有誤' })).toBeVisible();
    await expect(page.getByText('網址中的病蟲名稱有誤')).toBeVisible();
    await expectAccessible(page);
  });

  test('a malformed record id is a Chinese 400 page, never another record', async ({ page }) => {
    for (const id of ['0x1', '1e0', '%201', '2147483648']) {
      const response = await page.goto(`/search/bug/detail?id=${id}`);
      expect(response?.status()).toBe(400);
      await expect(page.getByRole('heading', { level: 1, name: '網址有誤' })).toBeVisible();
      await expect(page).toHaveTitle(/網址有誤/);
      await expectAccessible(page);
    }
    const response = await page.goto('/news/detail?id=1e0');
    expect(response?.status()).toBe(400);
    await expectAccessible(page);
  });

  test('a page carries nosniff and Permissions-Policy, and loads without console errors', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const response = await page.goto('/');
    await expectAccessible(page);
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    expect(response?.headers()['permissions-policy']).toContain('camera=()');
    await visit(page, '/');
    expect(errors.filter((text) => /Permissions-Policy|feature/i.test(text))).toEqual([]);
  });
});
