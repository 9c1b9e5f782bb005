import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { cacheControlPlugin } from './cache-control';

async function appWithRoutes() {
  const app = Fastify();
  await app.register(cacheControlPlugin);
  app.get('/plain', async () => ({ ok: true }));
  app.get('/chosen', async (_request, reply) => reply.header('Cache-Control', 'public, max-age=60').send('x'));
  app.get('/sets-cookie', async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=60').header('Set-Cookie', 'session=1; HttpOnly').send('x'),
  );
  app.get('/web-response', async () => new Response('<p>x</p>', { headers: { 'content-type': 'text/html' } }));
  app.get(
    '/web-response-cookie',
    async () => new Response('<p>x</p>', { headers: { 'set-cookie': 'a=1', 'cache-control': 'public, max-age=60' } }),
  );
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  app.post('/write', async () => ({ ok: true }));
  return app;
}

describe('Cache-Control defaults', () => {
  it('gives each answer the right Cache-Control where the route chose none', async () => {
    const app = await appWithRoutes();
    const cacheControl = async (url: string, options: { method?: 'GET' | 'POST'; cookie?: string } = {}) =>
      (
        await app.inject({
          method: options.method ?? 'GET',
          url,
          headers: options.cookie ? { cookie: options.cookie } : {},
        })
      ).headers['cache-control'];
    expect(await cacheControl('/plain')).toBe('public, max-age=0, must-revalidate');
    expect(await cacheControl('/web-response')).toBe('public, max-age=0, must-revalidate');
    expect(await cacheControl('/chosen')).toBe('public, max-age=60');
    // Personal: a response that sets a cookie, whatever its route said, and any answer to a cookie.
    expect(await cacheControl('/sets-cookie')).toBe('private, no-store');
    expect(await cacheControl('/web-response-cookie')).toBe('private, no-store');
    expect(await cacheControl('/plain', { cookie: 'session=1' })).toBe('private, no-store');
    expect(await cacheControl('/chosen', { cookie: 'session=1' })).toBe('public, max-age=60');
    // Writes, server errors and 404s.
    expect(await cacheControl('/write', { method: 'POST' })).toBe('no-store');
    expect(await cacheControl('/fails')).toBe('no-store');
    expect(await cacheControl('/missing')).toBe('public, max-age=0, must-revalidate');
    await app.close();
  });
});
