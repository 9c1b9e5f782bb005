import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerFactory } from 'fastify';

/** Answers a request before Fastify sees it and returns true, or returns false to let Fastify have it. */
export type FastPathHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * One handler that may answer a request in Node's `request` event, before Fastify builds its request and reply, runs
 * its hooks and routes (decision 0082).
 */
export class FastPath {
  private handler: FastPathHandler | null = null;

  use(handler: FastPathHandler): void {
    if (this.handler) throw new Error('Only one fast-path handler may be installed.');
    this.handler = handler;
  }

  /**
   * Fastify's `serverFactory`: the HTTP server Fastify would create itself (the same server
   * options and time limits, as lib/server.js sets them), with the fast path in front.
   */
  serverFactory(): FastifyServerFactory {
    return (fastifyHandler, options) => {
      const server = http.createServer(options.http ?? {}, (request, response) => {
        // A request arriving while the server closes (SIGTERM) ends its connection. Why: decision 0315.
        if (!server.listening) response.setHeader('connection', 'close');
        if (this.handler?.(request, response)) return;
        fastifyHandler(request, response);
      });
      const { keepAliveTimeout, requestTimeout, connectionTimeout } = options as Record<string, unknown>;
      if (typeof keepAliveTimeout === 'number') server.keepAliveTimeout = keepAliveTimeout;
      if (typeof requestTimeout === 'number') server.requestTimeout = requestTimeout;
      if (typeof connectionTimeout === 'number') server.setTimeout(connectionTimeout);
      return server;
    };
  }
}

/** What Fastify's `request.ip` and `request.protocol` give, for a raw request (TRUST_PROXY as Fastify takes it). */
export interface ClientOf {
  ip(request: IncomingMessage): string;
  protocol(request: IncomingMessage): 'http' | 'https';
}

/**
 * The client's address and protocol of a raw request, computed as Fastify 5 does (lib/request.js,
 * with the same @fastify/proxy-addr), so the fast path counts and redirects exactly as Fastify would.
 */
export function clientOf(trustProxy: boolean | string[]): ClientOf {
  const socketProtocol = (request: IncomingMessage) =>
    (request.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  if (trustProxy === false) {
    return { ip: (request) => request.socket.remoteAddress ?? '', protocol: socketProtocol };
  }
  const trust = trustProxy === true ? () => true : proxyAddr.compile(trustProxy);
  return {
    ip(request) {
      const addresses = proxyAddr.all(request, trust);
      return addresses[addresses.length - 1] ?? '';
    },
    protocol(request) {
      const forwarded = request.headers['x-forwarded-proto'];
      const remote = request.socket.remoteAddress;
      if (typeof forwarded === 'string' && forwarded !== '' && remote !== undefined && trust(remote, 0)) {
        const last = forwarded.lastIndexOf(',');
        return (last < 0 ? forwarded.trim() : forwarded.slice(last + 1).trim()) === 'https' ? 'https' : 'http';
      }
      return socketProtocol(request);
    },
  };
}
