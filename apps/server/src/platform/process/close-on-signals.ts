import type { FastifyInstance } from 'fastify';

/**
 * Closes the app on SIGINT and SIGTERM, then exits: in-flight requests finish, and every onClose
 * hook runs (buffered record views are written, then the database closes).
 */
export function closeOnSignals(app: FastifyInstance): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
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
