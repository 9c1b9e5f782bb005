import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Personal answers: kept by no cache at all, the browser's included (decision 0058). */
export const personalCacheControl = 'private, no-store';
/** Public answers to GET/HEAD: any cache may keep them but must ask again before each use. */
export const publicCacheControl = 'public, max-age=0, must-revalidate';

/** The Cache-Control a response gets when its route set none (decision 0058). */
export function defaultCacheControl(
  request: Pick<FastifyRequest, 'method' | 'headers'>,
  response: { status: number; hasCookie: boolean; cacheControl: string | undefined },
): string {
  if (response.hasCookie) return personalCacheControl;
  if (response.cacheControl) return response.cacheControl;
  if (request.headers.cookie !== undefined || request.headers.authorization !== undefined) return personalCacheControl;
  if (request.method !== 'GET' && request.method !== 'HEAD') return 'no-store';
  if (response.status === 429 || response.status >= 500) return 'no-store';
  return publicCacheControl;
}

function headerValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** Sets Cache-Control on every response (HTML, JSON, files) where the route did not, and overrides it for cookies. */
export const cacheControlPlugin = fp(async function cacheControl(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply: FastifyReply, payload) => {
    // A Web Response (the SSR renderer's) carries its own status and headers until Fastify sends it.
    const fetchResponse = payload instanceof Response ? payload : null;
    const value = defaultCacheControl(request, {
      status: fetchResponse?.status ?? reply.statusCode,
      hasCookie: reply.hasHeader('set-cookie') || Boolean(fetchResponse?.headers.has('set-cookie')),
      cacheControl: headerValue(fetchResponse?.headers.get('cache-control') ?? reply.getHeader('cache-control')),
    });
    reply.header('cache-control', value);
    // Fastify copies the Response's headers over the reply's: make them agree.
    if (fetchResponse?.headers.has('cache-control')) {
      try {
        fetchResponse.headers.set('cache-control', value);
      } catch {
        // Immutable headers (a fetch() response passed through): its own value stands.
      }
    }
    return payload;
  });
});
