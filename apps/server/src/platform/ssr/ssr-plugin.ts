import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { createAdminGateway, type AdminGateway } from '../admin/admin-gateway';
import type { AnyAdminResource } from '../admin/admin-resource';
import type { Viewer } from '../auth/viewer';
// request.getViewer()
import type {} from '../auth/viewer-plugin';
import { buildContentSecurityPolicy, type ContentSecuritySources } from './content-security-policy';
import { dependencyRetryAfterSeconds, isDependencyOutage } from '../http/error-handler';
import type { ClientOf, FastPath } from '../http/fast-path';
import { markRefusedForOverload, overloadPage, overloadRetryAfterSeconds } from '../http/overload';
import { requestUrlOn } from '../http/routed-path';
import type { RateLimits } from '../http/rate-limit/rate-limit-plugin';
import type { HeaderPair } from '../http/security-headers';
import type { PageAnswer } from './page-answers';
import { lookupCachedPage, type PageCacheSetup } from './page-cache';
import { pageFastPath } from './page-fast-path';

/** What the server hands to every React Router loader and action; `Services` comes from the feature registry. */
export interface RequestContext<Services = unknown> {
  nonce: string;
  services: Services;
  /**
   * Who is signed in (null when anonymous). Always null while rendering a page the anonymous page
   * cache may keep: such a page must be the same for everyone.
   */
  getViewer(): Promise<Viewer | null>;
  /** The admin shell's gateway (platform/admin). Why: decision 0002. */
  admin: AdminGateway;
  /** The visitor's address (request.ip, which follows TRUST_PROXY), for per-visitor counting. */
  visitor: string;
  /** Told each error of the render (the web app's `handleError`). Why: decision 0345. */
  reportError(error: unknown): boolean;
  config: {
    basePath: string;
    feedbackFormUrl: string;
    /** Absolute origin (and base path) for canonical and Open Graph URLs. */
    publicUrl: string;
  };
}

export interface SsrOptions {
  buildDir: string;
  /**
   * npm run dev (decision 0325): the web app from Vite's dev server instead of `buildDir`, loaded afresh on each
   * request, its assets and hot-reload modules served by Vite.
   */
  vite?: ViteDevServer | undefined;
  /** The bound services of every feature, handed to loaders as `context.services`. */
  services: unknown;
  /** Every admin resource by name, for the admin shell's loaders (`context.admin`). */
  adminResources?: ReadonlyMap<string, AnyAdminResource>;
  /** The hosts the features add to this page's Content-Security-Policy. */
  contentSecurityPolicy(): Promise<ContentSecuritySources[]>;
  basePath: string;
  feedbackFormUrl: string;
  /** The site's public address with the base path (env.publicUrl): absolute links use it, never the Host header. */
  publicUrl: string;
  forceHttps: boolean;
  /** Whether the event loop is behind (platform/http/overload.ts): then a page is answered 503 rather than rendered. */
  overloaded?(): boolean;
  /** Rendered pages kept for anonymous visitors (page-cache.ts); none when absent. */
  pageCache?: PageCacheSetup;
  /**
   * Reads a form post with files through the upload pipeline before React Router sees it, and gives the form as React
   * Router should read it (urlencoded, the files as their stored ids). Why: decision 0114.
   */
  rewriteFormBody?(request: FastifyRequest): Promise<string | null>;
  /** Where stored pages are answered before Fastify (page-fast-path.ts), and what that needs. */
  fastPath?: {
    fastPath: FastPath;
    client: ClientOf;
    securityHeaders: readonly HeaderPair[];
    rateLimits: RateLimits;
  };
}

