import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Database, type DatabaseHandle } from './database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbDriver: DatabaseHandle['driver'];
  }
}

/** Opens the database (migrated) for the app's lifetime and closes it on shutdown. */
export const databasePlugin = fp(
  async function database(
    app: FastifyInstance,
    options: {
      databaseUrl?: string | undefined;
      pgliteDir: string;
      schema?: Record<string, unknown>;
      checkTransactionScope?: boolean;
    },
  ) {
    const handle = await openDatabase({
      ...options,
      onConnectionError: (error) =>
        app.log.warn({ err: error }, 'database connection lost; a new one is opened when needed'),
    });
    app.decorate('db', handle.db);
    app.decorate('dbDriver', handle.driver);
    app.addHook('onClose', () => handle.close());
    app.log.info({ driver: handle.driver }, 'database ready');
  },
  { name: 'database' },
);
