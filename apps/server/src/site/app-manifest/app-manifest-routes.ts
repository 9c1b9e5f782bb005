import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { publicCacheControl } from '../../platform/http/cache-control';
import type { SiteServices } from '../site-services';
import { appIconVariants, type AppIconVariant } from './make-app-icon';

const notFound = '找不到此圖示';

/**
 * The installed app's manifest and icons (decision 0385). The manifest is public and revalidated
 * on each use by its ETag, so a settings change reaches browsers at their next check; an icon's
 * address carries its logo's version, so it is kept for good.
 */
export async function appManifestRoutes(app: FastifyInstance, services: SiteServices) {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    const manifest = await services.getAppManifest();
    reply.header('cache-control', publicCacheControl).header('etag', manifest.etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch?.split(/\s*,\s*/).some((tag) => tag.replace(/^W\//, '') === manifest.etag)) {
      return reply.status(304).send();
    }
    return reply.type('application/manifest+json; charset=utf-8').send(manifest.body);
  });
  app.get<{ Params: { version: string; variant: string } }>(
    '/app-icons/:version/:variant',
    { schema: { hide: true } },
    async (request, reply) => {
      const { version, variant } = request.params;
      if (!(appIconVariants as readonly string[]).includes(variant)) throw AppError.notFound(notFound);
      const icon = await services.getAppIcon(version, variant as AppIconVariant);
      if (!icon) throw AppError.notFound(notFound);
      return reply.header('cache-control', 'public, max-age=31536000, immutable').type('image/png').send(icon);
    },
  );
}
