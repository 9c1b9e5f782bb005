import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InProcessInvalidation, type InvalidationService } from './invalidation';
import { notifyChangedTags, PostgresInvalidation } from './postgres-invalidation';

declare module 'fastify' {
  interface FastifyInstance {
    invalidation: InvalidationService;
  }
}

/** The app's invalidation service (invalidation.ts). Why: decision 0051. */
export const invalidationPlugin = fp(
  async function invalidation(app: FastifyInstance, options: { databaseUrl?: string | undefined }) {
    const service = options.databaseUrl
      ? await PostgresInvalidation.start({
          connectionString: options.databaseUrl,
          notify: (tags, from) => notifyChangedTags(app.db, tags, from),
          log: app.log,
        })
      : new InProcessInvalidation();
    app.decorate('invalidation', service);
    app.addHook('onClose', () => service.close());
  },
  { name: 'invalidation', dependencies: ['database'] },
);
