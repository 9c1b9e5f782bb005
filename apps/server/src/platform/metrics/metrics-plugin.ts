import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorCodes } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
// The route config's quietLog.
import type {} from '../http/request-log';
import { AppMetrics, type MetricSources } from './app-metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics server on 127.0.0.1:METRICS_PORT once the app is ready, when it has one. */
    metricsServer: http.Server | null;
  }
}

export interface MetricsPluginOptions {
  basePath: string;
  /** METRICS_TOKEN: `GET /metrics` on the site's port needs it as a bearer token; 404 otherwise. */
  token: string | undefined;
  /** METRICS_PORT: a second server on 127.0.0.1 answers `GET /metrics` without a token. */
  port: number | undefined;
  sources: Omit<MetricSources, 'onError'>;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the Authorization header carries the token, compared in constant time (hashes of equal length). */
function carriesToken(authorization: string | undefined, tokenDigest: Buffer): boolean {
  if (!authorization?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(authorization.slice('Bearer '.length).trim()), tokenDigest);
}

const notFound = { error: { code: errorCodes.notFound, message: '找不到此網址' } };

/** Prometheus metrics (decision 0319), never public. */
export const metricsPlugin = fp(
  async function metrics(app: FastifyInstance, options: MetricsPluginOptions) {
    app.decorate('metricsServer', null);
    const { token, port } = options;
    const tokenDigest = token ? digest(token) : null;
    if (token === undefined && port === undefined) {
      app.get(
        `${options.basePath}/metrics`,
        { config: { quietLog: true, plainHttpAllowed: true }, schema: { hide: true } },
        (_request, reply) => reply.status(404).send(notFound),
      );
      return;
    }
    const appMetrics = new AppMetrics({
      ...options.sources,
      onError: (part, error) => app.log.warn({ err: error, part }, 'a metric could not be read'),
    });
    app.addHook('onResponse', async (request, reply) => {
      appMetrics.countRequest(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime,
      );
    });
    app.get(
      `${options.basePath}/metrics`,
      { config: { quietLog: true, plainHttpAllowed: true }, schema: { hide: true } },
      async (request, reply) => {
        if (!tokenDigest || !carriesToken(request.headers.authorization, tokenDigest)) {
          return reply.status(404).send(notFound);
        }
        const text = await appMetrics.text();
        return reply.header('cache-control', 'no-store').type(appMetrics.contentType).send(text);
      },
    );
    if (port === undefined) return;
    const server = http.createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      appMetrics.text().then(
        (text) => response.writeHead(200, { 'content-type': appMetrics.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics could not be read');
          response.writeHead(500).end();
        },
      );
    });
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ host: '127.0.0.1', port }, () => {
          server.off('error', reject);
          resolve();
        });
      });
      app.metricsServer = server;
      app.log.info({ port: (server.address() as AddressInfo).port }, 'metrics served on 127.0.0.1');
    });
    app.addHook('onClose', async () => {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  { name: 'metrics' },
);
