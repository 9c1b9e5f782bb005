import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../http/app-error';
import type { SitemapEntry, SitemapSource } from './sitemap-source';

export interface SitemapPluginOptions {
  /** Each feature's pages (wired in app.ts). */
  sources: SitemapSource[];
  basePath: string;
  /** The site's public address with the base path (env.publicUrl); never the request's Host. */
  publicUrl: string;
  /** The sitemap protocol's limit per file; above it /sitemap.xml becomes an index. */
  maxUrlsPerFile?: number;
}

/** Crawlers fetch these rarely; a short life keeps new pages findable within minutes. */
const cacheControl = 'public, max-age=300';
const xmlHeader = '<?xml version="1.0" encoding="UTF-8"?>\n';
const namespace = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function lastmod(date: Date | null | undefined): string {
  return date ? `<lastmod>${date.toISOString()}</lastmod>` : '';
}

function latest(entries: SitemapEntry[]): Date | null {
  let newest: Date | null = null;
  for (const entry of entries) {
    if (entry.lastModified && (!newest || entry.lastModified > newest)) newest = entry.lastModified;
  }
  return newest;
}

function urlSet(root: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) => `<url><loc>${escapeXml(root + entry.path)}</loc>${lastmod(entry.lastModified)}</url>`,
  );
  return `${xmlHeader}<urlset xmlns="${namespace}">\n${urls.join('\n')}\n</urlset>\n`;
}

function sitemapIndex(root: string, files: SitemapEntry[][]): string {
  const maps = files.map(
    (entries, index) =>
      `<sitemap><loc>${escapeXml(`${root}/sitemap-${index + 1}.xml`)}</loc>${lastmod(latest(entries))}</sitemap>`,
  );
  return `${xmlHeader}<sitemapindex xmlns="${namespace}">\n${maps.join('\n')}\n</sitemapindex>\n`;
}

/** robots.txt and sitemap.xml under BASE_PATH (decision 0076). */
export async function sitemapPlugin(app: FastifyInstance, options: SitemapPluginOptions) {
  const maxUrls = options.maxUrlsPerFile ?? 50_000;

  async function entryFiles(): Promise<SitemapEntry[][]> {
    const lists = await Promise.all(options.sources.map((source) => source(app.db)));
    const entries: SitemapEntry[] = [{ path: '/' }, ...lists.flat()];
    const files: SitemapEntry[][] = [];
    for (let start = 0; start < entries.length; start += maxUrls) files.push(entries.slice(start, start + maxUrls));
    return files;
  }

  const sendXml = (reply: FastifyReply, body: string) =>
    reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', cacheControl).send(body);

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const base = options.basePath;
    const lines = [
      'User-agent: *',
      `Allow: ${base}/`,
      `Disallow: ${base}/api/`,
      `Disallow: ${base}/admin`,
      `Disallow: ${base}/member`,
      '',
      `Sitemap: ${options.publicUrl}/sitemap.xml`,
      '',
    ];
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', cacheControl)
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const files = await entryFiles();
    const root = options.publicUrl;
    return sendXml(reply, files.length === 1 ? urlSet(root, files[0] ?? []) : sitemapIndex(root, files));
  });

  app.get<{ Params: { page: string } }>('/sitemap-:page.xml', { schema: { hide: true } }, async (request, reply) => {
    const files = await entryFiles();
    const page = /^[1-9][0-9]{0,5}$/.test(request.params.page) ? Number(request.params.page) : 0;
    const entries = files.length > 1 ? files[page - 1] : undefined;
    if (!entries) throw AppError.notFound('找不到此網站地圖');
    return sendXml(reply, urlSet(options.publicUrl, entries));
  });
}
