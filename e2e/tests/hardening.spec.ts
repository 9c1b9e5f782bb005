import http from 'node:http';
import { expect, expectAccessible, oneViewport, test, visit } from '../fixtures';
import { testPort } from '../playwright.config';

const publicUrl = `http://127.0.0.1:${testPort}`;

/** A GET with headers a browser would never send (a forged Host), over a plain socket. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: testPort, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

test.describe('pages under hostile input', { tag: oneViewport }, () => {
  test('a forged Host header never reaches og:url or og:image', async () => {
    for (const path of ['/search/bug/detail?id=1', '/search/bug/detail?id=1&x=1', '/news']) {
      const { status, body } = await rawGet(path, { host: 'evil.example' });
      expect(status).toBe(200);
      expect(body).not.toContain('evil.example');
      const ogUrl = /<meta property="og:url" content="([^"]+)"/.exec(body)?.[1];
      expect(ogUrl?.startsWith(`${publicUrl}/`)).toBe(true);
    }
    // The anonymous page cache does not keep a forged origin for the next visitor either.
    const next = await rawGet('/search/bug/detail?id=1', { host: `127.0.0.1:${testPort}` });
    expect(next.body).not.toContain('evil.example');
  });

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

  test('TRACE is refused with 405 and a POST to a page without a form is a 405', async ({ request }) => {
    expect((await request.fetch('/', { method: 'TRACE' })).status()).toBe(405);
    expect((await request.post('/', { headers: { origin: publicUrl } })).status()).toBe(405);
  });
});
