import type { FastifyInstance, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';

export interface RegisteredRoute {
  method: HTTPMethods;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, in order (with the HEAD twins Fastify adds to GET routes). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Keeps the list of every route the app registers, so the authorisation matrix test can require a
 * row for each one (a new route without a row fails it). Registered first, so it hears them all.
 */
export const routeInventoryPlugin = fp(async function routeInventory(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method: method as HTTPMethods, url: route.url });
  });
});
