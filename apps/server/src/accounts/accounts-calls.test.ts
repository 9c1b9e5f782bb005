import { accountMessages } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import type { AccountsServices } from './accounts-services';
import { accountTokens, members, sessions } from './schema';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer';
import { CookieClient, linkToken, Mailbox, setCookie, solveAltcha } from './test/account-test-client';

const password = 'Green-Leaf-2026';

describe('accounts: the older service calls and sessions', () => {
  let test: TestApp;
  let accounts: AccountsServices;
  let peer: SmtpPeer;
  let mailbox: Mailbox;
  let nextIp = 1;
  /** Each test's client has its own address, so per-client lockouts do not leak between tests. */
  const client = () => new CookieClient(test.app, `203.0.113.${nextIp++}`);

  const register = async (browser: CookieClient, account: string, extra: Record<string, unknown> = {}) => {
    const response = await browser.call('userNew', {
      account,
      name: `會員${account}`,
      email: `${account}@example.org`,
      class: 'vegetable',
      password,
      altcha: await solveAltcha(test.app),
      ...extra,
    });
    return response;
  };

  beforeAll(async () => {
    peer = await startSmtpPeer();
    mailbox = new Mailbox(peer);
    test = await buildTestApp({
      SEED_DEMO_CONTENT: 'false',
      RATE_LIMIT_LOGIN_MAX: '1000',
      RATE_LIMIT_FORM_MAX: '1000',
      SMTP_URL: peer.url,
      JOBS_POLL_SECONDS: '0.5',
      PUBLIC_URL: 'https://pest.example.org',
    });
    accounts = test.app.services.accounts;
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await peer?.close();
  });

  it('/userNew registers, signs in with an httpOnly SameSite=Lax cookie and mails a confirmation link that works once', async () => {
    const browser = client();
    const response = await register(browser, 'Farmer01');
    expect(response.statusCode, response.body).toBe(200);
    const { d } = response.json<{ d: string }>();
    expect(d).toMatch(/^vegetable;會員Farmer01;farmer01@example\.org;\d+$/);
    const cookie = setCookie(response, 'pest_session');
    expect(cookie?.header).toMatch(/HttpOnly/);
    expect(cookie?.header).toMatch(/SameSite=Lax/);
    expect(cookie?.header).not.toMatch(/Max-Age/);
    expect(cookie?.header).not.toMatch(/Secure/);
    const session = await browser.request({ url: '/api/v1/session' });
    expect(session.headers['cache-control']).toBe('private, no-store');
    expect(session.json()).toEqual({
      data: {
        account: 'farmer01',
        name: '會員Farmer01',
        class: 'vegetable',
        roles: ['member'],
        email_confirmed: false,
      },
    });
    // The token is stored only as a hash.
    const mail = await mailbox.next('farmer01@example.org');
    expect(mail.subject).toBe('【作物病蟲害資訊網】請確認您的電子郵件');
    expect(mail.text).toContain('會員Farmer01 您好：');
    expect(mail.html).toContain('https://pest.example.org/confirm-email?token=');
    const token = linkToken(mail);
    const stored = await test.app.db.select().from(accountTokens);
    expect(stored.some((row) => row.idHash === token)).toBe(false);
    await accounts.confirmEmail(token);
    await expect(accounts.confirmEmail(token)).rejects.toThrow(accountMessages.confirmTokenInvalid);
    expect((await browser.request({ url: '/api/v1/session' })).json().data.email_confirmed).toBe(true);
  });

  it('a second registration with the same account or e-mail is a 409 beside the field, not a second member', async () => {
    const browser = client();
    expect((await register(browser, 'twice')).statusCode).toBe(200);
    const again = await register(client(), 'TWICE', { email: 'other@example.org' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(accountMessages.accountTaken);
    const sameEmail = await register(client(), 'twice2', { email: 'twice@example.org' });
    expect(sameEmail.json().error.message).toBe(accountMessages.emailTaken);
    const rows = await test.app.db.select().from(members).where(eq(members.email, 'twice@example.org'));
    expect(rows).toHaveLength(1);
  });

  it('/userNew refuses a missing, wrong or replayed robot check, and a common or short password', async () => {
    const base = { account: 'robot', name: '機器人', email: 'robot@example.org', class: 'all', password };
    const missing = await client().call('userNew', base);
    expect(missing.statusCode).toBe(400);
    const wrong = await client().call('userNew', { ...base, altcha: Buffer.from('{"x":1}').toString('base64') });
    expect(wrong.json().error.message).toBe(accountMessages.robotCheckFailed);
    const altcha = await solveAltcha(test.app);
    expect((await client().call('userNew', { ...base, altcha })).statusCode).toBe(200);
    const replay = await client().call('userNew', { ...base, account: 'robot2', email: 'robot2@example.org', altcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(accountMessages.robotCheckFailed);
    const common = await client().call('userNew', {
      ...base,
      account: 'weak',
      email: 'weak@example.org',
      password: 'password123',
      altcha: await solveAltcha(test.app),
    });
    expect(common.statusCode).toBe(400);
    expect(common.body).toContain('這個密碼太常見');
    const short = await client().call('userNew', {
      ...base,
      account: 'weak',
      email: 'weak@example.org',
      password: 'abc',
      altcha: await solveAltcha(test.app),
    });
    expect(short.body).toContain('密碼至少 8 個字元');
    const long = await client().call('userNew', {
      ...base,
      account: 'longpw',
      email: 'longpw@example.org',
      password: 'x'.repeat(64) + '!Aa1',
      altcha: await solveAltcha(test.app),
    });
    expect(long.statusCode).toBe(200);
  });

  it('/chkiuser tells whether an account is taken, ignoring case', async () => {
    await register(client(), 'taken01');
    expect((await client().call('chkiuser', { a1: 'TAKEN01' })).json()).toEqual({ d: true });
    expect((await client().call('chkiuser', { a1: 'free01' })).json()).toEqual({ d: false });
  });

  it('/logini answers class;name;email;id, or the same fixed message for a wrong password and a missing account', async () => {
    await register(client(), 'logini01');
    const browser = client();
    const ok = await browser.call('logini', { a1: 'Logini01', a2: password });
    expect(ok.json().d).toMatch(/^vegetable;會員logini01;logini01@example\.org;\d+$/);
    expect(setCookie(ok, 'pest_session')).toBeDefined();
    const wrong = await client().call('logini', { a1: 'logini01', a2: 'not-the-password' });
    const missing = await client().call('logini', { a1: 'nobody-here', a2: 'not-the-password' });
    expect(wrong.json()).toEqual({ d: accountMessages.wrongAccountOrPassword });
    expect(missing.json()).toEqual({ d: accountMessages.wrongAccountOrPassword });
    expect(setCookie(wrong, 'pest_session')).toBeUndefined();
  });

  it('signing in again replaces the session (a new id each time) and logout ends it', async () => {
    await register(client(), 'rotate01');
    const browser = client();
    await browser.call('logini', { a1: 'rotate01', a2: password });
    const first = browser.cookies.get('pest_session');
    await browser.call('logini', { a1: 'rotate01', a2: password });
    const second = browser.cookies.get('pest_session');
    expect(second).not.toBe(first);
    const stale = new CookieClient(test.app, browser.ip);
    stale.cookies.set('pest_session', first ?? '');
    const staleSession = await stale.request({ url: '/api/v1/session' });
    expect(staleSession.json()).toEqual({ data: null });
    expect(setCookie(staleSession, 'pest_session')?.header).toMatch(/Max-Age=0/);
    await browser.request({ url: '/api/v1/session' });
    expect((await browser.request({ method: 'POST', url: '/api/v1/logout', xsrf: true })).statusCode).toBe(200);
    expect((await browser.request({ url: '/api/v1/session' })).json()).toEqual({ data: null });
  });

  it('five failures lock the account for everyone (even with the right password) with a message that does not reveal it exists', async () => {
    await register(client(), 'locked01');
    const attacker = client();
    const answers: string[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const altcha = attempt > 2 ? await solveAltcha(test.app) : undefined;
      const response = await attacker.call('logini', {
        a1: 'locked01',
        a2: `wrong-${attempt}`,
        ...(altcha ? { altcha } : {}),
      });
      answers.push(response.json().d);
    }
    expect(answers).toEqual([
      accountMessages.wrongAccountOrPassword,
      accountMessages.wrongAccountOrPassword,
      accountMessages.wrongAccountOrPassword,
      accountMessages.wrongAccountOrPassword,
      accountMessages.lockedOut,
    ]);
    // The owner, from another address, with the right password: still locked.
    const owner = await client().call('logini', { a1: 'locked01', a2: password, altcha: await solveAltcha(test.app) });
    expect(owner.json().d).toBe(accountMessages.lockedOut);
    // An account that does not exist locks the same way.
    const ghost = client();
    let last = '';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const altcha = attempt > 2 ? await solveAltcha(test.app) : undefined;
      last = (await ghost.call('logini', { a1: 'ghost-account', a2: 'x', ...(altcha ? { altcha } : {}) })).json().d;
    }
    expect(last).toBe(accountMessages.lockedOut);
    // Fifteen minutes later (the failures aged), the owner signs in.
    await test.app.db.execute(sql`update login_failures set at = at - interval '16 minutes'`);
    const later = await client().call('logini', { a1: 'locked01', a2: password });
    expect(later.json().d).toMatch(/^vegetable;/);
  });

  it('five failures from one client lock that client for every account; after three the robot check is required', async () => {
    await register(client(), 'victim01');
    await register(client(), 'victim02');
    const stuffer = client();
    const first = await stuffer.call('logini', { a1: 'victim01', a2: 'guess-1' });
    const second = await stuffer.call('logini', { a1: 'victim02', a2: 'guess-2' });
    expect([first.json().d, second.json().d]).toEqual([
      accountMessages.wrongAccountOrPassword,
      accountMessages.wrongAccountOrPassword,
    ]);
    // Two typos from a shared address do not bother everyone behind it yet; a third does.
    expect(await accounts.clientNeedsAltcha(stuffer.ip)).toBe(false);
    await stuffer.call('logini', { a1: 'someone-else', a2: 'guess-3' });
    expect(await accounts.clientNeedsAltcha(stuffer.ip)).toBe(true);
    const withoutCheck = await stuffer.call('logini', { a1: 'victim01', a2: password });
    expect(withoutCheck.json().d).toBe(accountMessages.robotCheckRequired);
    for (const guess of ['guess-4', 'guess-5']) {
      await stuffer.call('logini', { a1: `someone-${guess}`, a2: guess, altcha: await solveAltcha(test.app) });
    }
    const locked = await stuffer.call('logini', { a1: 'victim02', a2: password, altcha: await solveAltcha(test.app) });
    expect(locked.json().d).toBe(accountMessages.lockedOut);
    // Another client is not locked.
    expect((await client().call('logini', { a1: 'victim02', a2: password })).json().d).toMatch(/^vegetable;/);
  });

  it('/userUpdate and /userUpdatep change only the signed-in member, never one named in the body (IDOR)', async () => {
    const a = client();
    const b = client();
    await register(a, 'membera');
    const bId = Number((await register(b, 'memberb')).json().d.split(';')[3]);
    const update = await a.call('userUpdate', {
      name: '改名A',
      email: 'membera-new@example.org',
      class: 'fruit',
      id: bId,
      account: 'memberb',
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().d).toMatch(/^fruit;改名A;membera-new@example\.org;\d+$/);
    const [bRow] = await test.app.db.select().from(members).where(eq(members.id, bId));
    expect(bRow).toMatchObject({ name: '會員memberb', email: 'memberb@example.org', memberClass: 'vegetable' });
    // A changed address must be confirmed again.
    expect((await a.request({ url: '/api/v1/session' })).json().data.email_confirmed).toBe(false);
    expect((await mailbox.next('membera-new@example.org')).subject).toContain('確認');
    // Taking B's address is refused.
    const steal = await a.call('userUpdate', { name: 'A', email: 'memberb@example.org', class: 'all' });
    expect(steal.statusCode).toBe(409);
    // Anonymous: 401.
    expect((await client().call('userUpdate', { name: 'x', email: 'x@example.org', class: 'all' })).statusCode).toBe(
      401,
    );
    expect((await client().call('userUpdatep', { a1: 'New-Password-1', a2: password })).statusCode).toBe(401);
  });

  it('/userUpdatep takes a2 as the current password and a1 as the new, and ends every other session', async () => {
    await register(client(), 'changer');
    const here = client();
    const elsewhere = client();
    await here.call('logini', { a1: 'changer', a2: password });
    await elsewhere.call('logini', { a1: 'changer', a2: password });
    const wrong = await here.call('userUpdatep', { a1: 'Brand-New-Pass-9', a2: 'not-current' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(accountMessages.wrongCurrentPassword);
    const before = here.cookies.get('pest_session');
    const ok = await here.call('userUpdatep', { a1: 'Brand-New-Pass-9', a2: password });
    expect(ok.json()).toEqual({ d: true });
    expect(here.cookies.get('pest_session')).not.toBe(before);
    expect((await here.request({ url: '/api/v1/session' })).json().data.account).toBe('changer');
    expect((await elsewhere.request({ url: '/api/v1/session' })).json()).toEqual({ data: null });
    expect((await client().call('logini', { a1: 'changer', a2: 'Brand-New-Pass-9' })).json().d).toMatch(/;\d+$/);
  });

  it('forgot password answers the same either way; the reset link works once, within 30 minutes, and ends every session', async () => {
    await register(client(), 'forgetful');
    const signedIn = client();
    await signedIn.call('logini', { a1: 'forgetful', a2: password });
    const known = await client().call('loginforget', {
      a1: 'forgetful@example.org',
      altcha: await solveAltcha(test.app),
    });
    const unknown = await client().call('loginforget', {
      a1: 'nobody@example.org',
      altcha: await solveAltcha(test.app),
    });
    expect(known.json()).toEqual({ d: accountMessages.resetMailSent });
    expect(unknown.json()).toEqual(known.json());
    expect((await client().call('loginforget', { a1: 'forgetful' })).statusCode).toBe(400);
    await mailbox.next('forgetful@example.org'); // the confirmation of the registration
    const resetMail = await mailbox.next('forgetful@example.org');
    expect(resetMail.subject).toBe('【作物病蟲害資訊網】重設密碼');
    expect(resetMail.text).toContain('https://pest.example.org/reset-password?token=');
    const token = linkToken(resetMail);
    // Nobody else got a mail for the unknown address.
    expect(peer.received.some((received) => received.to.includes('nobody@example.org'))).toBe(false);
    await accounts.resetPassword(token, 'After-Reset-Pass-1');
    await expect(accounts.resetPassword(token, 'Another-Pass-22')).rejects.toThrow(accountMessages.resetTokenInvalid);
    expect((await signedIn.request({ url: '/api/v1/session' })).json()).toEqual({ data: null });
    expect((await client().call('logini', { a1: 'forgetful', a2: 'After-Reset-Pass-1' })).json().d).toMatch(/;\d+$/);
    // An expired link is refused.
    await accounts.requestPasswordReset('forgetful');
    const late = linkToken(await mailbox.next('forgetful@example.org'));
    await test.app.db.execute(
      sql`update account_tokens set expires_at = now() - interval '1 second' where used_at is null`,
    );
    await expect(accounts.resetPassword(late, 'Too-Late-Pass-3')).rejects.toThrow(accountMessages.resetTokenInvalid);
  });

  it('a session ends when idle too long and at its absolute limit; remember-me lasts 30 days', async () => {
    await register(client(), 'sleepy');
    const browser = client();
    await browser.call('logini', { a1: 'sleepy', a2: password });
    expect((await browser.request({ url: '/api/v1/session' })).json().data).not.toBeNull();
    await test.app.db.execute(sql`update sessions set idle_expires_at = now() - interval '1 second'`);
    expect((await browser.request({ url: '/api/v1/session' })).json().data).toBeNull();
    await browser.call('logini', { a1: 'sleepy', a2: password });
    await test.app.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    expect((await browser.request({ url: '/api/v1/session' })).json().data).toBeNull();
    const remembered = await accounts.signIn({
      account: 'sleepy',
      password,
      ip: browser.ip,
      kind: 'session',
      remember: true,
    });
    if (!remembered.ok) throw new Error('not signed in');
    expect(accounts.sessionCookie(remembered.session)).toMatch(/Max-Age=2592000/);
    const rows = await test.app.db.select().from(sessions).where(eq(sessions.remember, true));
    expect(rows).toHaveLength(1);
  });
});
