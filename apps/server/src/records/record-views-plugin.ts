import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RecordViewCounter } from './record-view-counter';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one counter of record views (rendered pages, cached pages and loadDetail). */
    recordViews: RecordViewCounter;
  }
}

/**
 * The app's record view counter. Register after the database plugin: onClose hooks run
 * last-registered first, so the views still in memory are written before the database closes
 * (on SIGTERM/SIGINT main.ts closes the app). A SIGKILL loses the views of the last interval.
 */
export const recordViewsPlugin = fp(
  async function recordViews(app: FastifyInstance, options: { flushMs?: number; now?: () => number }) {
    const counter = new RecordViewCounter(app.db, {
      ...options,
      onError: (error) => app.log.error({ err: error }, 'could not save record views'),
      onSaved: (added) => app.log.debug({ added }, 'record views saved'),
    });
    app.decorate('recordViews', counter);
    app.addHook('onClose', () =>
      counter.flush().catch((error: unknown) => app.log.error({ err: error }, 'could not save record views')),
    );
  },
  { name: 'record-views', dependencies: ['database'] },
);
