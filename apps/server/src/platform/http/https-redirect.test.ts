import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

describe('FORCE_HTTPS', () => {
  let direct: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    const site = { FORCE_HTTPS: 'true', PUBLIC_URL: 'https://pest.example.org', SEED_DEMO_CONTENT: 'false' };
    direct = await buildTestApp(site);
    behindProxy = await buildTestApp({ ...site, TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => Promise.all([direct.close(), behindProxy.close()]));

  it('sends a plain-http GET to the same URL over https with 301', async () => {
    const response = await direct.app.inject({
      method: 'GET',
      url: '/api/v1/carousels?x=1',
      headers: { host: 'pest.example.org' },
    });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('https://pest.example.org/api/v1/carousels?x=1');
  });

  it('answers the health probes and the metrics scrape over plain http, as a load balancer sends them', async () => {
    for (const url of ['/healthz', '/readyz', '/metrics']) {
      const response = await direct.app.inject({ method: 'GET', url, headers: { host: '10.0.0.5:3001' } });
      expect(response.statusCode, url).not.toBe(301);
      expect(response.headers.location, url).toBeUndefined();
    }
    // The same paths under another method, or with a suffix, are other routes: redirected.
    const other = await direct.app.inject({ method: 'GET', url: '/healthz/x', headers: { host: 'pest.example.org' } });
    expect(other.statusCode).toBe(301);
  });

  it('redirects other methods with 308 so the body is sent again', async () => {
    const response = await direct.app.inject({
      method: 'POST',
      url: '/api/info/anything',
      headers: { host: 'pest.example.org' },
      payload: {},
    });
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe('https://pest.example.org/api/info/anything');
  });

  it('redirects to the host of PUBLIC_URL, never to a forged Host header', async () => {
    for (const host of ['evil.example', 'evil.example:8443', 'pest.example.org@evil.example']) {
      const response = await direct.app.inject({ method: 'GET', url: '/search/bug?term=x', headers: { host } });
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe('https://pest.example.org/search/bug?term=x');
    }
  });

  it('ignores X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    const response = await direct.app.inject({
      method: 'GET',
      url: '/api/v1/carousels',
      headers: { host: 'pest.example.org', 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(301);
  });

  it('serves requests a trusted proxy forwarded over https, with HSTS', async () => {
    const response = await behindProxy.app.inject({
      method: 'GET',
      url: '/api/v1/carousels',
      headers: { host: 'pest.example.org', 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toContain('max-age=15552000');
  });

  it('still redirects what the trusted proxy received over plain http', async () => {
    const response = await behindProxy.app.inject({
      method: 'GET',
      url: '/api/v1/carousels',
      headers: { host: 'pest.example.org', 'x-forwarded-proto': 'http' },
    });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('https://pest.example.org/api/v1/carousels');
  });
});
