import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { sendStoredFile } from './send-stored-file';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** Decorates the app with the file storage and serves public files at /files/public/<name>. */
export const storagePlugin = fp(
  async function storage(app: FastifyInstance, options: { dataDir: string; storage?: FileStorage }) {
    app.decorate('storage', options.storage ?? new LocalFileStorage(path.join(options.dataDir, 'files')));
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
