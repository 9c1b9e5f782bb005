import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/** A message the fake push service took, decrypted with the subscription's keys. */
export interface PushDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  payload: unknown;
}

/** A browser's side of a subscription: its endpoint on the fake service and its private keys. */
export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** What the page sends the server: `PushSubscription.toJSON()`. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
}

/** A push service on 127.0.0.1 speaking the Web Push protocol (RFC 8030) for tests. Why: decision 0400. */
export async function startFakePushService() {
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const statuses = new Map<string, number>();
  const deliveries: PushDelivery[] = [];
  const waiters: Array<() => void> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const status = statuses.get(path) ?? 201;
      const browser = browsers.get(path);
      let payload: unknown = null;
      if (browser && status === 201) {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: browser.ecdh,
          authSecret: browser.auth.toString('base64url'),
        });
        payload = JSON.parse(plain.toString('utf8'));
      }
      deliveries.push({ path, headers: request.headers, payload });
      for (const wake of waiters.splice(0)) wake();
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let count = 0;
  return {
    deliveries,
    /** A new browser subscription whose endpoint is on this service. */
    subscription(): FakeSubscription {
      count += 1;
      const path = `/push/${count}-${randomBytes(6).toString('hex')}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(path, { ecdh, auth });
      const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') };
      return { endpoint: `${base}${path}`, keys, json: { endpoint: `${base}${path}`, keys } };
    },
    /** Makes the service answer this status for the subscription from now on (404, 410: gone). */
    answer(subscription: FakeSubscription, status: number) {
      statuses.set(new URL(subscription.endpoint).pathname, status);
    },
    /** The messages a subscription received, waiting (no sleep) until there are at least `count`. */
    async waitFor(subscription: FakeSubscription, count = 1, timeoutMs = 15_000): Promise<PushDelivery[]> {
      const path = new URL(subscription.endpoint).pathname;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = deliveries.filter((delivery) => delivery.path === path);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`push: ${found.length} of ${count} messages to ${path}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 250);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;
