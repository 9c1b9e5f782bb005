import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** With FORCE_HTTPS, plain-http requests are sent to the same URL over https (301 for GET/HEAD, 308 otherwise). */
export const httpsRedirectPlugin = fp(async function httpsRedirect(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') return;
    const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
    return reply.redirect(`https://${request.host}${request.url}`, status);
  });
});