function toWebRequest(
  request: FastifyRequest,
  origin: string,
  options: { withoutCookies?: boolean; formBody?: string | null; path?: string | undefined } = {},
): Request {
  const url = requestUrlOn(options.path ?? request.url, origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    // A cacheable page is the same for everyone: its loaders must not see who is asking.
    if (options.withoutCookies && name === 'cookie') continue;
    if (typeof options.formBody === 'string' && (name === 'content-type' || name === 'content-length')) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  if (typeof options.formBody === 'string') {
    headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    return new Request(url, { method: request.method, headers, body: options.formBody });
  }
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete) controller.abort();
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * The origin of the Web Request handed to React Router, which compares it with a form post's Origin header: the
 * address the browser used. Why: decision 0063.
 */
function requestOrigin(request: FastifyRequest, publicOrigin: string): string {
  try {
    const url = new URL(`${request.protocol}://${request.host}`);
    if (url.host === request.host.toLowerCase() && url.pathname === '/') return url.origin;
  } catch {
    // not a host
  }
  return publicOrigin;
}

/** The built web app's server entry, refused when it was built for another BASE_PATH. */
async function loadBuild(options: SsrOptions): Promise<ServerBuild> {
  const serverEntry = path.join(options.buildDir, 'server', 'index.js');
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  if (build.basename && build.basename.replace(/\/$/, '') !== options.basePath) {
    throw new Error(
      `The web build was made for BASE_PATH "${build.basename}" but the server runs with "${options.basePath}": run npm run build again.`,
    );
  }
  return build;
}

/**
 * Serves the built web app: hashed client assets with long caching, and every other path
 * through React Router's server renderer, with the services handed to loaders.
 */
export async function ssrPlugin(app: FastifyInstance, options: SsrOptions) {
  const { services, vite } = options;
  const publicOrigin = new URL(options.publicUrl).origin;
  const handler = vite
    ? createRequestHandler(
        () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
        'development',
      )
    : createRequestHandler(await loadBuild(options), 'production');
  const pageCache = vite ? undefined : options.pageCache;

  if (vite) {
    // Vite answers its own paths (modules, assets, the client) and passes the rest on to the pages.
    app.addHook('onRequest', (request, reply, done) => {
      vite.middlewares(request.raw, reply.raw, () => done());
    });
  } else
    await app.register(fastifyStatic, {
      root: path.join(options.buildDir, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      // `npm run build` writes .br and .gz beside each asset (scripts/precompress-assets.mjs).
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        // The service worker (decision 0386) is checked for a new version on each visit.
        if (path.basename(filePath) === 'sw.js') reply.header('Cache-Control', 'no-cache');
        else reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });

  // React Router reads the raw body itself (form posts), so hand it the stream untouched. Why: decision 0002.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    // React Router's basename is '/pest/', so the bare '/pest' must gain its slash first.
    const [pathname = '', query] = request.url.split('?');
    if (options.basePath && pathname === options.basePath) {
      return reply.redirect(`${options.basePath}/${query === undefined ? '' : `?${query}`}`);
    }
    // A stored page's headers (its hash-based CSP included) were fixed when it was stored.
    const sendAnswer = (answer: PageAnswer) => {
      for (const [name, value] of answer.headers) reply.header(name, value);
      return reply.status(answer.status).send(answer.status === 304 ? undefined : answer.body);
    };
    // Before anything that may read the database: a stored page is sent while the database is out.
    const cacheable = pageCache ? lookupCachedPage(pageCache, request, publicOrigin, options.basePath) : null;
    if (cacheable?.cached) return sendAnswer(cacheable.cached);
    // The server is behind (decision 0381): a new render would only wait in line for seconds.
    if ((request.method === 'GET' || request.method === 'HEAD') && options.overloaded?.()) {
      const standIn = cacheable?.standIn();
      if (standIn) return sendAnswer(standIn);
      markRefusedForOverload(request);
      return reply
        .status(503)
        .header('retry-after', String(overloadRetryAfterSeconds))
        .header(
          'content-security-policy',
          "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        )
        .type('text/html; charset=utf-8')
        .send(overloadPage);
    }
    const nonce = randomBytes(16).toString('base64');
    const origin = requestOrigin(request, publicOrigin);
    const sources = await options.contentSecurityPolicy();
    // A page the cache may keep is rendered as anonymous.
    const getViewer = () => (cacheable === null ? request.getViewer() : Promise.resolve(null));
    let outage = false;
    const context: RequestContext = {
      nonce,
      services,
      getViewer,
      admin: createAdminGateway(options.adminResources ?? new Map(), { getViewer }, app.db),
      visitor: request.ip,
      reportError(error) {
        if (!isDependencyOutage(error)) return false;
        if (!outage) request.log.warn({ err: error }, 'a dependency is out');
        outage = true;
        return true;
      },
      config: {
        basePath: options.basePath,
        feedbackFormUrl: options.feedbackFormUrl,
        publicUrl: options.publicUrl,
      },
    };
    const policy = (scriptSources: { nonce: string } | { scriptHashes: string[] }) =>
      buildContentSecurityPolicy({ ...scriptSources, sources, upgradeInsecure: options.forceHttps });
    const formBody =
      request.method === 'POST' && options.rewriteFormBody && request.isMultipart()
        ? await options.rewriteFormBody(request)
        : null;
    const response = await handler(
      // A cacheable page is rendered for its key's address, so what is stored is the same whatever else the URL carried.
      toWebRequest(request, origin, { withoutCookies: cacheable !== null, formBody, path: cacheable?.renderPath }),
      context as never,
    );
    if (outage && response.status >= 500) {
      // The database (or the file store) is out: the stored copy marked stale if there is one,
      // else the error page as a 503 the client may retry (decisions 0317, 0345).
      const standIn = cacheable?.standIn();
      if (standIn) return sendAnswer(standIn);
      reply.header('Content-Security-Policy', policy({ nonce }));
      reply.header('retry-after', String(dependencyRetryAfterSeconds));
      return reply.send(new Response(response.body, { status: 503, headers: response.headers }));
    }
    // A stored page's bytes never change, so its policy names its inline scripts' hashes, not a nonce.
    const answer = cacheable
      ? await cacheable.store(response, {
          securityHeaders: app.securityHeaders,
          contentSecurityPolicy: (scriptHashes) => policy({ scriptHashes }),
        })
      : response;
    if (!(answer instanceof Response)) return sendAnswer(answer);
    reply.header('Content-Security-Policy', policy({ nonce }));
    return reply.send(answer);
  };
  if (pageCache && options.fastPath) {
    options.fastPath.fastPath.use(
      pageFastPath({
        setup: pageCache,
        publicOrigin,
        basePath: options.basePath,
        forceHttps: options.forceHttps,
        client: options.fastPath.client,
        rateLimits: options.fastPath.rateLimits,
        log: app.log,
      }),
    );
  }
  app.all('/*', renderPage);
  // '/*' does not match the bare prefix ('/pest' or '/pest/') when the app runs under BASE_PATH.
  if (options.basePath) app.all('/', renderPage);
}
