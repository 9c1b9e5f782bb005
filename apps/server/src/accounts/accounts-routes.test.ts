import { accountMessages } from '@pest/contracts';
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../platform/audit/audit-log.schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import type { AccountsServices } from './accounts-services';
import { members, memberSearch, sessions } from './schema';
import { adminGramCondition, adminGramFilter } from '../platform/admin/admin-list-search';
import { throughGramIndex } from '../platform/search/through-gram-index';
import { memberSearchSource, refreshMemberSearch } from './services/refresh-member-search';
import { CookieClient, setCookie, solveAltcha } from './test/account-test-client';

const password = 'Blue-River-2026';
const basic = (user: string, secret: string) => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

describe('accounts: the product API, guest credentials, XSRF and the staff services', () => {
  let test: TestApp;
  let accounts: AccountsServices;
  let nextIp = 1;
  const client = () => new CookieClient(test.app, `192.0.2.${nextIp++}`);
  const signUp = async (account: string) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/members-signup',
      payload: {
        account,
        name: `名${account}`,
        email: `${account}@example.org`,
        class: 'flower',
        password,
        altcha: await solveAltcha(test.app),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: { id: number } }>().data.id;
  };
  const bearerLogin = async (account: string) => {
    const response = await test.app.inject({ method: 'POST', url: '/api/v1/login', payload: { account, password } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { token: string; expires_at: string } }>().data;
  };

  beforeAll(async () => {
    test = await buildTestApp({
      SEED_DEMO_CONTENT: 'false',
      RATE_LIMIT_LOGIN_MAX: '1000',
      RATE_LIMIT_FORM_MAX: '1000',
      GUEST_API_USER: 'storefront',
      GUEST_API_PASSWORD: 'guest-secret',
      BEARER_TOKEN_MINUTES: '30',
    });
    accounts = test.app.services.accounts;
  }, 120_000);
  afterAll(() => test.close());

  it('members-signup registers without signing in; /login gives a short-lived bearer token that members/auth accepts until revoked', async () => {
    const id = await signUp('api01');
    const { token, expires_at } = await bearerLogin('API01');
    const minutes = (Date.parse(expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    const auth = await test.app.inject({
      method: 'POST',
      url: '/api/v1/members/auth',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(auth.json()).toMatchObject({ data: { id, account: 'api01', class: 'flower', roles: ['member'] } });
    expect(auth.headers['cache-control']).toBe('private, no-store');
    const logout = await test.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    const after = await test.app.inject({
      method: 'POST',
      url: '/api/v1/members/auth',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe(accountMessages.tokenVerificationFailed);
  });

  it('/login refuses a wrong password with 401 and the fixed message, and asks for the robot check after two failures', async () => {
    await signUp('api02');
    const wrong = await test.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { account: 'api02', password: 'nope-nope' },
      remoteAddress: '192.0.2.200',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(accountMessages.wrongAccountOrPassword);
    const needsCheck = await test.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { account: 'api02', password: 'nope' },
      remoteAddress: '192.0.2.201',
    });
    expect(needsCheck.statusCode).toBe(401);
    const third = await test.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { account: 'api02', password },
      remoteAddress: '192.0.2.202',
    });
    expect(third.statusCode).toBe(400);
    expect(third.json().error.message).toBe(accountMessages.robotCheckRequired);
  });

  it('members-forgot-password answers the same for a known and an unknown account and needs the robot check', async () => {
    await signUp('api03');
    const ask = async (account: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/v1/members-forgot-password',
        payload: { account, altcha: await solveAltcha(test.app) },
      });
    const known = await ask('api03');
    const unknown = await ask('nobody');
    expect(known.json()).toEqual({ data: { message: accountMessages.resetMailSent } });
    expect(unknown.json()).toEqual(known.json());
    const without = await test.app.inject({
      method: 'POST',
      url: '/api/v1/members-forgot-password',
      payload: { account: 'api03' },
    });
    expect(without.statusCode).toBe(400);
  });

  it('a session cookie counts on a state-changing product-API call only with the XSRF header copied from its cookie', async () => {
    await signUp('xsrf01');
    const browser = client();
    await browser.call('logini', { a1: 'xsrf01', a2: password });
    const session = await browser.request({ url: '/api/v1/session' });
    const xsrf = setCookie(session, 'XSRF-TOKEN');
    expect(xsrf?.header).not.toMatch(/HttpOnly/);
    expect(xsrf?.header).toMatch(/SameSite=Lax/);
    const without = await browser.request({ method: 'POST', url: '/api/v1/members/auth' });
    expect(without.statusCode).toBe(403);
    const forged = await browser.request({
      method: 'POST',
      url: '/api/v1/members/auth',
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(forged.statusCode).toBe(403);
    const withHeader = await browser.request({ method: 'POST', url: '/api/v1/members/auth', xsrf: true });
    expect(withHeader.statusCode).toBe(200);
    expect(withHeader.json().data.account).toBe('xsrf01');
    // GET needs no header.
    expect((await browser.request({ url: '/api/v1/session' })).json().data.account).toBe('xsrf01');
  });

  it('the guest credentials reach public reads as an anonymous visitor and nothing more', async () => {
    const guest = { authorization: basic('storefront', 'guest-secret') };
    // The settings row a start makes with its defaults (decision 0342).
    const read = await test.app.inject({ url: '/api/v1/guest/system-settings/1', headers: guest });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.id).toBe(1);
    const carousels = await test.app.inject({ url: '/api/v1/guest/carousels', headers: guest });
    expect(carousels.statusCode).toBe(200);
    expect(carousels.json()).toEqual({ data: [] });
    const wrong = await test.app.inject({
      url: '/api/v1/guest/carousels',
      headers: { authorization: basic('storefront', 'nope') },
    });
    expect(wrong.statusCode).toBe(401);
    const none = await test.app.inject({ url: '/api/v1/guest/carousels' });
    expect(none.statusCode).toBe(401);
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/v1/guest/login',
      headers: guest,
      payload: { account: 'x', password: 'y' },
    });
    expect(login.statusCode).toBe(403);
    const remove = await test.app.inject({ method: 'DELETE', url: '/api/v1/guest/carousels/1', headers: guest });
    expect(remove.statusCode).toBe(403);
    // The guest's Basic header signs nobody in: a member-only call is 401.
    const me = await test.app.inject({ method: 'POST', url: '/api/v1/members/auth', headers: guest });
    expect(me.statusCode).toBe(401);
    const session = await test.app.inject({ url: '/api/v1/session', headers: guest });
    expect(session.json()).toEqual({ data: null });
    // However the entrance is spelt, the call is replayed to the same public read (decision 0298).
    for (const url of ['/api/v1/gues%74/carousels', '/api/%761/guest/carousels', '/api/v1/guest/carousel%73']) {
      const spelt = await test.app.inject({ url, headers: guest });
      expect(spelt.statusCode, url).toBe(200);
      expect(spelt.json(), url).toEqual({ data: [] });
    }
  });

  it('grantRole and revokeRole are audited in their transaction and end the member’s sessions; the last admin stays', async () => {
    const adminId = await signUp('boss01');
    const memberId = await signUp('staff01');
    const cli = { memberId: null, label: 'cli' } as const;
    await accounts.grantRole(cli, adminId, 'admin');
    const browser = client();
    await browser.call('logini', { a1: 'staff01', a2: password });
    const actor = { memberId: adminId, account: 'boss01' };
    expect(await accounts.grantRole(actor, memberId, 'editor')).toEqual(['member', 'editor']);
    expect((await browser.request({ url: '/api/v1/session' })).json()).toEqual({ data: null });
    await browser.call('logini', { a1: 'staff01', a2: password });
    expect((await browser.request({ url: '/api/v1/session' })).json().data.roles).toEqual(['member', 'editor']);
    expect(await accounts.revokeRole(actor, memberId, 'editor')).toEqual(['member']);
    expect((await browser.request({ url: '/api/v1/session' })).json()).toEqual({ data: null });
    const entries = await test.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(memberId)));
    expect(entries.map((entry) => [entry.action, entry.actorLabel])).toEqual([
      ['member.grant-role', 'boss01'],
      ['member.revoke-role', 'boss01'],
    ]);
    expect(entries[0]).toMatchObject({ before: { roles: ['member'] }, after: { roles: ['member', 'editor'] } });
    await expect(accounts.revokeRole(actor, adminId, 'admin')).rejects.toThrow('至少要保留一位');
    await expect(accounts.grantRole(actor, memberId, 'member')).rejects.toThrow();
  });

  it('a disabled member cannot sign in and their sessions end; enabling lets them back', async () => {
    const id = await signUp('gone01');
    const browser = client();
    await browser.call('logini', { a1: 'gone01', a2: password });
    const actor = { memberId: 999_999, account: 'someone' };
    await accounts.disableMember(actor, id);
    expect((await browser.request({ url: '/api/v1/session' })).json()).toEqual({ data: null });
    expect((await client().call('logini', { a1: 'gone01', a2: password })).json().d).toBe(
      accountMessages.wrongAccountOrPassword,
    );
    await accounts.enableMember(actor, id);
    expect((await client().call('logini', { a1: 'gone01', a2: password })).json().d).toMatch(/;\d+$/);
    await expect(accounts.disableMember({ memberId: id, account: 'gone01' }, id)).rejects.toThrow('無法停用自己');
    const actions = await test.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(actions.map((entry) => entry.action)).toEqual(['member.disable', 'member.enable']);
  });

  it('listMembers searches account, name and e-mail and filters by role, a page at a time', async () => {
    const id = await signUp('lister01');
    await signUp('lister02');
    await accounts.grantRole({ memberId: null, label: 'cli' }, id, 'expert');
    const found = await accounts.listMembers({ query: 'LISTER' });
    expect(found.items.map((row) => row.account)).toEqual(['lister01', 'lister02']);
    expect(found.total).toBe(2);
    const experts = await accounts.listMembers({ query: 'lister', role: 'expert' });
    expect(experts.items).toEqual([
      expect.objectContaining({ account: 'lister01', roles: ['member', 'expert'], disabled: false }),
    ]);
    const paged = await accounts.listMembers({ query: 'lister', page: 2, pageSize: 1 });
    expect(paged.items.map((row) => row.account)).toEqual(['lister02']);
    expect((await accounts.listMembers({ query: '%' })).total).toBe(0);
    // The term goes through the site's normalisation (decision 0428): full-width and spaced input finds.
    const wide = await accounts.listMembers({ query: 'ＬＩＳＴＥＲ０２' });
    expect(wide.items.map((row) => row.account)).toEqual(['lister02']);
  });

  it('listMembers finds a keyword through the search rows: new text at once, old text no more, erased members never (decision 0441)', async () => {
    const id = await signUp('grams01');
    const found = (query: string) =>
      test.app.services.accounts.listMembers({ query }).then((page) => page.items.map((row) => row.account));
    // Typed, upper case, full-width, part of the e-mail, a single character of the name.
    for (const query of ['grams01', 'GRAMS01', 'ｇｒａｍｓ０１', 'grams01@example', '名grams']) {
      expect(await found(query), query).toEqual(['grams01']);
    }
    await test.app.services.accounts.updateProfile(
      id,
      { name: '臺中農友', email: 'grams01@example.org', memberClass: 'all' },
      { requirePassword: false },
    );
    // Traditional as stored, Simplified, 台 for 臺, a term of more than three characters (rechecked).
    for (const query of ['臺中農友', '台中农友', '台中', '農']) {
      expect(await found(query), query).toEqual(['grams01']);
    }
    expect(await found('名grams01')).toEqual([]);
    expect(await found('中農友名')).toEqual([]);
    // A member saved before migration 0042 has no row until the start hook fills it in.
    await test.app.db.delete(memberSearch).where(eq(memberSearch.memberId, id));
    expect(await found('台中')).toEqual([]);
    expect(await refreshMemberSearch(test.app.db, 'missing')).toBe(1);
    expect(await found('台中')).toEqual(['grams01']);
    await test.app.personalData.eraseMember(id, { reason: 'member-request' });
    expect(await found('grams01@example.org')).toEqual([]);
    const [left] = await test.app.db.select().from(memberSearch).where(eq(memberSearch.memberId, id));
    expect(left).toBeUndefined();
  });

  it('reads a member keyword through the gram index, never the whole members table (decisions 0441, 0443)', async () => {
    const { search } = memberSearchSource;
    const explain = (query: SQLWrapper) =>
      throughGramIndex(test.app.db, async (tx) => {
        const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
        return result.rows.map((row) => Object.values(row)[0]).join('\n');
      });
    // The matches are asked of the search rows' gram index first…
    const matches = test.app.db
      .select({ id: memberSearch.memberId })
      .from(memberSearch)
      .where(adminGramCondition('lister', search))
      .limit(2001);
    expect(await explain(matches)).toContain('member_search_grams_idx');
    // …then the list reads those members (or, for a keyword found everywhere, walks its own order).
    const where = await adminGramFilter(test.app.db, 'lister', memberSearchSource);
    const list = test.app.db.select({ id: members.id }).from(members).where(where).orderBy(members.id).limit(20);
    expect(await explain(list)).not.toMatch(/Seq Scan on members/);
  });

  it('createAdmin (npm run admin:create) makes or promotes the member, audited as cli, with a one-time password link', async () => {
    const created = await accounts.createAdmin({ email: 'Root@Example.org' });
    expect(created).toMatchObject({ account: 'root', created: true });
    expect(created.resetLink).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    const token = new URL(created.resetLink).searchParams.get('token') ?? '';
    await accounts.resetPassword(token, 'Root-Password-77');
    const signedIn = await client().call('logini', { a1: 'root', a2: 'Root-Password-77' });
    expect(signedIn.json().d).toMatch(/;root@example\.org;\d+$/);
    const again = await accounts.createAdmin({ email: 'root@example.org' });
    expect(again).toMatchObject({ account: 'root', created: false, memberId: created.memberId });
    const second = await accounts.createAdmin({ email: 'root@other.example', name: '第二位' });
    expect(second.account).toBe('root2');
    const entries = await test.app.db.select().from(auditLog).where(eq(auditLog.actorLabel, 'cli'));
    expect(entries.filter((entry) => entry.entityId === String(created.memberId)).map((entry) => entry.action)).toEqual(
      ['member.create', 'member.grant-role'],
    );
    const [row] = await test.app.db.select().from(members).where(eq(members.id, created.memberId));
    expect(row?.emailConfirmedAt).not.toBeNull();
  });

  it('the hourly cleanup deletes ended sessions, old links and aged failures, and nothing else', async () => {
    await signUp('tidy01');
    const browser = client();
    await browser.call('logini', { a1: 'tidy01', a2: password });
    await client().call('logini', { a1: 'tidy01', a2: 'wrong-one' });
    await test.app.inject({ method: 'POST', url: '/api/v1/login', payload: { account: 'tidy01', password } });
    const { sql } = await import('drizzle-orm');
    await test.app.db.execute(sql`update sessions set expires_at = now() - interval '1 minute' where kind = 'bearer'`);
    await test.app.db.execute(sql`update login_failures set at = at - interval '1 hour'`);
    expect(await accounts.deleteExpiredRows()).toBeGreaterThanOrEqual(2);
    expect((await browser.request({ url: '/api/v1/session' })).json().data.account).toBe('tidy01');
    expect(await test.app.db.select().from(sessions).where(eq(sessions.kind, 'bearer'))).toEqual([]);
    expect(await accounts.deleteExpiredRows()).toBe(0);
  });
});
