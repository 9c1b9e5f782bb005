import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Authenticator, Viewer } from './viewer';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request's viewer, resolved once on first use (a request for an asset or a cached page never pays for a
     * session lookup). Why: decision 0090.
     */
    getViewer(): Promise<Viewer | null>;
  }
}

const resolved = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

/** Gives every request `getViewer()`, backed by the one authenticator a feature declares. */
export const viewerPlugin = fp(async function viewer(app: FastifyInstance, options: { authenticate?: Authenticator }) {
  const authenticate = options.authenticate;
  app.decorateRequest('getViewer', function getViewer(this: FastifyRequest) {
    let viewer = resolved.get(this);
    if (!viewer) {
      viewer = authenticate ? authenticate(this) : Promise.resolve(null);
      resolved.set(this, viewer);
    }
    return viewer;
  });
});
