import type { FastifyInstance } from 'fastify';

/**
 * The app's JSON body parser: Fastify's own, except that a DELETE sent with `Content-Type: application/json` and no
 * body is read as a DELETE without one. Why: decision 0062.
 */
export function useJsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.method === 'DELETE' && String(body).trim() === '') return done(null, undefined);
    // The default parser answers through `done`; its return value carries nothing.
    void parseJson(request, String(body), done);
  });
}
