import { sql } from 'drizzle-orm';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

function parseXml(text: string) {
  const document = new new Window().DOMParser().parseFromString(text, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  // A bare & is not XML; DOMParser here accepts it, so check the text too.
  expect(text).not.toMatch(/&(?!#\d+;|amp;|lt;|gt;|quot;|apos;)/);
  return document;
}

async function countOf(test: TestApp, query: string): Promise<number> {
  const result = (await test.app.db.execute(sql.raw(`select count(*)::int as n from ${query}`))) as unknown as {
    rows: Array<{ n: number }>;
  };
  return result.rows[0]?.n ?? 0;
}

describe('robots.txt and sitemap.xml of the whole app', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ PUBLIC_URL: 'https://pest.example.org' });
  });
  afterAll(() => test.close());

  it('lists every record, IPM sheet, publication, video, quick-start notice and news item, absolute', async () => {
    const response = await test.app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const locs = [...parseXml(response.body).getElementsByTagName('loc')].map((loc) => loc.textContent);
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/pest\.example\.org\//);

    const [record] = (
      (await test.app.db.execute(sql`select min(id)::int as id from records`)) as unknown as {
        rows: Array<{ id: number }>;
      }
    ).rows;
    const [sheet] = (
      (await test.app.db.execute(sql`select min(id)::int as id from ipm_sheets`)) as unknown as {
        rows: Array<{ id: number }>;
      }
    ).rows;
    expect(locs).toContain(`https://pest.example.org/search/bug/detail?id=${record?.id}`);
    expect(locs).toContain(`https://pest.example.org/IPM/detail?id=${sheet?.id}`);
    for (const list of [
      '/',
      '/search/bug',
      '/IPM',
      '/publication',
      '/video',
      '/quick',
      '/news',
      '/link',
      '/consultation',
      '/consultation/advisory',
      '/open-data',
    ]) {
      expect(locs).toContain(`https://pest.example.org${list}`);
    }

    const details =
      (await countOf(test, 'records')) +
      (await countOf(test, 'ipm_sheets where status = 1')) +
      (await countOf(test, 'publications where status = 1')) +
      (await countOf(test, 'videos where status = 1')) +
      (await countOf(test, 'quick_items where status = 1')) +
      (await countOf(test, 'news where status <> 0')) +
      (await countOf(test, "consultation_cases where published_at is not null and status <> 'receiving'"));
    expect(details).toBeGreaterThan(200);
    expect(locs.filter((loc) => loc?.includes('/detail?id='))).toHaveLength(details);
    // The diagnosis wizard: its crop choice and the first step of each online crop; the archive's list.
    const wizardPages = 1 + (await countOf(test, 'consultation_crops where online'));
    // The lists above, the wizard's pages and the archive's list.
    expect(locs).toHaveLength(details + 9 + wizardPages + 1);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('gives each dated page its date', async () => {
    const body = (await test.app.inject('/sitemap.xml')).body;
    expect(body).toMatch(/<loc>https:\/\/pest\.example\.org\/news\/detail\?id=\d+<\/loc><lastmod>20\d\d-/);
    expect(body).toMatch(/<loc>https:\/\/pest\.example\.org\/publication\/detail\?id=\d+<\/loc><lastmod>20\d\d-/);
  });

  it('leaves out what the pages do not show: a hidden news item', async () => {
    const result = (await test.app.db.execute(
      sql`update news set status = 0 where id = (select min(id) from news) returning id`,
    )) as unknown as { rows: Array<{ id: number }> };
    const hidden = result.rows[0]?.id;
    const body = (await test.app.inject('/sitemap.xml')).body;
    expect(body).not.toContain(`/news/detail?id=${hidden}<`);
    expect(body).toContain(`/news/detail?id=${(hidden ?? 0) + 1}<`);
  });

  it('answers robots.txt instead of the page handler, pointing to the sitemap', async () => {
    const response = await test.app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Disallow: /api/\n');
    expect(response.body).toContain('Sitemap: https://pest.example.org/sitemap.xml\n');
  });
});

describe('robots.txt and sitemap.xml under BASE_PATH', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ BASE_PATH: '/pest', SEED_DEMO_CONTENT: 'false' });
  });
  afterAll(() => test.close());

  it('serves both under the base path, with addresses from the configured origin (never the Host header) when PUBLIC_URL is unset', async () => {
    const robots = await test.app.inject({ url: '/pest/robots.txt', headers: { host: 'evil.example.com' } });
    expect(robots.body).toContain('Allow: /pest/\nDisallow: /pest/api/\n');
    expect(robots.body).toContain('Sitemap: http://localhost:3000/pest/sitemap.xml');
    const sitemap = await test.app.inject({ url: '/pest/sitemap.xml', headers: { host: 'evil.example.com' } });
    const locs = [...parseXml(sitemap.body).getElementsByTagName('loc')].map((loc) => loc.textContent);
    expect(locs).toContain('http://localhost:3000/pest/');
    expect(locs).toContain('http://localhost:3000/pest/IPM');
    expect(locs.every((loc) => loc?.startsWith('http://localhost:3000/pest/'))).toBe(true);
  });
});
