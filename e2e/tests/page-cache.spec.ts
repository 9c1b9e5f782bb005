import type { APIRequestContext } from '@playwright/test';
import { expect, oneViewport, test, visit } from '../fixtures';

/** A record page's address, of a record that exists (the demo content's first search result). */
async function recordPath(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/info/searchResult', { data: { term: '', ty: 'y,y,y,y', pageSize: 5 } });
  const { d } = (await response.json()) as { d: { items: Array<{ id: number }> } };
  return `/search/bug/detail?id=${d.items[0]?.id}`;
}

test.describe('pages served from the page cache', { tag: oneViewport }, () => {
  test('hydrate under the hash-based policy, compressed, with and without a cookie', async ({
    page,
    context,
    baseURL,
  }) => {
    const path = await recordPath(page.request);
    // Stored by this request (or an earlier test's): the visits below are cache hits.
    expect((await page.request.get(path)).status()).toBe(200);
    const policyErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) policyErrors.push(message.text());
    });

    for (const withCookie of [false, true]) {
      if (withCookie) await context.addCookies([{ name: 'session', value: 'member-1', url: baseURL as string }]);
      // The headers as the server sends them (the browser's copy of a page it has seen is its
      // revalidated cache entry, reported without them); the request carries the context's cookies.
      const response = await page.request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
      const headers = response.headers();
      expect(response.status()).toBe(200);
      expect(headers['content-security-policy']).toContain("'sha256-");
      expect(headers['content-security-policy']).not.toContain("'nonce-");
      expect(headers['content-encoding']).toMatch(/^(br|gzip)$/);
      expect(headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      // visit() waits until React has hydrated the page: its inline scripts ran under the policy.
      await visit(page, path);
      await expect(page.locator('h1')).toBeVisible();
    }
    expect(policyErrors).toEqual([]);
  });
});
