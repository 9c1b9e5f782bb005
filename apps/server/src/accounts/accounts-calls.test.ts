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
      RATE_LIMIT_LOOKUP_MAX: '5',
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

  it('/chkiuser has a small budget of its own per client: past it, 429 with a Chinese message', async () => {
    const prober = client();
    const answers: number[] = [];
    for (let probe = 1; probe <= 6; probe += 1) {
      answers.push((await prober.call('chkiuser', { a1: `probe${probe}` })).statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await prober.call('chkiuser', { a1: 'probe7' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('請求過於頻繁，請稍後再試');
    expect(refused.headers['retry-after']).toBeDefined();
    // Its own budget: the same client still registers and signs in, and another client still asks.
    expect((await register(prober, 'prober01')).statusCode).toBe(200);
    expect((await client().call('chkiuser', { a1: 'prober01' })).json()).toEqual({ d: true });
  });

  it('a taken address is answered 409 only after a solved robot check, and its owner is mailed (once a day) without being told who', async () => {
    await register(client(), 'owner01');
    await mailbox.next('owner01@example.org'); // the registration's confirmation
    const base = { account: 'intruder01', name: '冒名者', email: 'owner01@example.org', class: 'all', password };
    const unsolved = await client().call('userNew', base);
    expect(unsolved.statusCode).toBe(400);
    expect(unsolved.json().error.message).toContain(accountMessages.robotCheckRequired);
    const solved = await client().call('userNew', { ...base, altcha: await solveAltcha(test.app) });
    expect(solved.statusCode).toBe(409);
    expect(solved.json().error.message).toBe(accountMessages.emailTaken);
    const notice = await mailbox.next('owner01@example.org');
    expect(notice.subject).toBe('【作物病蟲害資訊網】有人嘗試使用您的電子郵件');
    expect(notice.text).toContain('您的帳號是 owner01');
    expect(notice.text).not.toContain('intruder01');
    expect(notice.text).not.toContain('冒名者');
    expect(notice.text).not.toContain(client().ip.split('.')[0] + '.');
    // A second try the same day is answered alike, but mails nobody again.
    const api = await test.app.inject({
      method: 'POST',
      url: '/api/v1/members-signup',
      payload: { ...base, account: 'intruder02', altcha: await solveAltcha(test.app) },
    });
    expect(api.statusCode).toBe(409);
    await accounts.requestPasswordReset('owner01');
    expect((await mailbox.next('owner01@example.org')).subject).toContain('重設密碼');
    expect(await test.app.db.select().from(members).where(eq(members.account, 'intruder01'))).toEqual([]);
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

  it('failures from one shared address ask everyone there for the robot check but never lock it; an account still locks after its own five', async () => {
    await register(client(), 'assoca');
    await register(client(), 'assocb');
    const association = client();
    const first = await association.call('logini', { a1: 'assoca', a2: 'guess-1' });
    const second = await association.call('logini', { a1: 'someone-else', a2: 'guess-2' });
    expect([first.json().d, second.json().d]).toEqual([
      accountMessages.wrongAccountOrPassword,
      accountMessages.wrongAccountOrPassword,
    ]);
    // Two typos from a shared address do not bother everyone behind it yet; a third does.
    expect(await accounts.clientNeedsAltcha(association.ip)).toBe(false);
    await association.call('logini', { a1: 'someone-else-2', a2: 'guess-3' });
    expect(await accounts.clientNeedsAltcha(association.ip)).toBe(true);
    // Many more failures from the address, on account A and on names that do not exist.
    const answersForA: string[] = [];
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      const response = await association.call('logini', {
        a1: 'assoca',
        a2: `guess-a-${attempt}`,
        altcha: await solveAltcha(test.app),
      });
      answersForA.push(response.json().d);
    }
    expect(answersForA).toEqual([
      accountMessages.wrongAccountOrPassword,
      accountMessages.wrongAccountOrPassword,
      accountMessages.wrongAccountOrPassword,
      accountMessages.lockedOut,
    ]);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await association.call('logini', { a1: `stranger-${attempt}`, a2: 'x', altcha: await solveAltcha(test.app) });
    }
    // Eleven failures from one address: account B, with its password, needs the check and then signs in.
    const withoutCheck = await association.call('logini', { a1: 'assocb', a2: password });
    expect(withoutCheck.json().d).toBe(accountMessages.robotCheckRequired);
    const withCheck = await association.call('logini', {
      a1: 'assocb',
      a2: password,
      altcha: await solveAltcha(test.app),
    });
    expect(withCheck.json().d).toMatch(/^vegetable;會員assocb;assocb@example\.org;\d+$/);
    // Account A stays locked after its own five failures, even with its password and a solved check.
    const ownerOfA = await association.call('logini', {
      a1: 'assoca',
      a2: password,
      altcha: await solveAltcha(test.app),
    });
    expect(ownerOfA.json().d).toBe(accountMessages.lockedOut);
    expect((await client().call('logini', { a1: 'assoca', a2: password })).json().d).toBe(accountMessages.lockedOut);
  });

  it('counts sign-in failures of an IPv6 client by its /64, as the request budgets do', async () => {
    const office = new CookieClient(test.app, '2001:db8:77:1::1');
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await office.call('logini', { a1: `v6-stranger-${attempt}`, a2: 'x' });
    }
    // The next address of the same line is the same client; another line is not.
    expect(await accounts.clientNeedsAltcha('2001:db8:77:1::2')).toBe(true);
    expect(await accounts.clientNeedsAltcha('2001:db8:77:2::1')).toBe(false);
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
    // The new address waits for its confirmation: d keeps the old one, pending_email names the new.
    expect(update.json()).toEqual({
      d: expect.stringMatching(/^fruit;改名A;membera@example\.org;\d+$/),
      pending_email: 'membera-new@example.org',
    });
    const [bRow] = await test.app.db.select().from(members).where(eq(members.id, bId));
    expect(bRow).toMatchObject({ name: '會員memberb', email: 'memberb@example.org', memberClass: 'vegetable' });
    expect((await mailbox.next('membera-new@example.org')).subject).toContain('確認');
    // Taking B's address is answered alike, but only B hears of it: no link for A, B's row unchanged.
    const steal = await a.call('userUpdate', { name: 'A', email: 'memberb@example.org', class: 'all' });
    expect(steal.statusCode).toBe(200);
    expect(steal.json().pending_email).toBe('memberb@example.org');
    await mailbox.next('memberb@example.org', '請確認您的電子郵件'); // B's registration confirmation
    const toB = await mailbox.next('memberb@example.org', '有人嘗試使用您的電子郵件');
    expect(toB.subject).toContain('有人嘗試使用您的電子郵件');
    expect(
      await test.app.db.select().from(accountTokens).where(eq(accountTokens.email, 'memberb@example.org')),
    ).toEqual([expect.objectContaining({ memberId: bId })]);
    const [bAfter] = await test.app.db.select().from(members).where(eq(members.id, bId));
    expect(bAfter).toMatchObject({ email: 'memberb@example.org', pendingEmail: null });
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

  it('a new e-mail takes effect only when it confirms; the old address is told; a reset meanwhile goes to the old address', async () => {
    const owner = client();
    await register(owner, 'mover01');
    const first = await mailbox.next('mover01@example.org');
    await accounts.confirmEmail(linkToken(first));
    // Someone at the unlocked phone asks for a new address, without the password.
    const change = await owner.call('userUpdate', { name: '會員mover01', email: 'thief01@example.net', class: 'all' });
    expect(change.json().pending_email).toBe('thief01@example.net');
    const notice = await mailbox.next('mover01@example.org');
    expect(notice.subject).toBe('【作物病蟲害資訊網】您的會員帳號申請變更電子郵件');
    expect(notice.text).toContain('t***@example.net');
    expect(notice.text).toContain('https://pest.example.org/stop-email-change?token=');
    const confirmation = await mailbox.next('thief01@example.net');
    expect(confirmation.subject).toBe('【作物病蟲害資訊網】請確認新的電子郵件');
    // Until it confirms, the account keeps its confirmed address, and a reset goes there.
    const session = (await owner.request({ url: '/api/v1/session' })).json().data;
    expect(session.email_confirmed).toBe(true);
    const [waiting] = await test.app.db.select().from(members).where(eq(members.account, 'mover01'));
    expect(waiting).toMatchObject({ email: 'mover01@example.org', pendingEmail: 'thief01@example.net' });
    await client().call('loginforget', { a1: 'mover01', altcha: await solveAltcha(test.app) });
    await client().call('loginforget', { a1: 'thief01@example.net', altcha: await solveAltcha(test.app) });
    expect((await mailbox.next('mover01@example.org')).subject).toContain('重設密碼');
    // The link confirms the change: now the new address is the account's, confirmed.
    expect(await accounts.confirmEmail(linkToken(confirmation))).toEqual({
      changed: true,
      email: 'thief01@example.net',
    });
    const [moved] = await test.app.db.select().from(members).where(eq(members.account, 'mover01'));
    expect(moved).toMatchObject({ email: 'thief01@example.net', pendingEmail: null });
    expect(moved?.emailConfirmedAt).not.toBeNull();
    expect(peer.received.filter((mail) => mail.to.includes('thief01@example.net'))).toHaveLength(1);
  });

  it('the old address’s link stops the change, even after it took effect: the address comes back, every session ends, every old link dies', async () => {
    const owner = client();
    await register(owner, 'victim03');
    await mailbox.next('victim03@example.org', '請確認您的電子郵件'); // the registration's, never clicked
    const thief = client();
    await thief.call('logini', { a1: 'victim03', a2: password });
    await thief.call('userUpdate', { name: '會員victim03', email: 'thief03@example.net', class: 'all' });
    const stopToken = linkToken(await mailbox.next('victim03@example.org', '申請變更電子郵件'));
    // The thief confirms at once and asks for a reset to the new address.
    await accounts.confirmEmail(linkToken(await mailbox.next('thief03@example.net')));
    await accounts.requestPasswordReset('victim03');
    const thiefReset = linkToken(await mailbox.next('thief03@example.net'));
    // The owner follows the stop link from the old address.
    const stopped = await accounts.stopEmailChange(stopToken);
    expect(stopped).toMatchObject({ account: 'victim03', email: 'victim03@example.org' });
    const [row] = await test.app.db.select().from(members).where(eq(members.account, 'victim03'));
    expect(row).toMatchObject({ email: 'victim03@example.org', pendingEmail: null });
    expect(row?.emailConfirmedAt).not.toBeNull();
    expect((await thief.request({ url: '/api/v1/session' })).json()).toEqual({ data: null });
    expect((await owner.request({ url: '/api/v1/session' })).json()).toEqual({ data: null });
    await expect(accounts.resetPassword(thiefReset, 'Thief-Password-99')).rejects.toThrow(
      accountMessages.resetTokenInvalid,
    );
    await expect(accounts.stopEmailChange(stopToken)).rejects.toThrow(accountMessages.stopTokenInvalid);
    // The page leads on to a new password with the link the stop answered.
    await accounts.resetPassword(stopped.resetToken, 'Owner-Again-2026');
    expect((await client().call('logini', { a1: 'victim03', a2: 'Owner-Again-2026' })).json().d).toMatch(
      /;victim03@example\.org;\d+$/,
    );
  });

  it('a change still waiting is stopped without the thief ever confirming, and its confirmation link dies', async () => {
    const owner = client();
    await register(owner, 'victim04');
    await owner.call('userUpdate', { name: '會員victim04', email: 'thief04@example.net', class: 'all' });
    await mailbox.next('victim04@example.org', '請確認您的電子郵件'); // the registration's
    const stopToken = linkToken(await mailbox.next('victim04@example.org', '申請變更電子郵件'));
    const confirmToken = linkToken(await mailbox.next('thief04@example.net'));
    await accounts.stopEmailChange(stopToken);
    await expect(accounts.confirmEmail(confirmToken)).rejects.toThrow(accountMessages.confirmTokenInvalid);
    const [row] = await test.app.db.select().from(members).where(eq(members.account, 'victim04'));
    expect(row).toMatchObject({ email: 'victim04@example.org', pendingEmail: null });
  });

  it('lists a member’s signed-in devices by a short summary, and ends one of their own only', async () => {
    const chrome =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36';
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    await register(client(), 'devices01');
    await register(client(), 'devices02');
    const phone = client();
    const tablet = client();
    const signedIn = await phone.request({
      method: 'POST',
      url: '/api/info/logini',
      payload: { a1: 'devices01', a2: password },
      headers: { 'user-agent': chrome },
    });
    const memberId = Number(signedIn.json().d.split(';')[3]);
    await tablet.request({
      method: 'POST',
      url: '/api/info/logini',
      payload: { a1: 'devices01', a2: password },
      headers: { 'user-agent': safari },
    });
    const other = await accounts.signIn({ account: 'devices02', password, ip: '203.0.113.250', kind: 'session' });
    if (!other.ok) throw new Error('not signed in');
    // A bearer token from a client that sends no User-Agent.
    await accounts.signIn({ account: 'devices01', password, ip: '203.0.113.251', kind: 'bearer' });
    const rows = await test.app.db.select().from(sessions).where(eq(sessions.memberId, memberId));
    const phoneRow = rows.find((row) => row.device?.startsWith('Chrome'));
    // Registering signed in too (no User-Agent a browser would send), and so did the bearer token.
    expect(rows.map((row) => row.device).sort()).toEqual(['Chrome 126 · Android', 'Safari 17 · iOS', null, null]);
    expect(JSON.stringify(rows)).not.toContain('Pixel 8');
    const viewer = { memberId, sessionId: phoneRow!.idHash };
    const list = await accounts.listSessions(viewer);
    expect(list).toHaveLength(4);
    expect(list.find((device) => device.current)?.device).toBe('Chrome 126 · Android');
    expect(list.every((device) => device.id.length === 16 && !rows.some((row) => row.idHash === device.id))).toBe(true);
    // Another member's session is never found through this member's list.
    const [otherRow] = await test.app.db.select().from(sessions).where(eq(sessions.memberId, other.member.id));
    expect(await accounts.endOwnSession(viewer, otherRow!.idHash.slice(0, 16))).toEqual({
      ended: false,
      current: false,
    });
    const ipad = list.find((device) => device.device === 'Safari 17 · iOS')!;
    expect(await accounts.endOwnSession(viewer, ipad.id)).toEqual({ ended: true, current: false });
    expect((await tablet.request({ url: '/api/v1/session' })).json()).toEqual({ data: null });
    // The other member's two sessions (registration, sign-in) are both still there.
    expect(await test.app.db.select().from(sessions).where(eq(sessions.memberId, other.member.id))).toHaveLength(2);
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
    await mailbox.next('forgetful@example.org', '請確認您的電子郵件'); // the confirmation of the registration
    const resetMail = await mailbox.next('forgetful@example.org', '重設密碼');
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
