import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

const errorShape = { error: { code: expect.any(String), message: expect.any(String) } };

/** Sends raw bytes over a real socket and resolves with the status line and body the server sent. */
function rawRequest(port: number, request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
      const end = answer.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(answer)?.[1];
      if (end >= 0 && length && Buffer.byteLength(answer.slice(end + 4)) >= Number(length)) socket.end();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) });
    });
    socket.on('connect', () => socket.write(request));
  });
}

describe('bad input is the client’s 4xx, with one error shape and one log line', () => {
  let test: TestApp;
  let port: number;
  const logLines: string[] = [];
  beforeAll(async () => {
    test = await buildTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void logLines.push(line) } },
    );
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    port = (test.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => test.close());

  const call = (name: string, payload: unknown) =>
    test.app.inject({ method: 'POST', url: `/api/info/${name}`, payload: payload as object });

  it.each([
    ['pesticidesel', { n1: '稻\u0000熱病' }],
    ['pesticidesel', { n1: '\u0000' }],
    ['pesticide', { n1: '稻熱病', n2: '水\u0000稻' }],
    ['pesticide', { n1: '稻\u0000熱病', n2: '水稻' }],
  ])('answers a NUL byte in a pesticide name with 400 (%s %j)', async (name, payload) => {
    const response = await call(name, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it.each(['2147483648', '99999999999', '0x1', '1e0', '%201', '-1', '0', 'true', '[1]'])(
    'answers the id %s of /api/v1/system-settings with 400, never coerced',
    async (id) => {
      const response = await test.app.inject({ method: 'GET', url: `/api/v1/system-settings/${id}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject(errorShape);
    },
  );

  it.each([['0x1'], ['1e0'], [' 1'], [true], ['[1]'], [2147483648], ['2147483648']])(
    'answers the id %j of an information call with 400',
    async (id) => {
      const response = await call('loadDetail', { n1: id });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    },
  );

  it('reads a DELETE sent with a JSON content type and no body as one without a body', async () => {
    const headers = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
    // Without a session the cart answers 401, as it does without the header: the empty body is no 400.
    const withHeader = await test.app.inject({ method: 'DELETE', url: '/api/v1/shopping-carts/1', headers });
    const without = await test.app.inject({ method: 'DELETE', url: '/api/v1/shopping-carts/1' });
    expect(withHeader.statusCode).toBe(without.statusCode);
    expect(withHeader.statusCode).toBe(401);
    // A POST with the same empty body is still refused as malformed JSON.
    const post = await test.app.inject({ method: 'POST', url: '/api/v1/shopping-carts', headers });
    expect(post.statusCode).toBe(400);
    expect(post.json()).toMatchObject(errorShape);
  });

  it('still reads a well-formed id, as a number or a string of digits', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/v1/system-settings/1' })).statusCode).toBe(200);
    expect((await call('loadDetail', { n1: '1' })).statusCode).not.toBe(400);
  });

  it.each([
    ['a malformed address', { method: 'GET', url: '/api/%' }, 400],
    ['an unknown address outside every route', { method: 'GET', url: '/nothing-here' }, 404],
    [
      'invalid JSON',
      { method: 'POST', url: '/api/info/bugCount', payload: '{', headers: { 'content-type': 'application/json' } },
      400,
    ],
    [
      'an unsupported body type',
      { method: 'POST', url: '/api/info/bugCount', payload: 'x', headers: { 'content-type': 'text/csv' } },
      415,
    ],
    ['TRACE', { method: 'TRACE', url: '/' }, 405],
  ] as const)('answers %s with the one error shape', async (_label, request, status) => {
    const response = await test.app.inject(request as never);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(errorShape);
  });

  it('answers TRACE and HTTP/1.0 without Host over a real socket with 4xx', async () => {
    const trace = await rawRequest(port, 'TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(trace.status).toBe(405);
    expect(JSON.parse(trace.body)).toMatchObject({ error: { code: 'METHOD_NOT_ALLOWED' } });
    for (const path of ['/', '/search/bug', '/api/v1/system-settings/1']) {
      const noHost = await rawRequest(port, `GET ${path} HTTP/1.0\r\n\r\n`);
      expect(noHost.status).toBe(400);
      expect(JSON.parse(noHost.body)).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
    const malformed = await rawRequest(port, 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body)).toEqual(errorShape);
  });

  it('logs one line per 4xx, without a stack trace, during a flood of 404s and 405s', async () => {
    logLines.length = 0;
    for (let index = 0; index < 20; index += 1) {
      await test.app.inject({ method: 'TRACE', url: `/api/x${index}` });
      await test.app.inject({ method: 'GET', url: `/nothing-${index}` });
      await test.app.inject({ method: 'GET', url: `/api/v1/system-settings/${2 ** 31 + index}` });
    }
    expect(logLines).toHaveLength(60);
    for (const line of logLines) {
      const entry = JSON.parse(line) as Record<string, unknown>;
      expect(entry.msg).toBe('request completed');
      expect(entry.statusCode).toBeGreaterThanOrEqual(400);
      expect(line).not.toMatch(/stack|"err"/);
    }
  });
});
