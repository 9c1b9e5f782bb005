import path from 'node:path';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ViteDevServer } from 'vite';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Env } from './config/env';
import { features as registeredFeatures, featureTables, type AppServices } from './features';
import { everyTag } from './platform/cache/invalidation';
import { invalidationPlugin } from './platform/cache/invalidation-plugin';
import { indexAdminResources } from './platform/admin/admin-gateway';
import { adminRoutes } from './platform/admin/admin-routes';
import { adminJobs } from './platform/admin/create-once';
import { auditLogAdminResource } from './platform/audit/audit-log-admin-resource';
import { AuditVocabulary, platformAuditLabels } from './platform/audit/audit-labels';
import { jobsAdminResource } from './platform/jobs/jobs-admin-resource';
import { outboxAdminResource } from './platform/mail/outbox-admin-resource';
import { outboxPreviewRoute } from './platform/mail/outbox-preview-route';
import { routeInventoryPlugin } from './platform/http/route-inventory';
import { viewerPlugin } from './platform/auth/viewer-plugin';
import { cacheControlPlugin } from './platform/http/cache-control';
import { compressibleTypes } from './platform/http/compressible-types';
import { databasePlugin } from './platform/database/database-plugin';
import { withStartupLock } from './platform/database/database';
import { applySeeds } from './platform/database/seed';
import type { AnyFeatureManifest, FeatureContext } from './platform/feature/feature-manifest';
import { crossOriginProtectionPlugin } from './platform/http/cross-origin-protection';
import { clientOf, FastPath } from './platform/http/fast-path';
import { clientErrorHandlerWith, errorHandlerPlugin, frameworkErrors } from './platform/http/error-handler';
import { useJsonBodyParser } from './platform/http/json-body';
import { httpsRedirectPlugin } from './platform/http/https-redirect';
import { infoServicePlugin } from './platform/http/info-call';
import { rateLimitOptions, rateLimitPlugin } from './platform/http/rate-limit/rate-limit-plugin';
import { registerOverloadGuard } from './platform/http/overload';
import { sitemapPlugin } from './platform/sitemap/sitemap-plugin';
import { OneLineRequestLog } from './platform/http/request-log';
import { errSerializer } from './platform/http/log-safe-error';
import { requestIdContext, requestIdOf } from './platform/http/request-id';
import { healthPlugin } from './platform/health/health-plugin';
import { metricsPlugin } from './platform/metrics/metrics-plugin';
import { securityHeaders, securityHeadersPlugin } from './platform/http/security-headers';
import { closeConnectionsWhileClosing, limitConnections, serverTimeoutOptions } from './platform/http/server-timeouts';
import { PageCache } from './platform/ssr/page-cache';
import { ssrPlugin } from './platform/ssr/ssr-plugin';
import { createAdminFormBodyRewriter } from './platform/admin/admin-form-uploads';
import type { FileStorage } from './platform/storage/file-storage';
import { storagePlugin } from './platform/storage/storage-plugin';
import { uploadsPlugin } from './platform/uploads/uploads-plugin';
import { BackgroundJobs } from './platform/jobs/background-jobs';
import { MailOutbox } from './platform/mail/mail-outbox';
import { PushNotifications } from './platform/push/push-notifications';
import { pushRoutes } from './platform/push/push-routes';
import { PersonalData } from './platform/personal-data/personal-data';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every feature's bound services (typed for the registry's features). */
    services: AppServices;
    /** The job queue (decision 0100): platform modules define their jobs on it. */
    jobs: BackgroundJobs;
    mail: MailOutbox;
    /** Web Push (decision 0400). */
    push: PushNotifications;
    /** A person's rights: every feature's `personalData` part (decision 0307). */
    personalData: PersonalData;
  }
}

export const defaultWebBuildDir = fileURLToPath(new URL('../../web/build', import.meta.url));

