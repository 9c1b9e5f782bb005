import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { readMime, type ReadMail } from '../../test/read-mime';
import type { ReceivedMail, SmtpPeer } from '../../test/smtp-peer';

/** Solves the site's ALTCHA challenge as the widget does and returns the form field's value. */
export async function solveAltcha(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ url: '/api/v1/altcha-challenge' });
  const challenge = response.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the ALTCHA challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The value of one cookie a response sets, or undefined. */
export function setCookie(
  response: LightMyRequestResponse,
  name: string,
): { value: string; header: string } | undefined {
  const headers = response.headers['set-cookie'];
  const list = Array.isArray(headers) ? headers : headers ? [headers] : [];
  const header = list.find((entry) => entry.startsWith(`${name}=`));
  if (!header) return undefined;
  return { value: header.slice(name.length + 1).split(';')[0] ?? '', header };
}

/** A browser of sorts: keeps the session and XSRF cookies between requests. */
export class CookieClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private app: FastifyInstance,
    readonly ip = '198.51.100.10',
  ) {}

  /** Sends requests to another app instance from now on (two processes on one database). */
  use(app: FastifyInstance): this {
    this.app = app;
    return this;
  }

  async request(options: InjectOptions & { xsrf?: boolean }): Promise<LightMyRequestResponse> {
    const cookieHeader = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const { xsrf: sendXsrf, ...rest } = options;
    const response = await this.app.inject({
      remoteAddress: this.ip,
      ...rest,
      headers: {
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...(sendXsrf && xsrf ? { 'x-xsrf-token': xsrf } : {}),
        ...(rest.headers ?? {}),
      },
    });
    const headers = response.headers['set-cookie'];
    for (const header of Array.isArray(headers) ? headers : headers ? [headers] : []) {
      const [pair = ''] = header.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === '' || /Max-Age=0/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  call(name: string, payload: object): Promise<LightMyRequestResponse> {
    return this.request({ method: 'POST', url: `/api/info/${name}`, payload });
  }
}

/** Reads the mails an SMTP peer received, one address at a time, in the order they came. */
export class Mailbox {
  private readonly read = new Set<ReceivedMail>();

  constructor(private readonly peer: SmtpPeer) {}

  /**
   * The first mail to `to` not read yet (waits for it), decoded; with `subject`, the first of those
   * whose subject contains it. Two mails queued at once (a registration's confirmation and a change notice)
   * are sent in no promised order: a test that reads both names the one it wants.
   */
  async next(to: string, subject?: string): Promise<ReadMail> {
    const mail = await this.peer.waitFor(
      (candidate) =>
        !this.read.has(candidate) &&
        candidate.to.includes(to) &&
        (subject === undefined || readMime(candidate.raw).subject.includes(subject)),
    );
    this.read.add(mail);
    return readMime(mail.raw);
  }
}

/** The one-time token of a mail's link. */
export function linkToken(mail: ReadMail): string {
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no link with a token in: ${mail.text}`);
  return token;
}
