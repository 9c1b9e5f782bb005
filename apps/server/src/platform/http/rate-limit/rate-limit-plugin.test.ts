import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { startWellInsideWindow } from '../../../test/rate-limit-window';
import { rateLimitBudgets } from './rate-limit-budgets';
import { rateLimitPlugin } from './rate-limit-plugin';

const smallBudgets = {
  SEED_DEMO_CONTENT: 'false',
  RATE_LIMIT_PAGE_MAX: '3',
  RATE_LIMIT_API_MAX: '4',
  RATE_LIMIT_SUGGEST_MAX: '2',
  RATE_LIMIT_FILES_MAX: '5',
};
const rateLimitedBody = { error: { code: 'RATE_LIMITED', message: '請求過於頻繁，請稍後再試' } };

function expectRetryAfter(headers: Record<string, unknown>, windowSeconds = 60) {
  const retryAfter = Number(headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('rate limits', () => {
  beforeEach(() => startWellInsideWindow(), 30_000);
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp(smallBudgets);
  }, 60_000);
  afterAll(() => test.close());

  const page = (remoteAddress: string) =>
    test.app.inject({ method: 'GET', url: '/search/bug/detail?id=1', remoteAddress });
  const call = (name: string, body: unknown, remoteAddress: string) =>
    test.app.inject({ method: 'POST', url: `/api/info/${name}`, payload: body as object, remoteAddress });

  it('answers a page over budget with 429, Retry-After and a Chinese page', async () => {
    for (let request = 0; request < 3; request += 1) {
      expect((await page('203.0.113.10')).statusCode).not.toBe(429);
    }
    const limited = await page('203.0.113.10');
    expect(limited.statusCode).toBe(429);
    expectRetryAfter(limited.headers);
    expect(limited.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(limited.body).toContain('<html lang="zh-Hant-TW">');
    expect(limited.body).toContain('<h1>請求過於頻繁，請稍後再試</h1>');
    expect(limited.body).toContain('<a href="/">回到首頁</a>');
    expect(limited.body).not.toContain('<script');
    // Another visitor is not affected.
    expect((await page('203.0.113.11')).statusCode).not.toBe(429);
  });

  it('answers an API call over budget with 429, Retry-After and the error JSON', async () => {
    for (let request = 0; request < 4; request += 1) {
      expect((await call('bugCount', {}, '203.0.113.20')).statusCode).toBe(200);
    }
    const limited = await call('bugCount', {}, '203.0.113.20');
    expect(limited.statusCode).toBe(429);
    expectRetryAfter(limited.headers);
    expect(limited.headers['content-type']).toMatch(/^application\/json/);
    expect(limited.json()).toEqual(rateLimitedBody);
  });

  it('counts an API call against the API budget however its path is spelt (decision 0298)', async () => {
    const spelt = ['/api/info/bugCount', '/%61pi/info/bugCount', '/api/%69nfo/bugCount', '/api/info/bug%43ount'];
    for (const url of spelt) {
      const response = await test.app.inject({ method: 'POST', url, payload: {}, remoteAddress: '203.0.113.25' });
      expect(response.statusCode, url).toBe(200);
    }
    const limited = await test.app.inject({
      method: 'POST',
      url: '/%61pi/info/bugCount',
      payload: {},
      remoteAddress: '203.0.113.25',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(rateLimitedBody);
  });

  it('gives search suggestions a stricter budget of their own', async () => {
    const suggest = () => call('searchResultSu', { term: '蟲' }, '203.0.113.30');
    expect((await suggest()).statusCode).toBe(200);
    expect((await suggest()).statusCode).toBe(200);
    const limited = await suggest();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(rateLimitedBody);
    expectRetryAfter(limited.headers);
    // The other calls of the same client still have their own budget.
    expect((await call('bugCount', {}, '203.0.113.30')).statusCode).toBe(200);
  });

  it('groups IPv6 clients by /64 and never limits the hashed client bundles', async () => {
    for (let request = 0; request < 3; request += 1) {
      expect((await page(`2001:db8:1:2::${request + 1}`)).statusCode).not.toBe(429);
    }
    expect((await page('2001:db8:1:2::ff')).statusCode).toBe(429);
    for (let request = 0; request < 10; request += 1) {
      const asset = await test.app.inject({
        method: 'GET',
        url: '/assets/root-abc123.js',
        remoteAddress: '203.0.113.40',
      });
      expect(asset.statusCode).not.toBe(429);
    }
  });
});

describe('named budgets for forms and logins', () => {
  beforeEach(() => startWellInsideWindow(), 30_000);
  let test: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
    // A small app of its own on the test database, with routes as the accounts feature adds them.
    app = Fastify();
    await app.register(
      fp(
        async (scoped) => {
          scoped.decorate('db', test.app.db);
        },
        { name: 'database' },
      ),
    );
    await app.register(rateLimitPlugin, {
      basePath: '',
      syncMs: 1000,
      limits: {
        page: { max: 100, windowMs: 60_000 },
        api: { max: 100, windowMs: 60_000 },
        files: { max: 100, windowMs: 60_000 },
        suggest: { max: 100, windowMs: 60_000 },
        form: { max: 3, windowMs: 60_000 },
        login: { max: 2, windowMs: 900_000 },
        lookup: { max: 2, windowMs: 900_000 },
      },
    });
    app.post('/login', { config: { rateLimitBudget: rateLimitBudgets.login } }, async () => 'ok');
    app.post('/api/v1/session', { config: { rateLimitBudget: rateLimitBudgets.login } }, async () => ({ ok: true }));
    app.post('/contact', { config: { rateLimitBudget: rateLimitBudgets.form } }, async () => 'ok');
    app.get('/health', { config: { rateLimitBudget: false } }, async () => 'ok');
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await test.close();
  });

  it('limits sign-ins by the login budget, over a login window, on pages and API alike', async () => {
    const login = () => app.inject({ method: 'POST', url: '/login', remoteAddress: '198.51.100.5' });
    expect((await login()).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toBe('text/html; charset=utf-8');
    expectRetryAfter(limited.headers, 900);
    // One budget for every login route of a client.
    const api = await app.inject({ method: 'POST', url: '/api/v1/session', remoteAddress: '198.51.100.5' });
    expect(api.statusCode).toBe(429);
    expect(api.json()).toEqual(rateLimitedBody);
  });

  it('limits form posts by the form budget and leaves exempt routes alone', async () => {
    const post = () => app.inject({ method: 'POST', url: '/contact', remoteAddress: '198.51.100.6' });
    for (let request = 0; request < 3; request += 1) expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(429);
    for (let request = 0; request < 150; request += 1) {
      expect((await app.inject({ method: 'GET', url: '/health', remoteAddress: '198.51.100.6' })).statusCode).toBe(200);
    }
  });
});

// Several server processes on one PostgreSQL database share the counts.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('rate limits across server processes', () => {
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await buildTestApp(smallBudgets);
    second = await buildApp({ env: first.env, web: false, logger: false });
  }, 60_000);
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('counts the requests made to either process against one budget', async () => {
    const call = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/info/bugCount', payload: {}, remoteAddress: '192.0.2.50' });
    for (let request = 0; request < 4; request += 1) expect((await call(first.app)).statusCode).toBe(200);
    await first.app.rateLimitCounter.sync();
    // The second process has seen one request of this client; after its next sync it knows all five.
    expect((await call(second)).statusCode).toBe(200);
    await second.rateLimitCounter.sync();
    const limited = await call(second);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(rateLimitedBody);
    // And the first process learns the second's requests at its own next sync.
    expect((await call(first.app)).statusCode).toBe(429);
  });
});
