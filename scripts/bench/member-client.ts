// One visitor of the two-server bench (two-servers.ts): HTTPS to nginx from an address of its own
// (127.0.0.x, bound as the connection's local address, so nginx's X-Forwarded-For names it and
// the servers' rate limits and robot checks count it apart), one kept-alive connection, a cookie
// jar, and the real ALTCHA proof of work solved with altcha-lib as the site's widget does.
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

export interface Send {
  method?: string;
  json?: unknown;
  form?: FormData;
  /** The XSRF double-submit pair a signed-in member's JSON writes need. */
  xsrf?: boolean;
  /** Ask for Brotli or gzip, as a browser does for a page (the body is then not decoded). */
  compressed?: boolean;
}

export class MemberClient {
  readonly cookies = new Map<string, string>();
  private readonly agent: https.Agent;

  constructor(
    private readonly origin: string,
    readonly address: string,
    ca: Buffer,
  ) {
    this.agent = new https.Agent({ keepAlive: true, maxSockets: 1, localAddress: address, ca });
  }

  async send(path: string, call: Send = {}): Promise<Answer> {
    const headers: Record<string, string> = call.compressed ? { 'accept-encoding': 'br, gzip' } : {};
    let body: Buffer | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = Buffer.from(JSON.stringify(call.json));
    } else if (call.form) {
      // The multipart framing exactly as a browser's FormData sends it.
      const request = new Request(this.origin, { method: 'POST', body: call.form });
      headers['content-type'] = request.headers.get('content-type') ?? '';
      body = Buffer.from(await request.arrayBuffer());
    }
    if (call.xsrf) {
      this.cookies.set('XSRF-TOKEN', this.cookies.get('XSRF-TOKEN') ?? `bench-${this.address}`);
      headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') as string;
    }
    if (body) headers.origin = this.origin;
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const began = performance.now();
    return new Promise<Answer>((resolve, reject) => {
      const request = https.request(
        new URL(path, this.origin),
        { method: call.method ?? (body ? 'POST' : 'GET'), headers, agent: this.agent },
        (response) => {
          for (const cookie of response.headers['set-cookie'] ?? []) {
            const [pair = ''] = cookie.split(';');
            const at = pair.indexOf('=');
            if (pair.slice(at + 1) === '' || /max-age=0/i.test(cookie)) this.cookies.delete(pair.slice(0, at));
            else this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
          }
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            // Compressed pages are counted as received, not decoded: the bench reads only JSON.
            resolve({
              status: response.statusCode ?? 0,
              body: response.headers['content-encoding'] ? '' : Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - began,
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  /** A JSON answer of the expected status, or an error naming the call. */
  async json<T>(path: string, call: Send = {}, expected = 200): Promise<T & { ms: number }> {
    const answer = await this.send(path, call);
    if (answer.status !== expected) throw new Error(`${path}: ${answer.status} ${answer.body.slice(0, 200)}`);
    return { ...(JSON.parse(answer.body) as T), ms: answer.ms };
  }

  /** A solved robot check, as the ALTCHA widget posts it (fetched and solved before the form is sent). */
  async altcha(): Promise<string> {
    const challenge = await this.json<Challenge>('/api/v1/altcha-challenge');
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('the ALTCHA challenge was not solved');
    const { ms: _ms, ...plain } = challenge as Challenge & { ms: number };
    return Buffer.from(JSON.stringify({ challenge: plain, solution })).toString('base64');
  }

  close(): void {
    this.agent.destroy();
  }
}
