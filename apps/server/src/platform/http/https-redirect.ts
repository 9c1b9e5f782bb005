import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered over plain http even with FORCE_HTTPS. Why: decision 0063. */
    plainHttpAllowed?: boolean;
  }
}

/**
 * With FORCE_HTTPS, plain-http requests are sent to the same path over https (301 for GET/HEAD, 308 otherwise) on the
 * host of the site's public address, never on the request's Host header. Why: decision 0063.
 */
export const httpsRedirectPlugin = fp(async function httpsRedirect(
  app: FastifyInstance,
  options: { publicUrl: string },
) {
  const host = new URL(options.publicUrl).host;
  app.addHook('onRequest', async (request, reply) => {
    // Decided by the matched route (its config), never by the raw URL.
    if (request.protocol === 'https' || request.routeOptions.config?.plainHttpAllowed) return;
    const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
    return reply.redirect(`https://${host}${request.url}`, status);
  });
});