export interface BuildOptions {
  env: Env;
  /** Serve the web app too (false in API-only tests, which need no web build). */
  web?: boolean;
  webBuildDir?: string;
  /**
   * npm run dev (src/dev.ts): the web app from Vite's dev server on this server's HTTP server,
   * with hot reload, instead of the build.
   */
  webDevServer?: (httpServer: Server) => Promise<ViteDevServer>;
  storage?: FileStorage;
  logger?: boolean;
  /** The features to serve: the registry (src/features.ts) unless a test adds or leaves out some. */
  features?: readonly AnyFeatureManifest[];
  /** Where log lines go (stdout when absent); tests read them. */
  logStream?: { write(line: string): void };
  /**
   * A worker process (`npm run worker`): it runs jobs and serves nothing, so start hooks and demo
   * content are left to the server.
   */
  worker?: boolean;
  /**
   * Only the start hooks and demo content, then the caller closes the app: jobs may be queued but
   * none runs here (src/seed-demo-content.ts, run by the production start before the server, decision 0085).
   */
  seedOnly?: boolean;
}

/** Builds the whole application: plugins first, then the parts each feature's manifest declares, then the web app. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { env } = options;
  const features = options.features ?? registeredFeatures;
  // Stored pages are answered here, before Fastify's routing and hooks (decision 0082).
  const fastPath = new FastPath();
  const app = Fastify({
    serverFactory: fastPath.serverFactory(),
    logger:
      options.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            // Errors are logged without a failed query's parameters or PostgreSQL's row details (personal data).
            serializers: { err: errSerializer },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // The database plugin applies migrations before the app starts; on a large database or a
    // busy machine that takes longer than Fastify's default 10 s, which must not abort the start.
    pluginTimeout: 300_000,
    ...serverTimeoutOptions(env),
    logController: new OneLineRequestLog(),
    // Every log line of a request carries its id (`reqId`), an incoming X-Request-Id when safe (decision 0320).
    genReqId: requestIdOf,
    frameworkErrors,
    clientErrorHandler: clientErrorHandlerWith(securityHeaders({ hsts: env.FORCE_HTTPS })),
  });
  limitConnections(app.server, env);
  closeConnectionsWhileClosing(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any route: jobs queued while a request is handled carry its id.
  requestIdContext(app);

  await app.register(routeInventoryPlugin);
  await app.register(securityHeadersPlugin, { hsts: env.FORCE_HTTPS });
  await app.register(errorHandlerPlugin);
  useJsonBodyParser(app);
  if (env.FORCE_HTTPS) await app.register(httpsRedirectPlugin, { publicUrl: env.publicUrl });
  // Brotli or gzip on the fly for dynamic answers; built assets and cached pages are already compressed (decision 0056).
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], customTypes: compressibleTypes });
  await app.register(cacheControlPlugin);
  await app.register(fastifyCookie);
  await app.register(crossOriginProtectionPlugin);
  await app.register(databasePlugin, {
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.dataDir, 'db'),
    schema: featureTables(features),
    // Tests on PostgreSQL catch what would hang on the embedded database (decision 0333).
    checkTransactionScope: env.NODE_ENV === 'test',
  });
  await app.register(rateLimitPlugin, rateLimitOptions(env));
  await registerOverloadGuard(app, env.OVERLOAD_EVENT_LOOP_DELAY_MS);
  await app.register(invalidationPlugin, { databaseUrl: env.DATABASE_URL });
  await app.register(storagePlugin, { env, ...(options.storage ? { storage: options.storage } : {}) });
  const jobs = new BackgroundJobs({
    db: app.db,
    driver: app.dbDriver,
    databaseUrl: env.DATABASE_URL,
    workers: env.JOBS === 'inline' && !options.seedOnly,
    pollSeconds: env.JOBS_POLL_SECONDS,
    heartbeatSeconds: env.JOBS_HEARTBEAT_SECONDS,
    superviseSeconds: env.JOBS_SUPERVISE_SECONDS,
    poolSize: env.JOBS_POOL_SIZE,
    log: app.log,
  });
  const mail = new MailOutbox({ db: app.db, env, jobs, log: app.log });
  for (const [name, job] of Object.entries(mail.jobs())) jobs.define(name, job);
  for (const [name, job] of Object.entries(adminJobs(app.db))) jobs.define(name, job);
  const push = new PushNotifications({ db: app.db, jobs, env });
  for (const [name, job] of Object.entries(push.jobs())) jobs.define(name, job);
  app.decorate('jobs', jobs);
  app.decorate('mail', mail);
  app.decorate('push', push);
  const publicCopies = features.flatMap((feature) => feature.publicCopies ?? []);
  await app.register(uploadsPlugin, { env, jobs, publicCopies });
  // A person's rights: each feature's part is added once its services are bound (decision 0307).
  const personalData = new PersonalData({ db: app.db, storage: app.storage, mail, jobs, log: app.log, publicCopies });
  for (const [name, job] of Object.entries(personalData.jobs())) jobs.define(name, job);
  personalData.register('push', push.personalDataPart());
  app.decorate('personalData', personalData);
  // Each feature's services are bound once; routes, calls and page loaders share the objects.
  const context: FeatureContext = {
    db: app.db,
    storage: app.storage,
    invalidation: app.invalidation,
    log: app.log,
    env,
    jobs,
    mail,
    push,
    personalData,
  };
  const services: Record<string, unknown> = {};
  for (const feature of features) services[feature.servicesKey] = feature.services?.(context);
  const servicesOf = (feature: AnyFeatureManifest) => services[feature.servicesKey];
  for (const feature of features) {
    const part = feature.personalData?.(servicesOf(feature));
    if (part) personalData.register(feature.name, part);
  }
  // Registered after the database: onClose hooks run last-registered first, so what features hold
  // in memory (buffered record views) is written before the database closes.
  for (const feature of features) {
    const { onClose } = feature;
    if (onClose) app.addHook('onClose', () => onClose(servicesOf(feature)));
  }
  app.decorate('services', services as AppServices);
  for (const feature of features) {
    for (const [name, job] of Object.entries(feature.jobs?.(servicesOf(feature)) ?? {})) jobs.define(name, job);
  }
  if (env.JOBS === 'off' && app.dbDriver === 'pglite') {
    app.log.warn(
      'JOBS=off on the embedded database: jobs are queued but nothing runs them (only this process can open it)',
    );
  }
  // Registered after the database's and the features' hooks, so it runs before them on close:
  // running jobs finish while everything they use is still open.
  app.addHook('onClose', async () => {
    await jobs.stop();
    mail.close();
  });
  const authenticators = features.flatMap((feature) =>
    feature.authenticate ? [feature.authenticate(servicesOf(feature))] : [],
  );
  if (authenticators.length > 1) throw new Error('Only one feature may declare `authenticate`.');
  await app.register(viewerPlugin, authenticators[0] ? { authenticate: authenticators[0] } : {});
  // The staff tables of /admin: the platform's audit log, then what each feature declares.
  const ownResources = [
    jobsAdminResource(app.db, jobs),
    outboxAdminResource(app.db),
    ...features.flatMap((feature) => feature.adminResources?.(servicesOf(feature)) ?? []),
  ];
  // The audit log speaks the staff's language: each feature's words and its contracts' field names.
  const auditWords = new AuditVocabulary(
    [platformAuditLabels, ...features.flatMap((feature) => (feature.auditLabels ? [feature.auditLabels] : []))],
    ownResources.map((resource) => resource.contract),
  );
  const adminResources = indexAdminResources([auditLogAdminResource(app.db, auditWords), ...ownResources]);

  await app.register(healthPlugin, { basePath: env.BASE_PATH, partTimeoutMs: env.READINESS_TIMEOUT_MS });
  const pageCache = new PageCache(app.invalidation);
  // Before the routes' scope: its onResponse hook must reach every route.
  await app.register(metricsPlugin, {
    basePath: env.BASE_PATH,
    token: env.METRICS_TOKEN,
    port: options.seedOnly ? undefined : env.METRICS_PORT,
    sources: {
      ...(options.web !== false && !options.worker ? { pageCache } : {}),
      pageRoute: `${env.BASE_PATH}/*`,
      jobs,
      mail,
      // The embedded database has one connection and no pool to report.
      ...(app.dbDriver === 'postgres' ? { pool: () => poolOf(app) } : {}),
    },
  });

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
      for (const feature of features) {
        const { routes } = feature;
        if (routes) await scoped.register(async (instance) => routes(instance, servicesOf(feature)));
      }
      await scoped.register(adminRoutes, { resources: adminResources });
      await scoped.register(outboxPreviewRoute);
      await scoped.register(pushRoutes, { push });
      const infoCalls = features.flatMap((feature) => {
        const { calls } = feature;
        return calls ? [(instance: FastifyInstance) => calls(instance, servicesOf(feature))] : [];
      });
      await scoped.register(infoServicePlugin, { prefix: '/api/info', calls: infoCalls });
      const sitemapSources = features.flatMap((feature) => (feature.sitemap ? [feature.sitemap] : []));
      await scoped.register(sitemapPlugin, {
        sources: sitemapSources,
        basePath: env.BASE_PATH,
        publicUrl: env.publicUrl,
      });
      scoped.all('/api/*', { schema: { hide: true } }, async (_request, reply) =>
        reply.status(404).send({ error: { code: 'NOT_FOUND', message: '找不到此 API' } }),
      );
      if (options.web !== false) {
        const vite = options.webDevServer ? await options.webDevServer(app.server) : undefined;
        if (vite) app.addHook('onClose', () => vite.close());
        await scoped.register(ssrPlugin, {
          vite,
          buildDir: options.webBuildDir ?? (env.WEB_BUILD_DIR ? path.resolve(env.WEB_BUILD_DIR) : defaultWebBuildDir),
          basePath: env.BASE_PATH,
          feedbackFormUrl: env.FEEDBACK_FORM_URL,
          publicUrl: env.publicUrl,
          forceHttps: env.FORCE_HTTPS,
          services,
          adminResources,
          rewriteFormBody: createAdminFormBodyRewriter(adminResources, env.BASE_PATH),
          contentSecurityPolicy: () =>
            Promise.all(
              features.map(async (feature) =>
                feature.contentSecurityPolicy
                  ? feature.contentSecurityPolicy(servicesOf(feature)).catch(() => ({}))
                  : {},
              ),
            ),
          overloaded: () => app.overload.behind(),
          pageCache: {
            cache: pageCache,
            pages: features.flatMap((feature) => feature.cacheablePages?.(scoped, servicesOf(feature)) ?? []),
          },
          fastPath: {
            fastPath,
            client: clientOf(env.TRUST_PROXY),
            securityHeaders: app.securityHeaders,
            rateLimits: app.rateLimits,
          },
        });
      }
    },
    { prefix: env.BASE_PATH },
  );
  if (env.BASE_PATH) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect(`${env.BASE_PATH}/`));
  }

  await app.ready();
  // The VAPID pair before anything may send or serve it (decision 0400).
  await push.ensureKeys(app.dbDriver);
  // Started once nothing else can fail the build (a failed build is never closed); before the
  // start hooks, which may queue jobs.
  await jobs.start().catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  if (options.worker) return app;
  const underStartupLock = <T>(work: () => Promise<T>) => withStartupLock(app.db, app.dbDriver, work);
  for (const feature of features) {
    await feature.onStart?.({ ...context, services: servicesOf(feature), underStartupLock });
  }
  if (env.SEED_DEMO_CONTENT) {
    // Every feature's seed sets, in their declared order (stable for equal orders).
    const seeds = features
      .flatMap((feature) => feature.seeds ?? [])
      .sort((a, b) => a.order - b.order)
      .map((seed) => seed.set);
    // Under the start-up lock: servers starting together seed once, in order, and wait for each other.
    const applied = await withStartupLock(app.db, app.dbDriver, () => applySeeds(app.db, app.storage, seeds, app.log));
    // Demo content touches anything; other processes on the same database may have cached pages.
    if (applied.length > 0) await app.invalidation.publish([everyTag]);
  }
  return app;
}

/** The PostgreSQL pool's counts (node-postgres, Drizzle's `$client`); null on the embedded database. */
function poolOf(app: FastifyInstance) {
  if (app.dbDriver !== 'postgres') return null;
  return (app.db as unknown as { $client: { totalCount: number; idleCount: number; waitingCount: number } }).$client;
}
