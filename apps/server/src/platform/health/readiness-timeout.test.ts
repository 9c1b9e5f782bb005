import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

// A storage that never answers: an S3 endpoint that takes connections and says nothing (the network
// edge, as a stalled object store looks to the server). /readyz must say so within READINESS_TIMEOUT_MS
// rather than wait with it; the other tests give the parts a minute (build-test-app.ts).
describe('/readyz with a part that does not answer', () => {
  let test: TestApp;
  let blackHole: net.Server;
  const held = new Set<net.Socket>();

  beforeAll(async () => {
    blackHole = net.createServer((socket) => {
      held.add(socket);
      socket.on('close', () => held.delete(socket));
    });
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const { port } = blackHole.address() as AddressInfo;
    test = await buildTestApp({
      READINESS_TIMEOUT_MS: '300',
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'stalled',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
  }, 120_000);
  afterAll(async () => {
    // The store goes away (connections refused from now on), so the client's retries end at once.
    const closed = new Promise((resolve) => blackHole?.close(resolve));
    for (const socket of held) socket.destroy();
    await closed;
    await test?.close();
  });

  it('answers 503 naming the storage as timed out, and the database as ready', async () => {
    const began = Date.now();
    const ready = await test.app.inject({ url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(503);
    expect(ready.json()).toMatchObject({
      status: 'not ready',
      checks: { database: 'ok', migrations: 'ok', storage: 'timeout' },
      failing: ['storage'],
    });
    // Well within the proxy's patience, whatever the store does (the limit is 0.3 s; a busy machine adds).
    expect(Date.now() - began).toBeLessThan(30_000);
  });
});
