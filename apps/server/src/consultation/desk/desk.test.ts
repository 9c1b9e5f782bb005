import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit-log.schema';
import { jobSchema, queryRows } from '../../platform/jobs/background-jobs';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { readMime } from '../../test/read-mime';
import { signInPeople, type SignedInPerson, type TestPerson } from '../../test/signed-in-people';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { assignDefaultExpert } from '../index';
import { consultationCases } from '../schema';
import { insertCrop, insertSubmittedCase } from '../test/insert-case';
import { hashCaseToken } from '../case-token';
import { webBuildForTests, type WebBuild } from '../../test/web-build';
import { deskContactHidden, deskPublishNeedsConsent } from '@pest/contracts';
import { viewPersonalDataAction } from './get-desk-case';
import { pushKeys, pushSubscriptions } from '../../platform/push/push.schema';
import { startFakePushService, type FakePushService } from '../../platform/push/test/fake-push-service';

describe('the expert desk', () => {
  let test: TestApp;
  let smtp: SmtpPeer;
  let people: Record<TestPerson, SignedInPerson>;
  let web: WebBuild;
  let pushService: FakePushService;
  const published: string[][] = [];
  const as = (person: TestPerson | 'anonymous') => ({
    'sec-fetch-site': 'same-origin',
    ...(person === 'anonymous' ? {} : people[person].headers),
  });
  const post = (person: TestPerson | 'anonymous', url: string, payload: object) =>
    test.app.inject({ method: 'POST', url, payload, headers: as(person) });
  const auditOf = (caseId: number) =>
    test.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'consultation-case'), eq(auditLog.entityId, String(caseId))))
      .orderBy(desc(auditLog.id));
  const mailTo = async (to: string, subject: string) => {
    const mail = await smtp.waitFor((m) => m.to.includes(to) && readMime(m.raw).subject.includes(subject));
    return readMime(mail.raw);
  };

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    pushService = await startFakePushService();
    // With the pages: the case screen's HTML is checked for who sees the asker's contact.
    web = await webBuildForTests();
    test = await buildTestApp(
      { SMTP_URL: smtp.url, JOBS_POLL_SECONDS: '0.5', RATE_LIMIT_FORM_MAX: '1000', WEB_BUILD_DIR: web.dir },
      { web: true },
    );
    people = await signInPeople(test.app);
    test.app.invalidation.subscribe((tags) => published.push([...tags]));
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
    await pushService?.close();
    await web?.remove();
  });

  it('lists the queue for experts, editors and admins only, with the 48-hour flag and the filters', async () => {
    const fresh = await insertSubmittedCase(test.app, { cropName: '芒果', countyName: '臺南市', hoursAgo: 2 });
    const late = await insertSubmittedCase(test.app, { cropName: '芒果', countyName: '屏東縣', hoursAgo: 50 });
    const list = (person: TestPerson | 'anonymous', query = '') =>
      test.app.inject({ url: `/api/v1/admin/resources/consultation-cases${query}`, headers: as(person) });
    expect((await list('anonymous')).statusCode).toBe(401);
    expect((await list('memberA')).statusCode).toBe(403);
    for (const person of ['expert', 'editor', 'admin'] as const) expect((await list(person)).statusCode).toBe(200);
    const mango = (await list('expert', '?crop=芒果')).json().data.rows as Array<{
      id: number;
      overdue: boolean;
      respond_by: string;
    }>;
    // The demo content's answered 芒果 cases are in the queue too: look at this test's own.
    const ours = mango.filter((row) => row.id === late || row.id === fresh);
    expect(ours.map((row) => [row.id, row.overdue, row.respond_by])).toEqual([
      [late, true, expect.stringMatching(/^⚠ 已逾時 [12] 小時$/)],
      [fresh, false, expect.stringMatching(/^剩 4[56] 小時$/)],
    ]);
    const overdue = (await list('expert', '?age=overdue&crop=芒果')).json().data.rows as Array<{ id: number }>;
    expect(overdue.map((row) => row.id)).toContain(late);
    expect(overdue.map((row) => row.id)).not.toContain(fresh);
    const county = (await list('expert', '?county=臺南')).json().data.rows as Array<{ id: number }>;
    expect(county.map((row) => row.id)).toContain(fresh);
    expect(county.map((row) => row.id)).not.toContain(late);
    // The asker's contact is not in the queue.
    expect((await list('expert')).body).not.toContain('farmer@example.org');
    expect((await list('expert', '?age=someday')).statusCode).toBe(400);
    // Unanswered cases first, the oldest first, then the answered ones (the demo content has some).
    const queue = (await list('expert', '?pageSize=100')).json().data.rows as Array<{
      status: string;
      submitted_at: string;
    }>;
    const firstAnswered = queue.findIndex((row) => row.status === 'answered');
    expect(firstAnswered).toBeGreaterThan(0);
    expect(queue.slice(firstAnswered).every((row) => row.status === 'answered')).toBe(true);
    const waiting = queue.slice(0, firstAnswered).map((row) => row.submitted_at);
    expect(waiting).toEqual([...waiting].sort());
  });

  it('shows a case with its photos at full size and the asker contact to an admin, never to members', async () => {
    const caseId = await insertSubmittedCase(test.app, { photos: 2 });
    const view = (person: TestPerson | 'anonymous') =>
      test.app.inject({ url: `/api/v1/admin/consultation/cases/${caseId}`, headers: as(person) });
    expect((await view('anonymous')).statusCode).toBe(401);
    expect((await view('memberA')).statusCode).toBe(403);
    const response = await view('admin');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const found = response.json().data;
    expect(found).toMatchObject({ id: caseId, asker_email: 'farmer@example.org', asker_phone: '0912345678' });
    expect(found.photos).toHaveLength(2);
    const photo = await test.app.inject({ url: found.photos[0].url, headers: as('editor') });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await test.app.inject({ url: found.photos[0].url, headers: as('memberB') })).statusCode).toBe(403);
    expect((await test.app.inject({ url: found.photos[0].url })).statusCode).toBe(401);
    const receiving = await test.app.db
      .insert(consultationCases)
      .values({
        askerName: '李',
        askerEmail: 'x@example.org',
        askerPhone: '0912345678',
        countyId: '1',
        countyName: '臺北市',
        townshipName: '中正區',
        cropName: '稻',
        description: '…',
      })
      .returning({ id: consultationCases.id });
    const hidden = await test.app.inject({
      url: `/api/v1/admin/consultation/cases/${receiving[0]!.id}`,
      headers: as('admin'),
    });
    expect(hidden.statusCode, 'a case still receiving photos is not on the desk').toBe(404);
  });

  it('filters the queue by crop and county through the search rows: variants meet, punctuation finds nothing', async () => {
    const guava = await insertSubmittedCase(test.app, { cropName: '番石榴', countyName: '臺南市' });
    const ids = async (query: string) =>
      (
        await test.app.inject({
          url: `/api/v1/admin/resources/consultation-cases?${query}&pageSize=100`,
          headers: as('admin'),
        })
      )
        .json()
        .data.rows.map((row: { id: number }) => row.id);
    expect(await ids(`crop=${encodeURIComponent('蕃石榴')}`)).toContain(guava);
    expect(await ids(`county=${encodeURIComponent('台南')}`)).toContain(guava);
    expect(await ids(`crop=${encodeURIComponent('石榴')}&county=${encodeURIComponent('臺南市')}`)).toEqual([guava]);
    expect(await ids(`crop=${encodeURIComponent('番石榴')}&county=${encodeURIComponent('雲林')}`)).not.toContain(guava);
    expect(await ids(`crop=${encodeURIComponent('!!')}`)).toEqual([]);
  });

  it('counts the cases waiting for an answer on the admin home, first, grouped by task (decision 0377)', async () => {
    await insertSubmittedCase(test.app, { cropName: '番茄', countyName: '雲林縣', hoursAgo: 60 });
    const figures = (await test.app.inject({ url: '/api/v1/admin/figures', headers: as('expert') })).json().data;
    const waiting = (
      await test.app.inject({
        url: '/api/v1/admin/resources/consultation-cases?status=submitted',
        headers: as('expert'),
      })
    ).json().data.total;
    expect(figures['consultation-cases']).toEqual([
      { label: '待回覆案件', value: waiting, query: 'status=submitted', attention: true },
      { label: '逾 48 小時未回覆', value: expect.any(Number), query: 'age=overdue', attention: true },
    ]);
    expect(figures['consultation-cases'][1].value).toBeGreaterThanOrEqual(1);
    // An expert's role lists neither the inbox nor the jobs: no counts of them.
    expect(Object.keys(figures).sort()).toEqual(['consultation-cases']);
    expect((await test.app.inject({ url: '/api/v1/admin/figures', headers: as('memberA') })).statusCode).toBe(403);

    const home = await test.app.inject({ url: '/admin', headers: as('expert') });
    expect(home.statusCode).toBe(200);
    const body = home.body;
    // What waits comes first, the screen before the navigation; then the screens by task.
    const at = (text: string) => body.indexOf(text);
    expect(at('>待處理</h2>')).toBeGreaterThan(0);
    expect(at('href="/admin/consultation-cases?status=submitted"')).toBeGreaterThan(at('>待處理</h2>'));
    expect(at('>回覆民眾</h2>')).toBeGreaterThan(at('href="/admin/consultation-cases?status=submitted"'));
    expect(at('aria-label="管理項目"')).toBeGreaterThan(at('>回覆民眾</h2>'));
    expect(body).toContain(`<span class="admin-waiting__count">${waiting}</span>`);
    expect(body).not.toContain('未處理訊息');
  });

  it('finds what a reply may link to by a typed name, for staff only', async () => {
    const find = (person: TestPerson | 'anonymous', query: string) =>
      test.app.inject({ url: `/api/v1/admin/consultation/link-targets?${query}`, headers: as(person) });
    expect((await find('memberA', 'kind=record&q=%E8%9A%9C')).statusCode).toBe(403);
    const records = (await find('expert', `kind=record&q=${encodeURIComponent('薊馬')}`)).json().data as Array<{
      kind: string;
      id: number;
      title: string;
    }>;
    expect(records.length).toBeGreaterThan(0);
    // Names holding the text come first (an alias may hold it too).
    expect(records.every((row) => row.kind === 'record')).toBe(true);
    expect(records[0]!.title).toContain('薊馬');
    const sheets = (await find('expert', `kind=ipm&q=${encodeURIComponent('水稻')}`)).json().data as Array<{
      kind: string;
      title: string;
    }>;
    expect(sheets.length).toBeGreaterThan(0);
    expect(sheets[0]!.kind).toBe('ipm');
    const refused = await find('expert', 'kind=video&q=x');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('請選擇病蟲害記錄或 IPM 資料');
    expect((await find('expert', 'kind=record')).statusCode).toBe(400);
  });

  it('assigns a new case to the least loaded expert of its crop, and staff may reassign (audited)', async () => {
    const second = await test.app.services.accounts.register(
      {
        account: 'expert02',
        name: '第二位專家',
        email: 'expert02@example.org',
        memberClass: 'all',
        password: 'Green-Field-2026',
      },
      { signIn: false },
    );
    await test.app.services.accounts.grantRole({ memberId: null, label: 'cli' }, second.member.id, 'expert');
    await insertCrop(test.app, 903, '番石榴', [people.expert.id, second.member.id, people.memberA.id]);
    const busy = await insertSubmittedCase(test.app, { cropId: 903, cropName: '番石榴' });
    expect(await test.app.db.transaction((tx) => assignDefaultExpert(tx, busy))).toBe(people.expert.id);
    const next = await insertSubmittedCase(test.app, { cropId: 903, cropName: '番石榴' });
    expect(
      await test.app.db.transaction((tx) => assignDefaultExpert(tx, next)),
      'the expert with fewer open cases; member A is no expert',
    ).toBe(second.member.id);
    const noExperts = await insertSubmittedCase(test.app, { cropName: '不明作物' });
    expect(await test.app.db.transaction((tx) => assignDefaultExpert(tx, noExperts))).toBeNull();

    const url = `/api/v1/admin/consultation/cases/${next}/assign`;
    expect((await post('memberA', url, { expertId: people.expert.id })).statusCode).toBe(403);
    const refused = await post('editor', url, { expertId: people.memberB.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('只能指派給專家');
    expect((await post('editor', url, { expertId: people.expert.id })).statusCode).toBe(200);
    const [entry] = await auditOf(next);
    expect(entry).toMatchObject({
      action: 'consultation-case.assign',
      actorId: people.editor.id,
      before: expect.objectContaining({ assigned_expert_id: second.member.id }),
      after: expect.objectContaining({ assigned_expert_id: people.expert.id }),
    });
  });

  it('replies with sanitised text and checked links, mails the asker once with a new follow link, schedules the follow-up', async () => {
    const caseId = await insertSubmittedCase(test.app, { askerEmail: 'reply-asker@example.org', askerName: '陳大文' });
    const url = `/api/v1/admin/consultation/cases/${caseId}/reply`;
    const reply = '這是**番茄晚疫病**。<script>alert(1)</script>\n\n- 移除病葉\n- 參考 https://example.org/a?b=1&c=2';
    expect((await post('memberA', url, { reply })).statusCode).toBe(403);
    expect((await post('anonymous', url, { reply })).statusCode).toBe(401);
    const empty = await post('expert', url, { reply: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues).toEqual([{ path: 'reply', message: '請輸入回覆內容' }]);
    const missing = await post('expert', url, { reply, recordIds: '1, 99999' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('找不到編號 99999 的病蟲害記錄');
    expect((await post('expert', url, { reply, ipmIds: [99999] })).json().error.message).toBe(
      '找不到編號 99999 的 IPM 資料',
    );

    published.length = 0;
    const ok = await post('expert', url, { reply, recordIds: '1', ipmIds: [1], publish: false });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(published).toEqual([['consultation:advisory', `consultation:case:${caseId}`]]);
    const view = (
      await test.app.inject({ url: `/api/v1/admin/consultation/cases/${caseId}`, headers: as('admin') })
    ).json().data;
    expect(view.status).toBe('answered');
    expect(view.reply_html).toContain('<strong>番茄晚疫病</strong>');
    expect(view.reply_html).not.toContain('<script');
    expect(view.reply_html).toContain('&lt;script&gt;');
    expect(view.reply_html).toContain('<ul><li>移除病葉</li>');
    expect(view.reply_html).toContain('<a href="https://example.org/a?b=1&amp;c=2">');
    expect(view.links.map((link: { kind: string; id: number }) => `${link.kind}:${link.id}`)).toEqual([
      'record:1',
      'ipm:1',
    ]);
    expect(view.published_at).toBeNull();
    expect(view.assigned_expert_id, 'whoever answers an unassigned case takes it').toBe(people.expert.id);

    const mail = await mailTo('reply-asker@example.org', '專家回覆');
    expect(mail.subject).toContain(`案件編號 ${caseId}`);
    expect(mail.text).toContain('這是番茄晚疫病。<script>alert(1)</script>');
    const token = /consultation\/case\?token=([\w-]+)/.exec(mail.text ?? '')?.[1];
    expect(token).toBeDefined();
    const [stored] = await test.app.db.select().from(consultationCases).where(eq(consultationCases.id, caseId));
    expect(stored!.replyTokenHash).toBe(hashCaseToken(token!));

    // The same reply again (a double click) changes nothing and mails nothing.
    published.length = 0;
    expect((await post('expert', url, { reply, recordIds: [1], ipmIds: '1' })).statusCode).toBe(200);
    expect(published).toEqual([]);
    const jobs = await queryRows<{ state: string; start_after: Date; data: { caseId: number } }>(
      test.app.db,
      sql`select state, start_after, data from ${sql.raw(`${jobSchema}.job`)} where name = 'consultation.send-follow-up'`,
    );
    const followUps = jobs.filter((job) => job.data.caseId === caseId);
    expect(followUps).toHaveLength(1);
    const days = (new Date(followUps[0]!.start_after).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(7.9);
    expect(days).toBeLessThanOrEqual(8);
    const [entry] = (await auditOf(caseId)).filter((row) => row.action !== viewPersonalDataAction);
    expect(entry).toMatchObject({
      action: 'consultation-case.reply',
      actorId: people.expert.id,
      after: expect.objectContaining({ status: 'answered', links: ['ipm:1', 'record:1'], published: false }),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((m) => m.to.includes('reply-asker@example.org'))).toHaveLength(1);
  });

  it('publishes only answered cases, and invalidates the archive when the state changes', async () => {
    const caseId = await insertSubmittedCase(test.app, { publishConsent: 'asker' });
    const url = `/api/v1/admin/consultation/cases/${caseId}/publish`;
    expect((await post('memberB', url, { published: true })).statusCode).toBe(403);
    const early = await post('editor', url, { published: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('請先回覆再公開');
    await post('expert', `/api/v1/admin/consultation/cases/${caseId}/reply`, { reply: '請噴灑適當藥劑。' });
    published.length = 0;
    expect((await post('editor', url, { published: true })).statusCode).toBe(200);
    expect((await post('editor', url, { published: true })).statusCode).toBe(200);
    expect(published, 'once: the second publish changes nothing').toEqual([
      ['consultation:advisory', `consultation:case:${caseId}`],
    ]);
    const [entry] = await auditOf(caseId);
    expect(entry).toMatchObject({ action: 'consultation-case.publish', actorId: people.editor.id });
    // The public page, its loader data included, holds the spec's fields only: the name masked, no contact.
    const page = await test.app.inject({ url: `/consultation/advisory/detail?id=${caseId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('王OO');
    for (const personal of ['王小明', 'farmer@example.org', '0912345678', 'asker_', 'staff_note', 'publish_consent'])
      expect(page.body, personal).not.toContain(personal);
    expect((await post('admin', url, { published: false })).statusCode).toBe(200);
    expect((await auditOf(caseId))[0]!.action).toBe('consultation-case.unpublish');
  });

  it('publishes only a case whose asker agreed; the screen says why the control is off', async () => {
    const refused = await insertSubmittedCase(test.app, { publishConsent: 'none' });
    const reply = await post('expert', `/api/v1/admin/consultation/cases/${refused}/reply`, {
      reply: '請移除病葉。',
      publish: true,
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error.message).toBe(deskPublishNeedsConsent);
    expect(
      (await post('expert', `/api/v1/admin/consultation/cases/${refused}/reply`, { reply: '請移除病葉。' })).statusCode,
    ).toBe(200);
    const publish = await post('admin', `/api/v1/admin/consultation/cases/${refused}/publish`, { published: true });
    expect(publish.statusCode).toBe(409);
    expect(publish.json().error.message).toBe(deskPublishNeedsConsent);
    const [row] = await test.app.db.select().from(consultationCases).where(eq(consultationCases.id, refused));
    expect(row!.publishedAt).toBeNull();
    const screen = (
      await test.app.inject({ url: `/admin/consultation-cases/${refused}`, headers: as('admin') })
    ).body.replaceAll('<!-- -->', '');
    expect(screen).toContain(`${deskPublishNeedsConsent}。`);
    expect(screen).toMatch(
      /<button type="submit" class="button" disabled="" aria-describedby="desk-publish-reason">公開此案件<\/button>/,
    );
    expect(/<input[^>]*name="publish"[^>]*>/.exec(screen)?.[0]).toContain('disabled=""');

    // Published before the question was asked (migration 0032): it stays, an updated reply keeps it
    // public; once taken back it cannot be published again.
    const earlier = await insertSubmittedCase(test.app, { publishConsent: 'prior-publication' });
    await test.app.db
      .update(consultationCases)
      .set({ status: 'answered', replyText: '舊的回覆', replyHtml: '<p>舊的回覆</p>', publishedAt: new Date() })
      .where(eq(consultationCases.id, earlier));
    const kept = await post('expert', `/api/v1/admin/consultation/cases/${earlier}/reply`, {
      reply: '更新的回覆',
      publish: true,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(
      (await post('editor', `/api/v1/admin/consultation/cases/${earlier}/publish`, { published: false })).statusCode,
    ).toBe(200);
    expect(
      (await post('editor', `/api/v1/admin/consultation/cases/${earlier}/publish`, { published: true })).statusCode,
    ).toBe(409);
  });

  it("shows the asker's contact only to the assigned expert and admins, and audits each view", async () => {
    const other = await test.app.services.accounts.register(
      {
        account: 'expert03',
        name: '另一位專家',
        email: 'expert03@example.org',
        memberClass: 'all',
        password: 'Green-Field-2026',
      },
      { signIn: false },
    );
    await test.app.services.accounts.grantRole({ memberId: null, label: 'cli' }, other.member.id, 'expert');
    const caseId = await insertSubmittedCase(test.app, {
      askerName: '鄭秘密',
      askerEmail: 'secret-asker@example.org',
      askerPhone: '0987-654-321',
      assignedExpertId: other.member.id,
    });
    const secrets = ['鄭秘密', 'secret-asker@example.org', '0987-654-321'];
    const views = async () =>
      (await auditOf(caseId)).filter((entry) => entry.action === viewPersonalDataAction).map((entry) => entry.actorId);
    const api = (person: TestPerson) =>
      test.app.inject({ url: `/api/v1/admin/consultation/cases/${caseId}`, headers: as(person) });
    const screen = (person: TestPerson) =>
      test.app.inject({ url: `/admin/consultation-cases/${caseId}`, headers: as(person) });

    // Another expert and an editor work on the case without the contact, and nothing is recorded.
    for (const person of ['expert', 'editor'] as const) {
      const json = await api(person);
      expect(json.statusCode).toBe(200);
      expect(json.json().data).toMatchObject({
        contact_visible: false,
        asker_name: null,
        asker_email: null,
        asker_phone: null,
      });
      const html = await screen(person);
      expect(html.statusCode).toBe(200);
      expect(html.body).toContain(deskContactHidden);
      for (const body of [json.body, html.body])
        for (const secret of secrets) expect(body, person).not.toContain(secret);
    }
    // The queue never had it.
    const queue = await test.app.inject({ url: '/api/v1/admin/resources/consultation-cases', headers: as('editor') });
    for (const secret of secrets) expect(queue.body).not.toContain(secret);
    expect(await views()).toEqual([]);

    // Assigned to this expert: they see it, and each view is in the audit log.
    expect(
      (await post('admin', `/api/v1/admin/consultation/cases/${caseId}/assign`, { expertId: people.expert.id }))
        .statusCode,
    ).toBe(200);
    expect(await views()).toEqual([]);
    const mine = await api('expert');
    expect(mine.json().data).toMatchObject({
      contact_visible: true,
      asker_name: '鄭秘密',
      asker_email: 'secret-asker@example.org',
      asker_phone: '0987-654-321',
    });
    expect(await views()).toEqual([people.expert.id]);
    const page = await screen('expert');
    expect(page.body).toContain('secret-asker@example.org');
    expect(page.body).not.toContain(deskContactHidden);
    expect(await views()).toEqual([people.expert.id, people.expert.id]);
    // The editor still does not.
    expect((await api('editor')).body).not.toContain('secret-asker@example.org');
    // An admin sees it, audited with who and which case.
    expect((await screen('admin')).body).toContain('0987-654-321');
    expect((await api('admin')).json().data.asker_name).toBe('鄭秘密');
    expect(await views()).toEqual([people.admin.id, people.admin.id, people.expert.id, people.expert.id]);
    const [entry] = (await auditOf(caseId)).filter((row) => row.action === viewPersonalDataAction);
    expect(entry).toMatchObject({ entity: 'consultation-case', entityId: String(caseId), actorLabel: 'admin01' });
    expect(entry!.at).toBeInstanceOf(Date);
  });

  it('keeps the follow link of the first mail working once the case is answered', async () => {
    const first = 'first-mail-token-'.padEnd(43, 'x');
    const caseId = await insertSubmittedCase(test.app, { followToken: first, askerEmail: 'lasting@example.org' });
    const page = () => test.app.inject({ url: `/consultation/case?token=${first}` });
    expect((await page()).statusCode).toBe(200);
    const answered = await post('expert', `/api/v1/admin/consultation/cases/${caseId}/reply`, {
      reply: '這是白粉病，請加強通風。',
    });
    expect(answered.statusCode).toBe(200);
    const after = await page();
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('這是白粉病，請加強通風。');
    // The reply mail's own link works too, and a second reply keeps the first link working.
    const mail = await mailTo('lasting@example.org', '專家回覆');
    const second = /consultation\/case\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
    expect((await test.app.inject({ url: `/consultation/case?token=${second}` })).statusCode).toBe(200);
    await post('expert', `/api/v1/admin/consultation/cases/${caseId}/reply`, { reply: '補充：移除病葉。' });
    expect((await page()).body).toContain('補充：移除病葉。');
  });

  it('tells the asker by Web Push when the case is answered, encrypted for their browser, once per reply; 410 removes it (decision 0401)', async () => {
    // One VAPID pair, made at the first start and kept: a second start (another server) reuses it.
    const key = (await test.app.inject({ url: '/api/v1/push/public-key' })).json().data.publicKey as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    await test.app.push.ensureKeys(test.app.dbDriver);
    expect(await test.app.db.select({ publicKey: pushKeys.publicKey }).from(pushKeys)).toEqual([{ publicKey: key }]);

    const token = 'push-follow-token-'.padEnd(43, 'p');
    const caseId = await insertSubmittedCase(test.app, { followToken: token, memberId: people.memberA.id });
    const browser = pushService.subscription();
    const other = pushService.subscription();
    const turnOn = (body: object) => post('anonymous', '/api/v1/consultation/case/push', body);
    expect((await turnOn({ token: 'x'.repeat(43), subscription: browser.json })).statusCode).toBe(404);
    const bad = await turnOn({ token, subscription: { endpoint: 'nope', keys: {} } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].message).toBe('推播服務網址格式不正確');
    for (const subscription of [browser, browser, other]) {
      const on = await turnOn({ token, subscription: subscription.json });
      expect(on.statusCode, on.body).toBe(200);
    }
    const state = (endpoint: string) => post('anonymous', '/api/v1/consultation/case/push/state', { token, endpoint });
    expect((await state(browser.endpoint)).json().data).toEqual({ subscribed: true });
    const stored = await test.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(stored.map((row) => [row.purpose, row.memberId])).toEqual([['consultation-case', people.memberA.id]]);
    // The member's download lists it; their erasure is checked by the personal-data part below.
    const part = await test.app.push.personalDataPart().exportFor(test.app.db, people.memberA.id);
    expect(part.sections.subscriptions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ purpose: 'consultation-case', pushService: new URL(browser.endpoint).host }),
      ]),
    );

    const reply = (text: string) => post('expert', `/api/v1/admin/consultation/cases/${caseId}/reply`, { reply: text });
    expect((await reply('這是葉斑病，請移除病葉。')).statusCode).toBe(200);
    const [message] = await pushService.waitFor(browser);
    expect(message!.headers.ttl).toBe('86400');
    expect(message!.headers['content-encoding']).toBe('aes128gcm');
    expect(message!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`));
    expect(message!.payload).toEqual({
      title: '您的諮詢已有專家回覆',
      body: `「番茄」影像諮詢（案件編號 ${caseId}）已有專家回覆，點此查看。`,
      path: '/consultation/case',
      tag: `consultation-case-${caseId}`,
    });
    await pushService.waitFor(other);

    // The other browser's push service says it is gone: its row goes; the next reply reaches the first only.
    pushService.answer(other, 410);
    expect((await reply('補充：加強通風。')).statusCode).toBe(200);
    await pushService.waitFor(browser, 2);
    await pushService.waitFor(other, 2);
    await expect
      .poll(
        async () =>
          (await test.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, other.endpoint)))
            .length,
      )
      .toBe(0);
    expect((await state(other.endpoint)).json().data).toEqual({ subscribed: false });

    // Turned off: no more messages, and the platform's unsubscribe removes whatever is left.
    const off = await post('anonymous', '/api/v1/consultation/case/push/remove', { token, endpoint: browser.endpoint });
    expect(off.json().data).toEqual({ subscribed: false });
    expect((await reply('再補充：輪作。')).statusCode).toBe(200);
    // The member's account erasure takes their subscriptions (the personal-data part).
    await test.app.push.personalDataPart().eraseFor(test.app.db, people.memberA.id, { reason: 'member-request' });
    expect(
      await test.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, people.memberA.id)),
    ).toEqual([]);
    const third = pushService.subscription();
    expect((await turnOn({ token, subscription: third.json })).statusCode).toBe(200);
    const unsubscribe = (endpoint: string) => post('anonymous', '/api/v1/push/unsubscribe', { endpoint });
    expect((await unsubscribe(third.endpoint)).json().data).toEqual({ removed: true });
    expect((await unsubscribe(third.endpoint)).json().data).toEqual({ removed: false });
    expect(pushService.deliveries.filter((d) => d.path === new URL(browser.endpoint).pathname)).toHaveLength(2);
  });

  it('keeps a staff-only note (audited) that members cannot write', async () => {
    const caseId = await insertSubmittedCase(test.app);
    const url = `/api/v1/admin/consultation/cases/${caseId}/note`;
    expect((await post('memberA', url, { note: '偷看' })).statusCode).toBe(403);
    expect((await post('expert', url, { note: '已電話聯絡農友' })).statusCode).toBe(200);
    expect((await post('expert', url, { note: 'x'.repeat(5001) })).statusCode).toBe(400);
    const view = await test.app.inject({ url: `/api/v1/admin/consultation/cases/${caseId}`, headers: as('expert') });
    expect(view.json().data.staff_note).toBe('已電話聯絡農友');
    expect((await auditOf(caseId))[0]).toMatchObject({
      action: 'consultation-case.note',
      after: expect.objectContaining({ staff_note: '已電話聯絡農友' }),
    });
  });

  it('sends the follow-up once, takes the one-click answer without login, and counts it per expert and crop', async () => {
    const caseId = await insertSubmittedCase(test.app, { askerEmail: 'follow@example.org', cropName: '蓮霧' });
    await post('expert', `/api/v1/admin/consultation/cases/${caseId}/reply`, { reply: '請清園。' });
    const desk = test.app.services.consultation.desk;
    expect(await desk.sendFollowUp(caseId)).toBe(true);
    expect(await desk.sendFollowUp(caseId), 'a retried job mails once').toBe(false);
    const mail = await mailTo('follow@example.org', '這個回覆解決您的問題了嗎');
    const links = [...(mail.text ?? '').matchAll(/consultation\/follow-up\?token=([\w-]+)&answer=(\w+)/g)];
    expect(links.map((link) => link[2])).toEqual(['solved', 'partly', 'unsolved']);
    const token = links[0]![1]!;

    const answer = (payload: object) => post('anonymous', '/api/v1/consultation/follow-up', payload);
    expect((await answer({ token, answer: 'maybe' })).statusCode).toBe(400);
    expect((await answer({ token: 'x'.repeat(43), answer: 'solved' })).statusCode).toBe(404);
    const answered = await answer({ token, answer: 'solved' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toEqual({ caseId, answer: 'solved' });

    const stats = async (by: string) =>
      (
        await test.app.inject({
          url: `/api/v1/admin/resources/consultation-follow-ups?by=${by}`,
          headers: as('editor'),
        })
      ).json().data.rows as Array<{ name: string; asked: number; solved: number }>;
    expect((await stats('crop')).find((row) => row.name === '蓮霧')).toMatchObject({ asked: 1, solved: 1 });
    expect((await stats('expert')).find((row) => row.name === '測試expert')).toMatchObject({ solved: 1 });
    expect(
      (await test.app.inject({ url: '/api/v1/admin/resources/consultation-follow-ups', headers: as('memberA') }))
        .statusCode,
    ).toBe(403);
  });

  it('lets editors and admins set which experts answer a crop (audited); experts only read it', async () => {
    await insertCrop(test.app, 904, '洋香瓜');
    const url = '/api/v1/admin/resources/consultation-expert-crops';
    const add = (person: TestPerson, memberId: number) => post(person, url, { memberId, cropId: 904 });
    expect((await add('expert', people.expert.id)).statusCode).toBe(403);
    const notExpert = await add('editor', people.memberA.id);
    expect(notExpert.statusCode).toBe(400);
    expect(notExpert.json().error.issues).toEqual([{ path: 'memberId', message: '此會員不是專家' }]);
    const added = await add('editor', people.expert.id);
    expect(added.statusCode, added.body).toBe(201);
    const key = added.json().data.id;
    expect(key).toBe(`${people.expert.id}-904`);
    expect((await add('admin', people.expert.id)).json().data.id, 'the same pair again is the same row').toBe(key);
    const listed = await test.app.inject({ url: `${url}?q=洋香瓜`, headers: as('expert') });
    expect(listed.json().data.rows).toEqual([expect.objectContaining({ key, crop: '洋香瓜', expert: '測試expert' })]);
    const caseId = await insertSubmittedCase(test.app, { cropId: 904, cropName: '洋香瓜' });
    expect(await test.app.db.transaction((tx) => assignDefaultExpert(tx, caseId))).toBe(people.expert.id);
    const removed = await test.app.inject({ method: 'DELETE', url: `${url}/${key}`, headers: as('admin') });
    expect(removed.statusCode).toBe(204);
    const entries = await test.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'consultation-expert-crop'))
      .orderBy(desc(auditLog.id));
    expect(entries.map((entry) => entry.action)).toEqual([
      'consultation-expert-crop.remove',
      'consultation-expert-crop.add',
    ]);
  });

  it("lists a member's own cases only", async () => {
    const own = await insertSubmittedCase(test.app, { memberId: people.memberA.id });
    const other = await insertSubmittedCase(test.app, { memberId: people.memberB.id });
    const cases = await test.app.services.consultation.desk.listMemberCases(people.memberA.id);
    expect(cases.map((row) => row.id)).toContain(own);
    expect(cases.map((row) => row.id)).not.toContain(other);
  });
});
