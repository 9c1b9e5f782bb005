import type { Server, ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env';

type TimeoutSettings = Pick<
  Env,
  'HEADERS_TIMEOUT_MS' | 'REQUEST_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS' | 'CONNECTION_TIMEOUT_MS'
>;

/** The time limits of every connection, as Fastify server options. Why: decision 0061. */
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

/** Once the server is closing (SIGTERM), every answer still to be sent ends its connection. Why: decision 0315. */
export function closeConnectionsWhileClosing(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!app.server.listening) reply.header('connection', 'close');
    return payload;
  });
}
