import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { RequestContext } from '../../services';
import { buildContentSecurityPolicy } from './content-security-policy';
import { lookupCachedPage, type PageAnswer, type PageCacheSetup } from './page-cache';

export interface SsrOptions {
  buildDir: string;
  basePath: string;
  feedbackFormUrl: string;
  publicUrl: string | undefined;
  forceHttps: boolean;
  /** Rendered pages kept for anonymous visitors (page-cache.ts); none when absent. */
  pageCache?: PageCacheSetup;
}

function toWebRequest(request: FastifyRequest, origin: string, options: { withoutCookies?: boolean } = {}): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    // A cacheable page is the same for everyone: its loaders must not see who is asking.
    if (options.withoutCookies && name === 'cookie') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete) controller.abort();
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * Serves the built web app: hashed client assets with long caching, and every other path
 * through React Router's server renderer, with the services handed to loaders.
 */
export async function ssrPlugin(app: FastifyInstance, options: SsrOptions) {
  const serverEntry = path.join(options.buildDir, 'server', 'index.js');
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  if (build.basename && build.basename.replace(/\/$/, '') !== options.basePath) {
    throw new Error(
      `The web build was made for BASE_PATH "${build.basename}" but the server runs with "${options.basePath}": run npm run build again.`,
    );
  }
  const handler = createRequestHandler(build, 'production');
  const { services } = app;

  await app.register(fastifyStatic, {
    root: path.join(options.buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    // `npm run build` writes .br and .gz beside each asset (scripts/precompress-assets.mjs).
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  // React Router reads the raw body itself (form posts), so hand it the stream untouched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    // React Router's basename is '/pest/', so the bare '/pest' must gain its slash first.
    const [pathname = '', query] = request.url.split('?');
    if (options.basePath && pathname === options.basePath) {
      return reply.redirect(`${options.basePath}/${query === undefined ? '' : `?${query}`}`);
    }
    const nonce = randomBytes(16).toString('base64');
    const origin = `${request.protocol}://${request.host}`;
    const settings = await services.site.getSystemSettings().catch(() => null);
    const context: RequestContext = {
      nonce,
      services,
      config: {
        basePath: options.basePath,
        feedbackFormUrl: options.feedbackFormUrl,
        publicUrl: options.publicUrl ?? `${origin}${options.basePath}`,
      },
    };
    const policy = (scriptSources: { nonce: string } | { scriptHashes: string[] }) =>
      buildContentSecurityPolicy({
        ...scriptSources,
        analytics: Boolean(settings?.g_tag),
        upgradeInsecure: options.forceHttps,
      });
    // A stored page's bytes never change, so its policy names its inline scripts' hashes, not a nonce.
    const sendAnswer = (answer: PageAnswer) => {
      for (const [name, value] of answer.headers) reply.header(name, value);
      reply.header('Content-Security-Policy', policy({ scriptHashes: answer.scriptHashes }));
      return reply.status(answer.status).send(answer.body);
    };
    const cacheable = options.pageCache ? lookupCachedPage(options.pageCache, request, origin, options.basePath) : null;
    if (cacheable?.cached) return sendAnswer(cacheable.cached);
    const response = await handler(
      toWebRequest(request, origin, { withoutCookies: cacheable !== null }),
      context as never,
    );
    const answer = cacheable ? await cacheable.store(response) : response;
    if (!(answer instanceof Response)) return sendAnswer(answer);
    reply.header('Content-Security-Policy', policy({ nonce }));
    return reply.send(answer);
  };
  app.all('/*', renderPage);
  // '/*' does not match the bare prefix ('/pest' or '/pest/') when the app runs under BASE_PATH.
  if (options.basePath) app.all('/', renderPage);
}
