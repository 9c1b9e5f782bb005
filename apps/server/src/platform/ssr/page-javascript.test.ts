import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webBuildForTests, type WebBuild } from '../../test/web-build';

/**
 * Decision 0086: zod (24 KiB gzip) stays off the pages a farmer reads. The root route and the
 * reading pages' routes, with every chunk they import statically, must not carry it; only the
 * form routes load it. (The storefront's orders section on /member, imported by the header's
 * module, once brought it back to every page.)
 */
const readingRoutes = ['root', 'home-route', 'record-detail-route', 'record-search-route', 'ipm-detail-route'];

describe('the JavaScript of the reading pages', () => {
  let web: WebBuild;
  let assets: string;
  let files: string[];
  beforeAll(async () => {
    web = await webBuildForTests();
    assets = path.join(web.dir, 'client', 'assets');
    files = await readdir(assets);
  }, 180_000);
  afterAll(async () => {
    await web?.remove();
  });

  /** A chunk and every chunk it imports without waiting (import statements, not import()). */
  async function staticClosure(entry: string): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const pending = [entry];
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (found.has(file)) continue;
      const code = await readFile(path.join(assets, file), 'utf8');
      found.set(file, code);
      for (const [, imported] of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) pending.push(imported!);
    }
    return found;
  }

  it.each(readingRoutes)('%s loads no zod', async (route) => {
    const entry = files.find((file) => file.startsWith(`${route}-`) && file.endsWith('.js'));
    expect(entry, `no chunk for ${route}`).toBeDefined();
    const closure = await staticClosure(entry!);
    const withZod = [...closure].filter(([, code]) => code.includes('ZodError')).map(([file]) => file);
    expect(withZod).toEqual([]);
  });

  it('finds zod where a form needs it (the check can fail)', async () => {
    const entry = files.find((file) => file.startsWith('login-route-') && file.endsWith('.js'));
    expect(entry).toBeDefined();
    const closure = await staticClosure(entry!);
    expect([...closure.values()].some((code) => code.includes('ZodError'))).toBe(true);
  });

  /**
   * Issue 9's budget: at most 120 KiB of JavaScript per page as the server sends it (Brotli at
   * the highest quality, precompressed at build time; decisions 0056, 0275). A page loads the
   * root's chunks and its route's, each file compressed alone.
   */
  it.each(readingRoutes.filter((route) => route !== 'root'))(
    '%s sends at most 120 KiB of JavaScript',
    async (route) => {
      const root = files.find((file) => file.startsWith('root-') && file.endsWith('.js'))!;
      const entry = files.find((file) => file.startsWith(`${route}-`) && file.endsWith('.js'))!;
      const page = new Map([...(await staticClosure(root)), ...(await staticClosure(entry))]);
      const brotliBytes = [...page.values()].reduce(
        (sum, code) => sum + brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
        0,
      );
      expect(brotliBytes / 1024).toBeLessThanOrEqual(120);
      // The framework and the shell come as one file, not some twenty (shell-chunk.ts).
      expect(page.size).toBeLessThan(20);
    },
  );
});
