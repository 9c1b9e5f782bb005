import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Env } from './config/env';
import { cacheControlPlugin } from './platform/http/cache-control';
import { compressibleTypes } from './platform/http/compressible-types';
import { databasePlugin } from './platform/database/database-plugin';
import { applySeeds } from './platform/database/seed';
import { crossOriginProtectionPlugin } from './platform/http/cross-origin-protection';
import { errorHandlerPlugin } from './platform/http/error-handler';
import { httpsRedirectPlugin } from './platform/http/https-redirect';
import { infoServicePlugin } from './platform/http/info-call';
import { PageCache } from './platform/ssr/page-cache';
import { ssrPlugin } from './platform/ssr/ssr-plugin';
import type { FileStorage } from './platform/storage/file-storage';
import { storagePlugin } from './platform/storage/storage-plugin';
import { newsRoutes } from './reading-room/news-routes';
import { registerReadingRoomCalls } from './reading-room/reading-room-calls';
import { readingRoomFileRoutes } from './reading-room/reading-room-file-routes';
import { readingRoomDemoClipsSeed, readingRoomSeed } from './reading-room/seed/reading-room-seed';
import { recordCacheablePages } from './records/record-cacheable-pages';
import { registerRecordsCalls } from './records/records-calls';
import { recordsFileRoutes } from './records/records-file-routes';
import { recordsSeed } from './records/seed/records-seed';
import { fillMissingSearchRows } from './records/services/fill-missing-search-rows';
import { createServices, type AppServices } from './services';
import { siteSeed } from './site/seed/site-seed';
import { siteRoutes } from './site/site-routes';

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export const defaultWebBuildDir = fileURLToPath(new URL('../../web/build', import.meta.url));

export interface BuildOptions {
  env: Env;
  /** Serve the web app too (false in API-only tests, which need no web build). */
  web?: boolean;
  webBuildDir?: string;
  storage?: FileStorage;
  logger?: boolean;
}

/** Every demo-content seed set, in the order they must be applied. */
const seeds = [siteSeed, readingRoomSeed, recordsSeed, readingRoomDemoClipsSeed];

/** The information-service calls of every feature (each registers its own). */
const infoCalls: Array<(app: FastifyInstance) => void> = [registerReadingRoomCalls, registerRecordsCalls];

/** Builds the whole application: plugins first, then the routes of each feature, then the web app. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // The database plugin applies migrations before the app starts; on a large database or a
    // busy machine that takes longer than Fastify's default 10 s, which must not abort the start.
    pluginTimeout: 300_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  if (env.FORCE_HTTPS) await app.register(httpsRedirectPlugin);
  await app.register(fastifyHelmet, {
    // The HTML pages set their own nonce-based policy (ssr-plugin); API answers are JSON.
    contentSecurityPolicy: false,
    hsts: env.FORCE_HTTPS ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // Brotli or gzip on the fly for dynamic answers; built assets and cached pages are already compressed (decision 0056).
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], customTypes: compressibleTypes });
  await app.register(cacheControlPlugin);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(crossOriginProtectionPlugin);
  await app.register(databasePlugin, {
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.dataDir, 'db'),
  });
  await app.register(storagePlugin, { dataDir: env.dataDir, ...(options.storage ? { storage: options.storage } : {}) });
  app.decorate('services', createServices({ db: app.db }));

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: '作物病蟲害資訊網 API',
        description: 'Information service under /api/info (POST, `{ d }`) and product API under /api/v1 (`{ data }`).',
        version: '1.0.0',
      },
      servers: [{ url: env.BASE_PATH || '/' }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(
    async (scoped) => {
      scoped.get('/api/openapi.json', { schema: { hide: true } }, async () => scoped.swagger());
      await scoped.register(siteRoutes);
      await scoped.register(newsRoutes);
      await scoped.register(readingRoomFileRoutes);
      await scoped.register(recordsFileRoutes);
      await scoped.register(infoServicePlugin, { prefix: '/api/info', calls: infoCalls });
      scoped.all('/api/*', { schema: { hide: true } }, async (_request, reply) =>
        reply.status(404).send({ error: { code: 'NOT_FOUND', message: '找不到此 API' } }),
      );
      if (options.web !== false) {
        await scoped.register(ssrPlugin, {
          buildDir: options.webBuildDir ?? (env.WEB_BUILD_DIR ? path.resolve(env.WEB_BUILD_DIR) : defaultWebBuildDir),
          basePath: env.BASE_PATH,
          feedbackFormUrl: env.FEEDBACK_FORM_URL,
          publicUrl: env.PUBLIC_URL,
          forceHttps: env.FORCE_HTTPS,
          pageCache: { cache: new PageCache(), pages: recordCacheablePages(scoped) },
        });
      }
    },
    { prefix: env.BASE_PATH },
  );
  if (env.BASE_PATH) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect(`${env.BASE_PATH}/`));
  }

  await app.ready();
  const searchRowsFilled = await fillMissingSearchRows(app.db);
  if (searchRowsFilled > 0) app.log.info({ records: searchRowsFilled }, 'search rows filled in for existing records');
  if (env.SEED_DEMO_CONTENT) await applySeeds(app.db, app.storage, seeds, app.log);
  return app;
}
