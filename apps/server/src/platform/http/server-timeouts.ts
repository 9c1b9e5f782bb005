import type { Server, ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env';

type TimeoutSettings = Pick<
  Env,
  'HEADERS_TIMEOUT_MS' | 'REQUEST_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS' | 'CONNECTION_TIMEOUT_MS'
>;

/**
 * The time limits of every connection, as Fastify server options. Fastify turns Node's request
 * timeout off by default, so a client that sends its body a byte at a time held a connection
 * for as long as it liked:
 * - headers must arrive within HEADERS_TIMEOUT_MS and the whole request, body included, within
 *   REQUEST_TIMEOUT_MS (Node answers 408 and closes);
 * - an idle kept-alive connection closes after KEEP_ALIVE_TIMEOUT_MS (longer than the idle
 *   timeout of common reverse proxies, so the proxy closes first and never reuses a dead one);
 * - a socket without any traffic either way closes after CONNECTION_TIMEOUT_MS.
 */
export function serverTimeoutOptions(env: TimeoutSettings): {
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionTimeout: number;
  http: ServerOptions;
} {
  const headersTimeout = Math.min(env.HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS);
  return {
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: env.CONNECTION_TIMEOUT_MS,
    http: {
      headersTimeout,
      // Node checks the two limits above on this interval (30 s by default, which would let a
      // slow client overstay a short limit by that much).
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersTimeout / 2))),
    },
  };
}

/** Caps open connections: past MAX_CONNECTIONS Node closes new sockets at once, so slow clients cannot exhaust the process. */
export function limitConnections(server: Server, env: Pick<Env, 'MAX_CONNECTIONS'>) {
  server.maxConnections = env.MAX_CONNECTIONS;
}

/**
 * Once the server is closing (SIGTERM), every answer still to be sent ends its connection: kept
 * alive, an answer to a request that was in flight when the stop began would hold the stop for the
 * whole keep-alive timeout (decision 0315). The page fast path checks the same at its start.
 */
export function closeConnectionsWhileClosing(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!app.server.listening) reply.header('connection', 'close');
    return payload;
  });
}
