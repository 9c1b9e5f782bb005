import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import type { FastifyInstance } from 'fastify';
import { CookieClient, solveAltcha } from './test/account-test-client';

const password = 'Two-Servers-2026';

// Two server processes on one PostgreSQL database: sessions, lockouts and spent
// robot checks live in the database, so any process answers any request. PGlite is one process.
describe.skipIf(!process.env.TEST_DATABASE_URL)('accounts across two app instances on one PostgreSQL', () => {
  let test: TestApp;
  let second: FastifyInstance;

  beforeAll(async () => {
    const overrides = { SEED_DEMO_CONTENT: 'false', RATE_LIMIT_LOGIN_MAX: '1000', RATE_LIMIT_FORM_MAX: '1000' };
    test = await buildTestApp(overrides);
    second = await buildApp({ env: test.env, web: false, logger: false });
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await test?.close();
  });

  it('register, sign in, change the profile and the password, and sign out with requests alternating between them', async () => {
    const browser = new CookieClient(test.app, '198.51.100.77');
    const apps = [test.app, second];
    let turn = 0;
    const next = () => browser.use(apps[turn++ % 2] as FastifyInstance);

    const registered = await next().call('userNew', {
      account: 'twoproc',
      name: '兩台',
      email: 'twoproc@example.org',
      class: 'grain',
      password,
      // Solved from the other instance's challenge: the signing secret is shared through the database.
      altcha: await solveAltcha(second),
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect((await next().request({ url: '/api/v1/session' })).json().data.name).toBe('兩台');
    const profile = await next().call('userUpdate', { name: '兩台改', email: 'twoproc@example.org', class: 'fruit' });
    expect(profile.json().d).toMatch(/^fruit;兩台改;/);
    expect((await next().request({ url: '/api/v1/session' })).json().data.class).toBe('fruit');
    expect((await next().call('userUpdatep', { a1: 'Two-Servers-Next', a2: password })).json()).toEqual({ d: true });
    expect((await next().request({ url: '/api/v1/session' })).json().data.account).toBe('twoproc');
    const logout = await next().request({ method: 'POST', url: '/api/v1/logout', xsrf: true });
    expect(logout.statusCode).toBe(200);
    expect((await next().request({ url: '/api/v1/session' })).json()).toEqual({ data: null });
    expect((await next().call('logini', { a1: 'twoproc', a2: 'Two-Servers-Next' })).json().d).toMatch(/^fruit;/);
    expect((await next().request({ url: '/api/v1/session' })).json().data.name).toBe('兩台改');
  });

  it('a robot-check solution spent on one instance is refused by the other', async () => {
    const altcha = await solveAltcha(test.app);
    const body = { account: 'replay01', name: '重送', email: 'replay01@example.org', class: 'all', password, altcha };
    expect((await test.app.inject({ method: 'POST', url: '/api/info/userNew', payload: body })).statusCode).toBe(200);
    const replay = await second.inject({
      method: 'POST',
      url: '/api/info/userNew',
      payload: { ...body, account: 'replay02', email: 'replay02@example.org' },
    });
    expect(replay.statusCode).toBe(400);
  });

  it('failures counted on both instances lock the account on both', async () => {
    await test.app.inject({
      method: 'POST',
      url: '/api/info/userNew',
      payload: {
        account: 'lock2p',
        name: '鎖',
        email: 'lock2p@example.org',
        class: 'all',
        password,
        altcha: await solveAltcha(test.app),
      },
    });
    let answer = '';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const app = attempt % 2 === 0 ? test.app : second;
      const altcha = attempt >= 2 ? await solveAltcha(app) : undefined;
      const response = await app.inject({
        method: 'POST',
        url: '/api/info/logini',
        remoteAddress: `198.51.100.${100 + attempt}`,
        payload: { a1: 'lock2p', a2: 'wrong', ...(altcha ? { altcha } : {}) },
      });
      answer = response.json().d;
    }
    expect(answer).toBe('登入失敗次數過多，請 15 分鐘後再試');
  });
});
