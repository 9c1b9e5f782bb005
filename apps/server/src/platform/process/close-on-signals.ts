import type { FastifyInstance } from 'fastify';
// app.health
import type {} from '../health/health-plugin';

/** How long a stop waits for requests still in flight before it closes their connections (ms). Why: decision 0315. */
export const shutdownGraceMs = 5_000;

/** Closes the app on SIGINT and SIGTERM, then exits. Why: decision 0315. */
export function closeOnSignals(app: FastifyInstance): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      // /readyz answers 503 from now on, so a proxy probing it stops sending new requests here.
      app.health.drain();
      const grace = setTimeout(() => {
        app.log.warn({ graceMs: shutdownGraceMs }, 'closing connections still open after the grace period');
        app.server.closeAllConnections();
      }, shutdownGraceMs);
      grace.unref();
      app
        .close()
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          app.log.error(error);
          process.exit(1);
        });
    });
  }
}
