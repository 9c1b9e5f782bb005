import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { features } from '../../features';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInPeople, type SignedInPerson, type TestPerson } from '../../test/signed-in-people';
import { webBuildForTests, type WebBuild } from '../../test/web-build';
import { recordAudit } from '../audit/record-audit';
import { defineFeature } from '../feature/feature-manifest';
import { jobSchema, queryRows } from '../jobs/background-jobs';
import { defineJob } from '../jobs/job-queue';
import { mailOutbox } from '../mail/mail-outbox.schema';

// A job that always fails, so a failed job waits in /admin for its retry button.
const failingJobFeature = defineFeature({
  name: 'failing-job',
  servicesKey: 'failingJob',
  jobs: () => ({
    'test.always-fails': defineJob({
      payload: z.object({ tag: z.string() }),
      retryLimit: 0,
      async handle() {
        throw new Error('測試用的失敗');
      },
    }),
    // Fails once and then waits an hour for its retry, as a mail does while its SMTP server is down.
    'test.fails-then-waits': defineJob({
      payload: z.object({ tag: z.string() }),
      retryLimit: 3,
      retryDelaySeconds: 3600,
      async handle() {
        throw new Error('測試用的暫時失敗');
      },
    }),
  }),
});

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The admin screens as a browser without JavaScript gets them: HTML and form posts. */
describe('the admin screens', () => {
  let test: TestApp;
  let web: WebBuild;
  let people: Record<TestPerson, SignedInPerson>;
  const page = (person: TestPerson | null, url: string) =>
    test.app.inject({ url, headers: person ? people[person].headers : {} });
  const post = (person: TestPerson, url: string, form: Record<string, string>) =>
    test.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(form).toString(),
      headers: {
        ...people[person].headers,
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
      },
    });

  beforeAll(async () => {
    web = await webBuildForTests();
    test = await buildTestApp(
      { WEB_BUILD_DIR: web.dir, JOBS_POLL_SECONDS: '0.5' },
      { web: true, features: [...features, failingJobFeature] },
    );
    people = await signInPeople(test.app);
    await test.app.db.transaction((tx) =>
      recordAudit(tx, {
        actor: { memberId: 105, account: 'admin-lin' },
        action: 'member.grant-role',
        entity: 'member',
        entityId: 42,
        before: { roles: ['member'] },
        after: { roles: ['member', 'editor'] },
      }),
    );
    // A rewritten record: a field named by the records' form, and text over two lines.
    await test.app.db.transaction((tx) =>
      recordAudit(tx, {
        actor: { memberId: 105, account: 'admin-lin' },
        action: 'record.update',
        entity: 'record',
        entityId: 7,
        before: { c_name: '斜紋夜蛾', harm: '舊的一行' },
        after: { c_name: '斜紋夜蛾', harm: '第一行\n第二行' },
      }),
    );
  }, 300_000);
  afterAll(async () => {
    await test?.close();
    await web?.remove();
  });

  it('sends a visitor to the login page, shows a member the 403 page, and never lets a cache keep a screen', async () => {
    const anonymous = await page(null, '/admin/audit-log?page=1');
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe('/login?redirect=%2Fadmin%2Faudit-log%3Fpage%3D1');
    const member = await page('memberA', '/admin');
    expect(member.statusCode).toBe(403);
    expect(member.body).toContain('沒有權限');
    expect(member.body).toContain('管理區只開放給工作人員');
    const editor = await page('editor', '/admin');
    expect(editor.statusCode).toBe(200);
    expect(editor.headers['cache-control']).toBe('private, no-store');
    // Editors do not see the admins' resources in their navigation.
    expect(editor.body).not.toContain('稽核紀錄');
    expect((await page('editor', '/admin/audit-log')).statusCode).toBe(403);
  });

  it('lists the audit log with sortable columns and filters, and shows an entry with its before and after', async () => {
    const list = await page('admin', '/admin/audit-log');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('<h1 class="page-title">稽核紀錄</h1>');
    expect(list.body).toContain('aria-sort="descending"');
    expect(list.body).toContain('href="/admin/audit-log?sort=actorLabel&amp;direction=asc"');
    expect(list.body).toMatch(/\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d/);
    // In the staff's language (decision 0379): the action and the entity by their Chinese names.
    expect(list.body).toContain('授予角色');
    expect(list.body).toContain('修改病蟲害資料');
    expect(list.body).toContain('>會員<');
    expect(list.body).not.toContain('>member.grant-role<');
    const none = await page('admin', '/admin/audit-log?actor=nobody');
    expect(none.body).toContain('沒有符合篩選條件的資料。');
    const bad = await page('admin', '/admin/audit-log?sort=before');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('無法依此欄位排序');
    // Past 10,000 rows the list says so and offers no deeper page (decisions 0429, 0430).
    await test.app.db.execute(sql`insert into audit_log (actor_label, action, entity, entity_id)
      select 'bulk-writer', 'note.create', 'note', i::text from generate_series(1, 10005) as i`);
    try {
      expect((await page('admin', '/admin/audit-log?pageSize=100')).body).toContain('超過 10,000 筆');
      const deeper = await page('admin', '/admin/audit-log?pageSize=100&page=101');
      expect(deeper.statusCode).toBe(400);
      expect(deeper.body).toContain('最多到第 100 頁');
    } finally {
      await test.app.db.execute(sql`delete from audit_log where actor_label = 'bulk-writer'`);
    }

    const [recordEntry] = await queryRows<{ id: number }>(
      test.app.db,
      sql`select id from audit_log where action = 'record.update' and entity_id = '7'`,
    );
    const rewritten = await page('admin', `/admin/audit-log/${recordEntry!.id}`);
    expect(rewritten.body).toContain('中文名稱');
    expect(rewritten.body).toContain('為害作物／寄主／防治對象');
    // Before and after side by side, the line break kept as a break (not "\n").
    expect(rewritten.body).toContain(
      '<td class="admin-compare__value">舊的一行</td><td class="admin-compare__value">第一行\n第二行</td>',
    );
    expect(rewritten.body).not.toContain('&quot;c_name&quot;');
    const [grant] = await queryRows<{ id: number }>(
      test.app.db,
      sql`select id from audit_log where action = 'member.grant-role' and entity_id = '42'`,
    );
    const id = grant!.id;
    const detail = await page('admin', `/admin/audit-log/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('變更前後比較');
    expect(detail.body).toContain('已變更');
    expect(detail.body).toContain('[&quot;member&quot;,&quot;editor&quot;]');
    expect(detail.body).toContain('角色<span class="admin-compare__key">roles</span>');
    expect((await page('admin', '/admin/audit-log/999999')).statusCode).toBe(404);
    expect((await page('admin', `/admin/audit-log/${id}/edit`)).statusCode).toBe(405);
  });

  it('shows a failed job with its retry button, which queues it again (audited) without JavaScript', async () => {
    await test.app.jobs.enqueue('test.always-fails', { tag: 'screen' });
    const [job] = await eventually(
      () =>
        queryRows<{ id: string; state: string }>(
          test.app.db,
          sql`select id, state from ${sql.raw(`${jobSchema}.job`)} where name = 'test.always-fails'`,
        ),
      (rows) => rows[0]?.state === 'failed',
    );
    const list = await page('admin', '/admin/jobs');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('測試用的失敗');
    expect(list.body).toContain(`action="/admin/jobs/${job!.id}"`);
    expect((await post('editor', `/admin/jobs/${job!.id}`, { _action: 'retry' })).statusCode).toBe(403);
    const retried = await post('admin', `/admin/jobs/${job!.id}`, {
      _action: 'retry',
      _back: '/admin/jobs?state=failed',
    });
    expect(retried.statusCode).toBe(303);
    expect(retried.headers.location).toBe('/admin/jobs?state=failed&done=retry');
    const [entry] = await queryRows<{ action: string; actor_label: string }>(
      test.app.db,
      sql`select action, actor_label from audit_log where entity_id = ${job!.id}`,
    );
    expect(entry).toEqual({ action: 'job.retry', actor_label: people.admin.account });
    const done = await page('admin', retried.headers.location as string);
    expect(done.body).toContain('已重新排入佇列。');
  });

  it('shows on the admin home, to admins only, the jobs waiting for a retry and the mails not yet sent', async () => {
    await test.app.jobs.enqueue('test.fails-then-waits', { tag: 'home' });
    await eventually(
      () =>
        queryRows<{ state: string }>(
          test.app.db,
          sql`select state from ${sql.raw(`${jobSchema}.job`)} where name = 'test.fails-then-waits'`,
        ),
      (rows) => rows[0]?.state === 'retry',
    );
    // A mail whose first try failed (no job needed: the home counts the outbox itself).
    await test.app.db.insert(mailOutbox).values({
      to: 'waiting@example.com',
      subject: '等待重試的信',
      text: '內容',
      messageId: '<waiting@example.com>',
      attempts: 1,
      lastError: 'SMTP 伺服器沒有回應',
    });
    const home = await page('admin', '/admin');
    expect(home.statusCode).toBe(200);
    const figure = (label: string) =>
      Number(new RegExp(`${label}(?:</a>)?</dt><dd>(\\d+)</dd>`).exec(home.body)?.[1] ?? Number.NaN);
    expect(home.body).toContain('href="/admin/jobs?state=retry"');
    expect(figure('等待重試')).toBeGreaterThanOrEqual(1);
    expect(figure('失敗')).toBeGreaterThanOrEqual(0);
    expect(figure('尚未寄出')).toBeGreaterThanOrEqual(1);
    expect(figure('寄送失敗、等待重試')).toBeGreaterThanOrEqual(1);
    // The list the figure links to shows the waiting job.
    expect((await page('admin', '/admin/jobs?state=retry')).body).toContain('測試用的暫時失敗');
    // Editors manage neither jobs nor the outbox: their home shows no counts of them.
    const editor = await page('editor', '/admin');
    expect(editor.statusCode).toBe(200);
    expect(editor.body).not.toContain('尚未寄出');
    expect(editor.body).not.toContain('state=retry');
  });

  it('lists the outbox and shows a mail written to a file with its text', async () => {
    await test.app.db.transaction((tx) =>
      test.app.mail.queue(tx, {
        to: 'farmer@example.com',
        subject: '請確認您的電子郵件',
        text: '您好，\n請點選連結。',
      }),
    );
    const list = await page('admin', '/admin/outbox');
    expect(list.body).toContain('請確認您的電子郵件');
    const id = /href="\/admin\/outbox\/(\d+)"/.exec(list.body)?.[1];
    // Without SMTP the send job writes the mail to a file: then, and only then, its text is shown.
    const detail = await eventually(
      () => page('admin', `/admin/outbox/${id}`),
      (response) => response.body.includes('已寫入檔案'),
    );
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('farmer@example.com');
    expect(detail.body).toContain('請點選連結。');
  });

  it('finds members by search and role, and an admin grants a role through the edit form without JavaScript', async () => {
    const found = await page('admin', '/admin/members?q=memberb');
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain('memberb01@example.org');
    expect(found.body).not.toContain('membera01@example.org');
    const byAccount = async (direction: string) => {
      const body = (await page('admin', `/admin/members?sort=account&direction=${direction}`)).body;
      return [...body.matchAll(/<td data-label="帳號">([^<]+)<\/td>/g)].map((match) => match[1]);
    };
    const ascending = await byAccount('asc');
    expect(ascending).toEqual([...ascending].sort());
    expect(await byAccount('desc')).toEqual([...ascending].reverse());
    expect(ascending).toHaveLength(5);
    const editors = await page('admin', '/admin/members?role=editor');
    expect(editors.body).toContain('editor01');
    expect(editors.body).not.toContain('memberb01');

    const id = people.memberB.id;
    const form = await page('admin', `/admin/members/${id}/edit`);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<legend>工作人員角色</legend>');
    expect(form.body).toMatch(/<input[^>]*type="checkbox"[^>]*value="editor"/);

    const refused = await post('admin', `/admin/members/${id}/edit`, { roles: 'owner' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('不明的角色');

    const saved = await post('admin', `/admin/members/${id}/edit`, { roles: 'editor' });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`/admin/members/${id}?done=updated`);
    const detail = await page('admin', saved.headers.location as string);
    expect(detail.body).toContain('已儲存變更。');
    expect(detail.body).toContain('會員、編輯');
    const [entry] = await queryRows<{ actor_label: string; before: unknown; after: unknown }>(
      test.app.db,
      sql`select actor_label, before, after from audit_log where action = 'member.set-access' and entity_id = ${String(id)}`,
    );
    expect(entry).toEqual({
      actor_label: people.admin.account,
      before: { roles: ['member'], disabled: false },
      after: { roles: ['member', 'editor'], disabled: false },
    });
    // The change of privilege ended member B's session: they sign in again with the new rights.
    expect((await page('memberB', '/admin')).statusCode).toBe(302);
  });

  it('creates one row for a create form posted twice, as a retried or double-clicked post sends it', async () => {
    const form = await page('admin', '/admin/related-links/new');
    expect(form.statusCode).toBe(200);
    const key = /<input type="hidden" name="_createKey" value="([0-9a-f-]{36})"\/>/.exec(form.body)?.[1];
    expect(key).toBeDefined();
    // Each showing of the form has a key of its own.
    expect((await page('admin', '/admin/related-links/new')).body).not.toContain(key);
    const fields = {
      _createKey: key!,
      title: '重送測試連結',
      description: '',
      url: 'https://www.example.org/retried',
      sort: '90',
    };
    const [first, second] = await Promise.all([
      post('admin', '/admin/related-links/new', fields),
      post('admin', '/admin/related-links/new', fields),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
    expect(second.headers.location).toBe(first.headers.location);
    const again = await post('admin', '/admin/related-links/new', fields);
    expect(again.headers.location).toBe(first.headers.location);
    const rows = await queryRows<{ count: number }>(
      test.app.db,
      sql`select count(*)::int as count from related_links where title = '重送測試連結'`,
    );
    expect(rows).toEqual([{ count: 1 }]);
  });

  it('disables and enables a member by their buttons, and refuses to disable the last admin', async () => {
    const id = people.memberA.id;
    const disabled = await post('admin', `/admin/members/${id}`, { _action: 'disable' });
    expect(disabled.statusCode).toBe(303);
    expect((await page('admin', disabled.headers.location as string)).body).toContain('已停用此帳號。');
    expect((await page('memberA', '/member')).statusCode).toBe(302);
    const enabled = await post('admin', `/admin/members/${id}`, { _action: 'enable' });
    expect(enabled.statusCode).toBe(303);

    const self = await post('admin', `/admin/members/${people.admin.id}/edit`, { roles: 'admin', disabled: 'on' });
    expect(self.statusCode).toBe(400);
    expect(self.body).toContain('無法停用自己的帳號');
    const lastAdmin = await post('admin', `/admin/members/${people.admin.id}/edit`, {});
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.body).toContain('至少要保留一位啟用中的管理者');
  });
});
