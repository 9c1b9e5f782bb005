import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../accounts/schema';
import { discussionIdentities } from '../discussion/schema';
import { channelId, liffId, startFakeLine, type FakeLine } from '../discussion/test/fake-line';
import { auditLog } from '../platform/audit/audit-log.schema';
import { jobSchema, queryRows } from '../platform/jobs/background-jobs';
import { pushSubscriptions } from '../platform/push/push.schema';
import { startFakePushService, type FakePushService } from '../platform/push/test/fake-push-service';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { readMime } from '../test/read-mime';
import { signInPeople, type SignedInPerson, type TestPerson } from '../test/signed-in-people';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer';
import { alertsPersonalData } from './privacy/alerts-personal-data';
import { alertDeliveries, alertSubscriptions, pestAlerts } from './schema';

describe('pest alerts (decisions 0402–0404)', () => {
  let test: TestApp;
  let smtp: SmtpPeer;
  let pushService: FakePushService;
  let line: FakeLine;
  let people: Record<TestPerson, SignedInPerson>;
  const as = (person: TestPerson | 'anonymous') => ({
    'sec-fetch-site': 'same-origin',
    ...(person === 'anonymous' ? {} : people[person].headers),
  });
  const post = (person: TestPerson | 'anonymous', url: string, payload: object) =>
    test.app.inject({ method: 'POST', url, payload, headers: as(person) });
  const resource = '/api/v1/admin/resources/pest-alerts';
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const alertInput = {
    crop: '稻米',
    counties: ['臺中市', '彰化縣'],
    text: '稻熱病發生警報：近日連續降雨，請加強田間巡查。',
    record_id: '1',
    active_from: today,
    active_until: '2099-12-31',
  };
  const mailTo = async (to: string, subject: string) => {
    const mail = await smtp.waitFor((m) => m.to.includes(to) && readMime(m.raw).subject.includes(subject));
    return { raw: mail.raw, ...readMime(mail.raw) };
  };

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    pushService = await startFakePushService();
    line = await startFakeLine();
    test = await buildTestApp({
      SMTP_URL: smtp.url,
      JOBS_POLL_SECONDS: '0.5',
      RATE_LIMIT_FORM_MAX: '1000',
      // The discussion's LINE channel against a fake LINE on 127.0.0.1 (decision 0420).
      LINE_CHANNEL_ID: channelId,
      LIFF_ID: liffId,
      LINE_API_BASE_URL: line.baseUrl,
      LINE_MESSAGING_ACCESS_TOKEN: 'messaging-token',
    });
    people = await signInPeople(test.app);
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
    await pushService?.close();
    await line?.close();
  });

  it('editors write an alert (checked, audited) and publish it; subscribers by e-mail (confirmed) and push each get it once', async () => {
    expect((await post('memberA', resource, alertInput)).statusCode).toBe(403);
    const unknown = await post('editor', resource, { ...alertInput, crop: '火星草' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.issues).toEqual([{ path: 'crop', message: '「作物名稱」清單中沒有「火星草」' }]);
    const backwards = await post('editor', resource, { ...alertInput, active_until: '2000-01-01' });
    expect(backwards.json().error.issues).toEqual([{ path: 'active_until', message: '結束日期不可早於開始日期' }]);
    const created = await post('editor', resource, alertInput);
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    const row = (await test.app.inject({ url: `${resource}/${id}`, headers: as('editor') })).json().data;
    expect(row).toMatchObject({
      crop: '水稻',
      counties: ['臺中市', '彰化縣'],
      status: 'draft',
      record_id: 1,
      ipm_id: null,
    });
    const [audit] = await test.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pest-alert'), eq(auditLog.entityId, String(id))));
    expect(audit).toMatchObject({ action: 'pest-alert.create', actorId: people.editor.id });

    // Subscribers: an e-mail (confirmed), an e-mail never confirmed, a browser for both counties, another crop's.
    const subscribe = (payload: object, person: TestPerson | 'anonymous' = 'anonymous') =>
      post(person, '/api/v1/alerts/subscriptions/email', payload);
    const bad = await subscribe({ crop: '水稻', counties: [], email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['counties', 'email']);
    const asked = await subscribe(
      { crop: '稻', counties: ['臺中市', '彰化縣'], email: 'Rice.Farmer@example.org' },
      'memberA',
    );
    expect(asked.json().data).toEqual({ status: 'confirm-sent' });
    await subscribe({ crop: '水稻', counties: '臺中市', email: 'never-confirms@example.org' });
    await subscribe({ crop: '甘藍', counties: ['臺中市'], email: 'cabbage@example.org' });
    const confirmMail = await mailTo('rice.farmer@example.org', '請確認訂閱');
    const confirmToken = /alerts\/confirm\?token=([\w-]+)/.exec(confirmMail.text ?? '')![1]!;
    const confirm = (token: string) => post('anonymous', '/api/v1/alerts/subscriptions/confirm', { token });
    expect((await confirm('x'.repeat(43))).statusCode).toBe(404);
    expect((await confirm(confirmToken)).json().data).toEqual({ confirmed: 2 });
    expect((await confirm(confirmToken)).statusCode, 'a link is used once').toBe(404);
    const cabbageToken = /alerts\/confirm\?token=([\w-]+)/.exec(
      (await mailTo('cabbage@example.org', '請確認訂閱')).text ?? '',
    )![1]!;
    await confirm(cabbageToken);
    const browser = pushService.subscription();
    const pushed = await post('anonymous', '/api/v1/alerts/subscriptions/push', {
      crop: '水稻',
      counties: ['臺中市', '彰化縣'],
      subscription: browser.json,
    });
    expect(pushed.statusCode, pushed.body).toBe(200);

    // A draft is not active; the list read now is kept until an alert's write says otherwise (decision 0444).
    const activeIds = async () =>
      ((await test.app.inject({ url: '/api/v1/alerts/active' })).json().data as Array<{ id: number }>).map(
        (alert) => alert.id,
      );
    expect(await activeIds()).not.toContain(id);
    const publish = () => post('editor', `${resource}/${id}/publish`, {});
    expect((await post('memberB', `${resource}/${id}/publish`, {})).statusCode).toBe(403);
    expect((await publish()).statusCode).toBe(200);
    expect((await publish()).statusCode, 'published once').toBe(409);

    const alertMail = await mailTo('rice.farmer@example.org', '病蟲害警報：水稻');
    expect(alertMail.text).toContain('稻熱病發生警報');
    expect(alertMail.text).toContain('search/bug/detail?id=1');
    // Headers as a mail client reads them: folded lines joined.
    const headers = String(alertMail.raw).replace(/\r?\n[ \t]+/g, ' ');
    const unsubscribeUrl = /^List-Unsubscribe:\s*<([^>]+)>/im.exec(headers)![1]!;
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    const [message] = await pushService.waitFor(browser);
    expect(message!.headers.ttl).toBe('86400');
    expect(message!.payload).toMatchObject({
      title: '病蟲害警報：水稻',
      tag: `alert-${id}`,
      path: '/search/bug/detail?id=1',
    });
    await expect
      .poll(
        async () => (await test.app.db.select().from(alertDeliveries).where(eq(alertDeliveries.alertId, id))).length,
      )
      .toBe(2);
    // A retried batch tells nobody twice.
    expect(await test.app.services.alerts.fanOutAlert({ alertId: id, afterId: 0 })).toEqual({
      delivered: 0,
      more: false,
    });
    expect(smtp.received.filter((m) => m.to.includes('never-confirms@example.org'))).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes('cabbage@example.org'))).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes('rice.farmer@example.org'))).toHaveLength(2);
    expect(pushService.deliveries.filter((d) => d.path === new URL(browser.endpoint).pathname)).toHaveLength(1);

    // The active alert, for the home page and the crop's pages.
    const active = (await test.app.inject({ url: '/api/v1/alerts/active' })).json().data;
    expect(active).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, crop: '水稻', counties: ['臺中市', '彰化縣'] })]),
    );
    // An edit of the published alert shows at once.
    const edited = await test.app.inject({
      method: 'PATCH',
      url: `${resource}/${id}`,
      headers: { ...as('editor'), 'content-type': 'application/json' },
      payload: { ...alertInput, counties: ['臺中市'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await test.app.inject({ url: '/api/v1/alerts/active' })).json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, counties: ['臺中市'] })]),
    );

    // The member's download lists their subscriptions.
    const exported = await alertsPersonalData.exportFor(test.app.db, people.memberA.id);
    expect(exported.sections.subscriptions).toEqual([
      expect.objectContaining({ channel: 'email', county: '臺中市', email: 'rice.farmer@example.org' }),
      expect.objectContaining({ channel: 'email', county: '彰化縣', email: 'rice.farmer@example.org' }),
    ]);
    // One click (RFC 8058: a form post to the header's address) ends the crop's subscription; again changes nothing.
    const oneClick = () =>
      test.app.inject({
        method: 'POST',
        url:
          new URL(unsubscribeUrl).pathname.replace(/^\/alerts\//, '/api/v1/alerts/') + new URL(unsubscribeUrl).search,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    expect((await oneClick()).json().data).toEqual({ removed: 2 });
    expect((await oneClick()).json().data).toEqual({ removed: 0 });
    // The account's erasure removes what the member subscribed while signed in.
    await subscribe({ crop: '甘藍', counties: ['臺中市'], email: 'rice.farmer@example.org' }, 'memberA');
    expect(await alertsPersonalData.eraseFor(test.app.db, people.memberA.id, { reason: 'member-request' })).toEqual({
      addresses: ['rice.farmer@example.org'],
    });
    expect(
      await test.app.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.memberId, people.memberA.id)),
    ).toEqual([]);
    // The browser's push service drops it: the alert rows go with the platform's subscription.
    pushService.answer(browser, 404);
    const second = Number((await post('editor', resource, alertInput)).json().data.id);
    expect((await post('editor', `${resource}/${second}/publish`, {})).statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (await test.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.endpoint)))
            .length,
      )
      .toBe(0);
    expect(await test.app.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.channel, 'push'))).toEqual(
      [],
    );
  });

  it('fans out in batches, each queuing the next, so a large list never makes one long job', async () => {
    const created = await post('editor', resource, { ...alertInput, counties: ['臺東縣'] });
    const id = Number(created.json().data.id);
    // Three confirmed subscribers, by rows, never mailed: the alert is published straight in the table.
    await test.app.db.insert(alertSubscriptions).values(
      [1, 2, 3].map((n) => ({
        channel: 'email' as const,
        cropId: 1,
        county: '臺東縣',
        target: `batch-${n}@example.org`,
        unsubscribeToken: `batch-token-${n}`.padEnd(43, 'b'),
        confirmedAt: new Date(),
      })),
    );
    await test.app.db.execute(sql`update pest_alerts set status = 'published' where id = ${id}`);
    const first = await test.app.services.alerts.fanOutAlert({ alertId: id, afterId: 0 }, 2);
    expect(first).toEqual({ delivered: 2, more: true });
    const next = await queryRows<{ data: { alertId: number; afterId: number } }>(
      test.app.db,
      sql`select data from ${sql.raw(`${jobSchema}.job`)} where name = 'alerts.fan-out'`,
    );
    expect(next.map((job) => job.data).filter((data) => data.alertId === id && data.afterId > 0)).toHaveLength(1);
    await expect
      .poll(
        async () => (await test.app.db.select().from(alertDeliveries).where(eq(alertDeliveries.alertId, id))).length,
      )
      .toBe(3);
  });

  it("LINE (decisions 0420–0421): the discussion's verified identity subscribes, each is pushed once, a 429 stops and is counted", async () => {
    const lineUsers = { a: `U${'c'.repeat(32)}`, b: `U${'d'.repeat(32)}` };
    const cookieOf = async (sub: string) => {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/v1/discussion/session',
        payload: { idToken: await line.token({ sub }) },
      });
      expect(response.statusCode, response.body).toBe(200);
      return String(response.headers['set-cookie']).split(';')[0]!;
    };
    const cookies = { a: await cookieOf(lineUsers.a), b: await cookieOf(lineUsers.b) };
    const url = '/api/v1/alerts/subscriptions/line';
    const lineSubscribe = (payload: object, cookie?: string) =>
      test.app.inject({ method: 'POST', url, payload, headers: { ...as('anonymous'), ...(cookie ? { cookie } : {}) } });
    const rice = { crop: '水稻', counties: ['臺中市', '彰化縣'] };
    // A LINE user id from the body is never taken: without the session refused, with it refused too.
    expect((await lineSubscribe({ ...rice, lineUserId: lineUsers.a })).statusCode).toBe(401);
    const named = await lineSubscribe({ ...rice, to: lineUsers.b }, cookies.a);
    expect(named.statusCode).toBe(400);
    expect(named.json().error.issues[0].message).toContain('LINE 身分由登入決定');
    expect((await lineSubscribe(rice, cookies.a)).json().data).toEqual({ status: 'subscribed' });
    expect((await lineSubscribe(rice, cookies.a)).statusCode, 'a retry adds nothing').toBe(200);
    expect((await lineSubscribe({ crop: '水稻', counties: ['臺中市'] }, cookies.b)).statusCode).toBe(200);

    const publishNew = async () => {
      const id = Number((await post('editor', resource, alertInput)).json().data.id);
      expect((await post('editor', `${resource}/${id}/publish`, {})).statusCode).toBe(200);
      return id;
    };
    const first = await publishNew();
    await expect.poll(() => line.pushes.length).toBe(2);
    expect(line.pushes.map((push) => push.body.to).sort()).toEqual([lineUsers.a, lineUsers.b]);
    for (const push of line.pushes) {
      expect(push.authorization).toBe('Bearer messaging-token');
      expect(push.body.messages[0]!.text).toContain(alertInput.text);
    }
    expect(await test.app.services.alerts.fanOutAlert({ alertId: first, afterId: 0 })).toEqual({
      delivered: 0,
      more: false,
    });
    expect(line.pushes, 'once per identity, also for two counties and a retried batch').toHaveLength(2);

    // The channel's quota is spent: the first 429 stops the alert's LINE sending, counted on its row.
    line.pushStatus = 429;
    const second = await publishNew();
    const row = async () =>
      (await test.app.inject({ url: `${resource}/${second}`, headers: as('editor') })).json().data;
    await expect.poll(async () => (await row()).line_unsent).toBe(2);
    expect(line.pushes, 'one refused push, then no more').toHaveLength(3);
    const [stopped] = await test.app.db.select().from(pestAlerts).where(eq(pestAlerts.id, second));
    expect(stopped!.lineStoppedAt).not.toBeNull();
    expect(await test.app.services.alerts.fanOutAlert({ alertId: second, afterId: 0 })).toEqual({
      delivered: 0,
      more: false,
    });
    expect(line.pushes).toHaveLength(3);
    line.pushStatus = 200;

    // Unsubscribing takes the identity from the session too.
    const unsubscribe = (cookie?: string) =>
      test.app.inject({
        method: 'DELETE',
        url: `${url}?crop=水稻`,
        headers: { ...as('anonymous'), ...(cookie ? { cookie } : {}) },
      });
    expect((await unsubscribe()).statusCode).toBe(401);
    expect((await unsubscribe(cookies.a)).json().data).toEqual({ removed: 2 });

    // The LINE person's download lists the subscription; their erasure removes it.
    const [identityB] = await test.app.db
      .select()
      .from(discussionIdentities)
      .where(eq(discussionIdentities.lineUserId, lineUsers.b));
    const rows = alertsPersonalData.subjectRows!['discussion-identity']!;
    expect((await rows.exportFor(test.app.db, identityB!.id)).sections.subscriptions).toEqual([
      expect.objectContaining({ channel: 'line', county: '臺中市', line_user_id: lineUsers.b }),
    ]);
    await test.app.services.discussion.privacy.erase(identityB!.id);
    expect(await test.app.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.channel, 'line'))).toEqual(
      [],
    );
  });
  it("a member lists and cancels their own subscriptions (decision 0426); another's is a 404; the download and the erasure take them all", async () => {
    const mine = '/api/v1/alerts/subscriptions/mine';
    const list = async (person: TestPerson | 'anonymous') => test.app.inject({ url: mine, headers: as(person) });
    const cancel = (person: TestPerson, id: number, headers: Record<string, string> = {}) =>
      test.app.inject({ method: 'DELETE', url: `${mine}/${id}`, headers: { ...as(person), ...headers } });
    // Member B's address is confirmed: a subscription to it made by anyone is B's.
    await test.app.db.update(members).set({ emailConfirmedAt: new Date() }).where(eq(members.id, people.memberB.id));
    await post('anonymous', '/api/v1/alerts/subscriptions/email', {
      crop: '甘藍',
      counties: ['臺中市'],
      email: 'MemberB01@example.org',
    });
    const browser = pushService.subscription();
    await post('memberB', '/api/v1/alerts/subscriptions/push', {
      crop: '水稻',
      counties: ['彰化縣'],
      subscription: browser.json,
    });
    // B's linked LINE identity subscribes through B's session.
    await test.app.services.discussion.linkMember(people.memberB.id, await line.token({ sub: `U${'e'.repeat(32)}` }));
    expect(
      (await post('memberB', '/api/v1/alerts/subscriptions/line', { crop: '水稻', counties: ['臺中市'] })).statusCode,
    ).toBe(200);
    await post('memberA', '/api/v1/alerts/subscriptions/email', {
      crop: '水稻',
      counties: ['臺中市'],
      email: 'a-farm@example.org',
    });
    await post('anonymous', '/api/v1/alerts/subscriptions/email', {
      crop: '水稻',
      counties: ['臺中市'],
      email: 'stranger@example.org',
    });

    expect((await list('anonymous')).statusCode).toBe(401);
    const ofB = (await list('memberB')).json().data as Array<Record<string, unknown> & { id: number; channel: string }>;
    expect(ofB.map((row) => row.channel).sort()).toEqual(['email', 'line', 'push']);
    expect(ofB).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          channel: 'email',
          crop: '甘藍',
          county: '臺中市',
          email: 'memberb01@example.org',
          confirmed: false,
        }),
        expect.objectContaining({ channel: 'push', crop: '水稻', county: '彰化縣', email: null, confirmed: true }),
        expect.objectContaining({ channel: 'line', crop: '水稻', county: '臺中市', confirmed: true }),
      ]),
    );
    const ofA = (await list('memberA')).json().data as Array<{ id: number; email: string }>;
    expect(ofA).toEqual([expect.objectContaining({ email: 'a-farm@example.org' })]);

    // Only the owner: B gets a 404 for A's (the same words as for none), and a cross-site request is refused.
    const notB = await cancel('memberB', ofA[0]!.id);
    expect(notB.statusCode).toBe(404);
    expect(notB.json().error.message).toBe('找不到這項訂閱，它可能已經取消。');
    expect((await cancel('memberA', ofA[0]!.id, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await cancel('memberA', 0)).statusCode).toBe(404);
    expect(await list('memberA').then((r) => r.json().data)).toHaveLength(1);

    // The download lists all three, with the crop's name.
    const exported = await alertsPersonalData.exportFor(test.app.db, people.memberB.id);
    expect(exported.sections.subscriptions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'email', crop: '甘藍', email: 'memberb01@example.org' }),
        expect.objectContaining({ channel: 'push', crop: '水稻' }),
        expect.objectContaining({ channel: 'line', crop: '水稻', line_user_id: `U${'e'.repeat(32)}` }),
      ]),
    );
    expect(exported.sections.subscriptions).toHaveLength(3);

    // Cancelling the push one ends the browser's alerts subscription too; a second click changes nothing.
    const push = ofB.find((row) => row.channel === 'push')!;
    expect((await cancel('memberB', push.id)).json().data).toEqual({ id: push.id });
    expect((await cancel('memberB', push.id)).statusCode).toBe(404);
    expect(
      await test.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.endpoint)),
    ).toEqual([]);
    expect((await list('memberB')).json().data).toHaveLength(2);

    // The erasure removes the rest with the record of whom alerts went to; others' stay.
    const alertId = Number((await post('editor', resource, alertInput)).json().data.id);
    await test.app.db
      .insert(alertDeliveries)
      .values(
        ['memberb01@example.org', 'stranger@example.org'].map((target) => ({ alertId, channel: 'email', target })),
      );
    expect(await alertsPersonalData.eraseFor(test.app.db, people.memberB.id, { reason: 'member-request' })).toEqual({
      addresses: ['memberb01@example.org'],
    });
    expect((await list('memberB')).json().data).toEqual([]);
    expect(await list('memberA').then((r) => r.json().data)).toHaveLength(1);
    const left = await test.app.db.select().from(alertDeliveries).where(eq(alertDeliveries.alertId, alertId));
    expect(left.map((row) => row.target)).toEqual(['stranger@example.org']);
  });
});
