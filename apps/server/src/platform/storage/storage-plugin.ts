import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../config/env';
import { createFileStorage } from './create-file-storage';
import type { FileStorage } from './file-storage';
import { sendStoredFile } from './send-stored-file';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** Decorates the app with the file storage (STORAGE: local or s3) and serves public files at /files/public/<name>. */
export const storagePlugin = fp(
  async function storage(app: FastifyInstance, options: { env: Env; storage?: FileStorage }) {
    if (options.storage) {
      app.decorate('storage', options.storage);
    } else {
      const created = createFileStorage(options.env);
      app.decorate('storage', created);
      app.addHook('onClose', async () => created.destroy?.());
    }
    app.route({
      method: ['GET', 'HEAD'],
      url: '/files/public/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const name = (request.params as { '*': string })['*'];
        return sendStoredFile(request, reply, app.storage, `public/${name}`, {
          disposition: (request.query as { download?: string }).download ? 'attachment' : 'inline',
        });
      },
    });
  },
  { name: 'storage' },
);
