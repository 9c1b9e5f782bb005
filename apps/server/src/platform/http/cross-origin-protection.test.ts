import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { crossOriginProtectionPlugin } from './cross-origin-protection';
import { errorHandlerPlugin } from './error-handler';

const rejected = { error: { code: 'FORBIDDEN', message: '拒絕跨站請求' } };

describe('cross-origin protection', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    await app.register(crossOriginProtectionPlugin);
    app.post('/write', async () => ({ written: true }));
    app.get('/read', async () => ({ read: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/write', headers: { host: 'pest.example.org', ...headers }, payload: {} });

  it('rejects a state-changing request the browser marks cross-site, with a 403 JSON body', async () => {
    const response = await post({ 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(rejected);
  });

  it('rejects same-site requests from a sibling subdomain', async () => {
    expect((await post({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
  });

  it('lets same-origin and user-initiated requests through to the route', async () => {
    for (const site of ['same-origin', 'none']) {
      const response = await post({ 'sec-fetch-site': site });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ written: true });
    }
  });

  it('falls back to Origin when Sec-Fetch-Site is absent', async () => {
    const foreign = await post({ origin: 'https://evil.example.com' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(rejected);
    expect((await post({ origin: 'null' })).statusCode).toBe(403);
    expect((await post({ origin: 'not a url' })).statusCode).toBe(403);
    // Same host but another port is another origin.
    expect((await post({ origin: 'https://pest.example.org:8443' })).statusCode).toBe(403);
    expect((await post({ origin: 'https://pest.example.org' })).statusCode).toBe(200);
  });

  it('lets non-browser clients without provenance headers through', async () => {
    expect((await post({})).statusCode).toBe(200);
  });

  it('never blocks safe methods', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/read',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example.com' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('cross-origin protection in the application', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
  });
  afterAll(() => test.close());

  it('guards the information service', async () => {
    const crossSite = await test.app.inject({
      method: 'POST',
      url: '/api/info/anything',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual(rejected);

    // Same origin gets past the guard to routing, which has no such call.
    const sameOrigin = await test.app.inject({
      method: 'POST',
      url: '/api/info/anything',
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(sameOrigin.statusCode).toBe(404);
  });
});
