import { readdir } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { documentedSecurityHeaders, headerProblems } from '../../test/documented-security-headers';
import { metricValue } from '../../test/metric-value';
import { webBuildForTests, type WebBuild } from '../../test/web-build';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers of the connection, not of the answer: Node sets them for both paths alike. */
const metricsToken = 'fast-path-metrics-token-0123';
const connectionHeaders = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function comparable(headers: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!connectionHeaders.has(name.toLowerCase()) && value !== undefined) result[name.toLowerCase()] = String(value);
  }
  return result;
}

/**
 * A stored page through a real socket, where the fast path answers it in Node's request event
 * (decision 0082), compared with the same page through `app.inject`, which goes straight to
 * Fastify's routing, hooks and route — the normal path.
 */
describe('stored pages answered before Fastify (fast path)', () => {
  let test: TestApp;
  let web: WebBuild;
  let origin: string;
  let recordIds: number[];
  const logLines: Array<Record<string, unknown>> = [];
  // Behind a trusted proxy over https: each test is its own client (X-Forwarded-For), with its own budget.
  const pageBudget = 6;
  const windowSeconds = 86_400;
  const proxied = (client: string) => ({ 'x-forwarded-proto': 'https', 'x-forwarded-for': client });

  const overSocket = (path: string, headers: Record<string, string>, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const request = http.request(`${origin}${path}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: comparable(response.headers),
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on('error', reject);
      request.end();
    });
  const throughFastify = async (path: string, headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') => {
    const response: LightMyRequestResponse = await test.app.inject({ method, url: path, headers });
    return { status: response.statusCode, headers: comparable(response.headers), body: response.rawPayload };
  };
  /** The metrics as Prometheus reads them (the token's way). */
  const scrape = async () =>
    (
      await test.app.inject({
        url: '/metrics',
        headers: { ...proxied('203.0.113.90'), authorization: `Bearer ${metricsToken}` },
      })
    ).body;
  const linesFor = (url: string) => logLines.filter((line) => line.url === url && line.msg === 'request completed');

  beforeAll(async () => {
    web = await webBuildForTests();
    test = await buildTestApp(
      {
        WEB_BUILD_DIR: web.dir,
        FORCE_HTTPS: 'true',
        TRUST_PROXY: 'true',
        PUBLIC_URL: 'https://pest.example.org',
        RATE_LIMIT_PAGE_MAX: String(pageBudget),
        // A day's window: the budget test's requests must not straddle two windows (fixed, clock-aligned),
        // which on a busy machine a minute's window sometimes did.
        RATE_LIMIT_WINDOW_SECONDS: String(windowSeconds),
        LOG_LEVEL: 'info',
        METRICS_TOKEN: metricsToken,
      },
      {
        web: true,
        logStream: { write: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>) },
      },
    );
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
    const result = await test.app.inject({
      method: 'POST',
      url: '/api/info/searchResult',
      headers: proxied('198.51.100.1'),
      payload: { term: '', ty: 'y,y,y,y', pageSize: 20 },
    });
    recordIds = (result.json() as { d: { items: Array<{ id: number }> } }).d.items.map((item) => item.id);
    expect(recordIds.length).toBeGreaterThan(4);
  }, 300_000);
  afterAll(async () => {
    await test?.close();
    await web?.remove();
  });

  it('sends the bytes and the very headers Fastify sends a cache hit, in every encoding, for HEAD and for a 304', async () => {
    const path = `/search/bug/detail?id=${recordIds[0]}`;
    const client = proxied('203.0.113.10');
    const rendered = await throughFastify(path, client);
    expect(rendered.status).toBe(200);
    const etag = rendered.headers.etag ?? '';
    // Each encoding is made when a request first asks for it (decision 0453): asked for here until it is there.
    let asker = 0;
    for (const encoding of ['br', 'gzip']) {
      await vi.waitFor(async () => {
        const answer = await overSocket(path, {
          ...proxied(`198.51.100.${50 + (asker += 1)}`),
          'accept-encoding': encoding,
        });
        expect(answer.headers['content-encoding']).toBe(encoding);
      });
    }
    const variants: Array<[string, Record<string, string>, 'GET' | 'HEAD']> = [
      ['identity', {}, 'GET'],
      ['Brotli', { 'accept-encoding': 'gzip, deflate, br' }, 'GET'],
      ['gzip', { 'accept-encoding': 'gzip' }, 'GET'],
      ['with a cookie', { cookie: 'session=abc', 'accept-encoding': 'br' }, 'GET'],
      ['HEAD', { 'accept-encoding': 'br' }, 'HEAD'],
      ['revalidation', { 'if-none-match': etag, 'accept-encoding': 'br' }, 'GET'],
    ];
    for (const [index, [name, headers, method]] of variants.entries()) {
      // One client per variant, so the two requests stay within its budget.
      const variantClient = proxied(`203.0.113.${100 + index}`);
      const normal = await throughFastify(path, { ...variantClient, ...headers }, method);
      const fast = await overSocket(path, { ...variantClient, ...headers }, method);
      expect(fast.status, name).toBe(normal.status);
      expect(fast.headers, name).toEqual(normal.headers);
      expect(fast.body.equals(normal.body), name).toBe(true);
    }
    const brotli = await overSocket(path, { ...client, 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['strict-transport-security']).toContain('max-age=15552000');
    expect(brotli.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(brotli.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const revalidated = await overSocket(path, { ...client, 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });

  it('answers before Fastify, logs the one line Fastify would with a request id, and counts it in the metrics', async () => {
    const path = `/search/bug/detail?id=${recordIds[1]}`;
    const client = proxied('203.0.113.11');
    await throughFastify(path, client);
    const viaFastify = linesFor(path);
    expect(viaFastify).toHaveLength(1);
    expect(viaFastify[0]?.reqId).toBeDefined();
    const pagesAnswered = 'pest_http_requests_total{method="GET",route="/*",status_code="200"}';
    const before = await scrape();
    await overSocket(path, { ...client, 'x-request-id': 'proxy-request-0001' });
    const after = await scrape();
    const lines = linesFor(path);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({
      method: 'GET',
      url: path,
      statusCode: 200,
      fastPath: true,
      reqId: 'proxy-request-0001',
    });
    expect(typeof lines[1]?.responseTime).toBe('number');
    // The fast path's answer is counted although no Fastify hook saw it.
    expect(metricValue(after, pagesAnswered)).toBe((metricValue(before, pagesAnswered) ?? 0) + 1);
    expect(metricValue(after, 'pest_page_cache_hits_total')).toBe(
      (metricValue(before, 'pest_page_cache_hits_total') ?? 0) + 1,
    );
  });

  it('leaves plain http under FORCE_HTTPS and requests with credentials to Fastify', async () => {
    const path = `/search/bug/detail?id=${recordIds[2]}`;
    const client = proxied('203.0.113.12');
    await throughFastify(path, client);
    const plain = await overSocket(path, { 'x-forwarded-for': '203.0.113.12' });
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe(`https://pest.example.org${path}`);
    const before = linesFor(path).length;
    const withCredentials = await overSocket(path, { ...client, authorization: 'Bearer x' });
    expect(withCredentials.status).toBe(200);
    expect(withCredentials.headers['content-security-policy']).toContain("'nonce-");
    const lines = linesFor(path);
    expect(lines).toHaveLength(before + 1);
    expect(lines.at(-1)?.reqId).toBeDefined();
  });

  it('sends the documented security headers on every kind of answer, the fast path’s included', async () => {
    const documented = await documentedSecurityHeaders();
    const expected = { ...documented.always, ...documented.withForceHttps };
    expect(Object.keys(expected)).toContain('strict-transport-security');
    await test.app.storage.put('public/security-headers.jpg', Buffer.from('jpeg'));
    await test.app.storage.put('public/security-headers.html', Buffer.from('<script>alert(1)</script>'));
    const asset = (await readdir(path.join(web.dir, 'client', 'assets'))).find((name) => name.endsWith('.js'));
    const page = `/search/bug/detail?id=${recordIds[4]}`;

    const kinds: Array<[kind: string, path: string, headers: Record<string, string>, status: number]> = [
      ['a page rendered (and stored)', page, {}, 200],
      ['the same page from the page cache, by the fast path', page, {}, 200],
      ['a page rendered for a request with credentials', page, { authorization: 'Bearer x' }, 200],
      ['a JSON answer', '/api/v1/carousels', {}, 200],
      ['a JSON error', '/api/v1/no-such-thing', {}, 404],
      ['a stored file shown in place', '/files/public/security-headers.jpg', {}, 200],
      ['a stored file sent as a download', '/files/public/security-headers.html', {}, 200],
      ['a built asset', `/assets/${asset}`, {}, 200],
      ['a redirect of a page that needs a member', '/member', {}, 302],
      ['a redirect of an unknown path to the home page', '/no-such-page', {}, 302],
      ['an HTML error page', '/search/bug/detail?id=9999999', {}, 404],
    ];
    for (const [index, [kind, url, headers, status]] of kinds.entries()) {
      const answer = await overSocket(url, { ...proxied(`203.0.113.${60 + index}`), ...headers });
      expect(answer.status, kind).toBe(status);
      expect(headerProblems(expected, answer.headers), kind).toEqual([]);
      if (url === page)
        expect(answer.headers['content-security-policy'], kind).toMatch(/^default-src 'self'; script-src 'self' '/);
    }
    // The second answer of the page came from the fast path.
    expect(linesFor(page).map((line) => line.fastPath === true)).toEqual([false, true, false]);
    expect((await overSocket(page, proxied('203.0.113.80'), 'HEAD')).headers).toMatchObject(expected);
    // A request Node's parser refuses (a header line without a colon) never reaches Fastify: answered on the socket.
    const raw = await new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = net.connect(Number(new URL(origin).port), '127.0.0.1', () =>
        socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nnot a header\r\n\r\n'),
      );
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    const rawHeaders = Object.fromEntries(
      raw
        .split('\r\n\r\n')[0]!
        .split('\r\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    expect(headerProblems(expected, rawHeaders)).toEqual([]);
    // Plain http under FORCE_HTTPS: the redirect to https carries them too.
    const redirect = await overSocket('/api/v1/carousels', { 'x-forwarded-for': '203.0.113.81' });
    expect(redirect.status).toBe(301);
    expect(headerProblems(expected, redirect.headers)).toEqual([]);
  });

  it('counts every answer against the client budget and refuses past it with the 429 page', async () => {
    const path = `/search/bug/detail?id=${recordIds[3]}`;
    const client = proxied('203.0.113.13');
    // Not within a minute of the window's end (midnight UTC): wait it out.
    const untilWindowEnds = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
    if (untilWindowEnds < 60_000) await new Promise((resolve) => setTimeout(resolve, untilWindowEnds + 100));
    const statuses: number[] = [];
    for (let index = 0; index < pageBudget + 2; index += 1) statuses.push((await overSocket(path, client)).status);
    // The first request renders and stores the page; the rest are fast-path hits until the budget is spent.
    expect(statuses).toEqual([...Array<number>(pageBudget).fill(200), 429, 429]);
    const refused = await overSocket(path, client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body.toString('utf8')).toContain('lang="zh-Hant-TW"');
    const documented = await documentedSecurityHeaders();
    expect(headerProblems({ ...documented.always, ...documented.withForceHttps }, refused.headers)).toEqual([]);
    // Another client's budget is its own.
    expect((await overSocket(path, proxied('203.0.113.14'))).status).toBe(200);
  });
});
