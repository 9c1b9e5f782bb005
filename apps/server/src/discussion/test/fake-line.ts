import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export interface PushedMessage {
  authorization: string | undefined;
  retryKey: string | undefined;
  body: { to: string; messages: Array<{ type: string; text: string }> };
}

/**
 * A stand-in for LINE's API on 127.0.0.1 (tests run the real verification code against
 * a fake LINE endpoint): its published keys at /oauth2/v2.1/certs and the Messaging API's push.
 * It signs ID tokens as LINE does (ES256, issuer https://access.line.me) — or wrongly, on request.
 */
export interface FakeLine {
  baseUrl: string;
  pushes: PushedMessage[];
  /** What the next pushes answer (LINE's 500 makes the job retry). */
  pushStatus: number;
  token(claims: {
    sub: string;
    name?: string;
    picture?: string;
    aud?: string;
    iss?: string;
    expiresIn?: string | number;
    key?: 'line' | 'other';
  }): Promise<string>;
  close(): Promise<void>;
}

export const channelId = '1234567890';
export const liffId = '1234567890-AbCdEfGh';

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

export async function startFakeLine(): Promise<FakeLine> {
  const line = await generateKeyPair('ES256');
  const other = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(line.publicKey)), kid: 'line-key-1', alg: 'ES256', use: 'sig' };
  const fake: Partial<FakeLine> & { pushes: PushedMessage[]; pushStatus: number } = { pushes: [], pushStatus: 200 };
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'GET' && request.url === '/oauth2/v2.1/certs') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (request.method === 'POST' && request.url === '/v2/bot/message/push') {
      const body = JSON.parse(await read(request)) as PushedMessage['body'];
      const retryKey = request.headers['x-line-retry-key'];
      fake.pushes.push({
        authorization: request.headers.authorization,
        retryKey: typeof retryKey === 'string' ? retryKey : undefined,
        body,
      });
      response.writeHead(fake.pushStatus, { 'content-type': 'application/json' });
      response.end('{}');
      return;
    }
    response.writeHead(404).end();
  };
  const server: Server = createServer((request, response) => {
    answer(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const sign = (key: CryptoKey, kid: string, claims: Parameters<FakeLine['token']>[0]) =>
    new SignJWT({ name: claims.name ?? '王小明', picture: claims.picture ?? 'https://profile.line-scdn.net/abc' })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuer(claims.iss ?? 'https://access.line.me')
      .setSubject(claims.sub)
      .setAudience(claims.aud ?? channelId)
      .setIssuedAt(typeof claims.expiresIn === 'number' ? claims.expiresIn - 3600 : undefined)
      .setExpirationTime(claims.expiresIn ?? '1h')
      .sign(key);
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}`,
    token: (claims: Parameters<FakeLine['token']>[0]) =>
      // A token signed with a key LINE never published, under LINE's key id: a forgery.
      claims.key === 'other'
        ? sign(other.privateKey, 'line-key-1', claims)
        : sign(line.privateKey, 'line-key-1', claims),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }) as FakeLine;
}
