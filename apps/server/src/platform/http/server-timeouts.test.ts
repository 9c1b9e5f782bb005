import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

/** Opens a raw socket, sends `request`, and resolves with what came back once the server closed it. */
function holdOpen(
  port: number,
  request: string,
  giveUpMs = 15_000,
): Promise<{ answer: string; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    // Only a safety net so a server without limits fails the test instead of hanging it.
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closedByServer: false });
    }, giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error);
    });
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ answer, closedByServer: true });
    });
    socket.on('connect', () => socket.write(request));
  });
}

describe('connection time limits and cap', () => {
  let test: TestApp;
  let port: number;
  beforeAll(async () => {
    test = await buildTestApp({
      SEED_DEMO_CONTENT: 'false',
      HEADERS_TIMEOUT_MS: '300',
      REQUEST_TIMEOUT_MS: '600',
      MAX_CONNECTIONS: '3',
    });
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    port = (test.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => test.close());

  it('answers 408 and closes a connection whose body trickles in slower than the request limit', async () => {
    const { answer, closedByServer } = await holdOpen(
      port,
      'POST /api/info/bugCount HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"',
    );
    expect(closedByServer).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection whose headers never finish', async () => {
    const { answer, closedByServer } = await holdOpen(port, 'GET /api/v1/system-settings/1 HTTP/1.1\r\nHost: x\r\n');
    expect(closedByServer).toBe(true);
    expect(answer).toMatch(/^(HTTP\/1\.1 408 |$)/);
  });

  it('closes connections past MAX_CONNECTIONS at once, and serves again when they are gone', async () => {
    // Each held connection has had its answer and waits under the keep-alive time (72 s): a socket
    // that never sent a request would be closed by the 300 ms header limit on a slow machine,
    // freeing a place before the fourth arrives.
    const held = await Promise.all(
      Array.from({ length: 3 }, () => {
        const socket = net.connect(port, '127.0.0.1');
        socket.on('connect', () => socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'));
        return new Promise<net.Socket>((resolve) => socket.once('data', () => resolve(socket)));
      }),
    );
    // The server counts a socket once it has accepted it.
    await expect.poll(() => new Promise((resolve) => test.app.server.getConnections((_e, n) => resolve(n)))).toBe(3);
    const refused = await holdOpen(port, 'GET /api/v1/system-settings/1 HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(refused).toEqual({ answer: '', closedByServer: true });
    for (const socket of held) socket.destroy();
    await expect.poll(() => new Promise((resolve) => test.app.server.getConnections((_e, n) => resolve(n)))).toBe(0);
    const response = await fetch(`http://127.0.0.1:${port}/api/openapi.json`);
    expect(response.status).toBe(200);
    // Read to the end: a connection whose answer is never read is not idle, and closing the app
    // would wait for its keep-alive time (72 s).
    await response.arrayBuffer();
  });
});
