import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../http/error-handler';
import { sitemapPlugin, type SitemapPluginOptions } from './sitemap-plugin';

async function appWith(options: Partial<SitemapPluginOptions>) {
  const app = Fastify({ logger: false });
  app.decorate('db', {} as never);
  await app.register(errorHandlerPlugin);
  await app.register(
    async (scoped) => {
      await scoped.register(sitemapPlugin, {
        sources: [
          async () => [
            { path: '/search/bug/detail?id=1', lastModified: new Date('2025-05-01T00:00:00Z') },
            { path: '/search/bug/detail?id=2' },
          ],
          async () => [{ path: '/news/detail?id=7&x=<y>', lastModified: new Date('2025-06-01T08:00:00Z') }],
        ],
        basePath: '/pest',
        publicUrl: 'https://pest.example.org/pest',
        ...options,
      });
    },
    { prefix: '/pest' },
  );
  return app;
}

describe('sitemap plugin', () => {
  it('lists the home page and every source’s pages, escaped, with lastmod where known', async () => {
    const app = await appWith({});
    const response = await app.inject('/pest/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.body).toContain('<loc>https://pest.example.org/pest/</loc>');
    expect(response.body).toContain(
      '<url><loc>https://pest.example.org/pest/search/bug/detail?id=1</loc><lastmod>2025-05-01T00:00:00.000Z</lastmod></url>',
    );
    expect(response.body).toContain('<url><loc>https://pest.example.org/pest/search/bug/detail?id=2</loc></url>');
    expect(response.body).toContain('news/detail?id=7&#38;x=&#60;y&#62;</loc>');
    expect(response.body.match(/<url>/g)).toHaveLength(4);
    await app.close();
  });

  it('becomes an index of numbered files above the per-file limit', async () => {
    const app = await appWith({ maxUrlsPerFile: 3 });
    const index = await app.inject('/pest/sitemap.xml');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.body).toContain(
      '<sitemap><loc>https://pest.example.org/pest/sitemap-1.xml</loc><lastmod>2025-05-01T00:00:00.000Z</lastmod></sitemap>',
    );
    expect(index.body).toContain(
      '<sitemap><loc>https://pest.example.org/pest/sitemap-2.xml</loc><lastmod>2025-06-01T08:00:00.000Z</lastmod></sitemap>',
    );
    expect((await app.inject('/pest/sitemap-1.xml')).body.match(/<url>/g)).toHaveLength(3);
    const second = await app.inject('/pest/sitemap-2.xml');
    expect(second.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(second.body.match(/<url>/g)).toHaveLength(1);
    expect((await app.inject('/pest/sitemap-3.xml')).statusCode).toBe(404);
    expect((await app.inject('/pest/sitemap-0x1.xml')).statusCode).toBe(404);
    await app.close();
  });

  it('has no numbered files while one file holds everything', async () => {
    const app = await appWith({});
    expect((await app.inject('/pest/sitemap-1.xml')).statusCode).toBe(404);
    await app.close();
  });

  it('allows the pages, keeps crawlers out of the API and personal areas, and points to the sitemap', async () => {
    const app = await appWith({});
    const response = await app.inject('/pest/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.body.split('\n')).toEqual([
      'User-agent: *',
      'Allow: /pest/',
      'Disallow: /pest/api/',
      'Disallow: /pest/admin',
      'Disallow: /pest/member',
      '',
      'Sitemap: https://pest.example.org/pest/sitemap.xml',
      '',
    ]);
    await app.close();
  });

  it('never takes the address from the request’s Host header', async () => {
    const app = await appWith({});
    const robots = await app.inject({ url: '/pest/robots.txt', headers: { host: 'evil.example.com' } });
    expect(robots.body).toContain('Sitemap: https://pest.example.org/pest/sitemap.xml');
    expect(robots.body).not.toContain('evil.example.com');
    const sitemap = await app.inject({ url: '/pest/sitemap.xml', headers: { host: 'evil.example.com' } });
    expect(sitemap.body).toContain('<loc>https://pest.example.org/pest/search/bug/detail?id=1</loc>');
    expect(sitemap.body).not.toContain('evil.example.com');
    await app.close();
  });
});
