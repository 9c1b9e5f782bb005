import { defineAdminContract } from '@pest/contracts';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { features } from '../../features';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInPeople, type SignedInPerson, type TestPerson } from '../../test/signed-in-people';
import { auditLog } from '../audit/audit-log.schema';
import { recordAudit } from '../audit/record-audit';
import { defineFeature } from '../feature/feature-manifest';
import { AppError } from '../http/app-error';
import { adminCreateKeys } from './admin-create-keys.schema';
import { indexAdminResources } from './admin-gateway';
import { defineAdminResource } from './admin-resource';
import { createOnce, removeOldCreateKeys } from './create-once';

// A resource only this test declares: editors read it, admins write it, kept in memory.
const noteContract = defineAdminContract({
  name: 'test-notes',
  label: '測試筆記',
  row: z.object({ id: z.number().meta({ title: '編號' }), title: z.string().meta({ title: '標題' }) }),
  idKey: 'id',
  titleKey: 'title',
  columns: ['id', 'title'],
  sortable: ['id', 'title'],
  defaultSort: { key: 'id', direction: 'asc' },
  filters: z.object({ q: z.string().optional().meta({ title: '關鍵字' }) }),
  create: z.object({ title: z.string().trim().min(1, { error: '請輸入標題' }).meta({ title: '標題' }) }),
  update: z.object({ title: z.string().trim().min(1, { error: '請輸入標題' }).meta({ title: '標題' }) }),
});
// And one with a personal field (decision 0299): editors and admins read it, admins alone see the phone.
const callerContract = defineAdminContract({
  name: 'test-callers',
  label: '測試來電',
  row: z.object({
    id: z.number().meta({ title: '編號' }),
    topic: z.string().meta({ title: '主題' }),
    phone: z.string().meta({ title: '電話' }),
  }),
  idKey: 'id',
  titleKey: 'topic',
  columns: ['id', 'topic', 'phone'],
  sortable: ['id', 'phone'],
  defaultSort: { key: 'id', direction: 'asc' },
  filters: z.object({ phone: z.string().optional().meta({ title: '電話' }) }),
  personalFields: ['phone'],
  personalFilters: ['phone'],
});
const callers = [
  { id: 1, topic: '蟲害', phone: '0912-000-111' },
  { id: 2, topic: '病害', phone: '' },
];
const notes = new Map<number, { id: number; title: string }>();
const notesFeature = defineFeature({
  name: 'test-notes',
  servicesKey: 'testNotes',
  adminResources: () => [
    defineAdminResource({
      contract: callerContract,
      roles: ['editor', 'admin'],
      personalDataRoles: ['admin'],
      list: async (query) => {
        const rows = callers.filter((caller) => !query.filters.phone || caller.phone.includes(query.filters.phone));
        return { rows, total: rows.length, page: query.page, pageSize: query.pageSize };
      },
      get: async (id) => callers.find((caller) => caller.id === Number(id)) ?? null,
    }),
    defineAdminResource({
      contract: noteContract,
      roles: ['editor', 'admin'],
      writeRoles: ['admin'],
      list: async (query) => {
        const rows = [...notes.values()].filter((note) => !query.filters.q || note.title.includes(query.filters.q));
        rows.sort(
          (a, b) => (query.sort.direction === 'asc' ? 1 : -1) * (a.title < b.title ? -1 : a.title > b.title ? 1 : 0),
        );
        return { rows, total: rows.length, page: query.page, pageSize: query.pageSize };
      },
      get: async (id) => notes.get(Number(id)) ?? null,
      create: async (input) => {
        // A slow create, so two posts of one form overlap; a refused one, which frees the form's key.
        if (input.title.includes('慢')) await new Promise((resolve) => setTimeout(resolve, 300));
        if (input.title.includes('重複')) throw new AppError(409, 'CONFLICT', '已有同名筆記');
        const id = notes.size + 1;
        notes.set(id, { id, title: input.title });
        return id;
      },
      update: async (id, input) => {
        const note = notes.get(Number(id));
        if (!note) throw AppError.notFound();
        note.title = input.title;
      },
      remove: async (id) => {
        if (!notes.delete(Number(id))) throw AppError.notFound();
      },
    }),
  ],
});

describe('the admin API', () => {
  let test: TestApp;
  let people: Record<TestPerson, SignedInPerson>;
  const call = (
    person: TestPerson | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    test.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { ...(person ? people[person].headers : {}), 'sec-fetch-site': 'same-origin', ...headers },
    });

  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false' }, { features: [...features, notesFeature] });
    people = await signInPeople(test.app);
    // Signing the test people in left entries of its own (the roles granted).
    await test.app.db.execute(sql`delete from audit_log`);
    for (const [index, action] of ['member.grant-role', 'record.update', 'member.disable'].entries()) {
      await test.app.db.transaction((tx) =>
        recordAudit(tx, {
          actor: { memberId: 105, account: index === 1 ? 'editor-chen' : 'admin-lin' },
          action,
          entity: action.split('.')[0]!,
          entityId: index + 1,
          before: { roles: ['member'] },
          after: { roles: ['member', 'editor'] },
        }),
      );
    }
  });
  afterAll(async () => {
    await test.app.db.execute(sql`delete from audit_log`);
    await test.close();
  });

  it('lists the resources each person may use: none for visitors and members, by role for staff', async () => {
    expect((await call(null, 'GET', '/api/v1/admin/resources')).statusCode).toBe(401);
    expect((await call('memberA', 'GET', '/api/v1/admin/resources')).statusCode).toBe(403);
    const editor = await call('editor', 'GET', '/api/v1/admin/resources');
    expect(editor.headers['cache-control']).toBe('private, no-store');
    expect(editor.json().data.map((resource: { name: string }) => resource.name)).toEqual([
      'system-settings',
      'carousels',
      'crops',
      'ipm-sheets',
      'publications',
      'videos',
      'researchers',
      'news',
      'ipm-files',
      'news-pictures',
      'news-files',
      'quick-items',
      'quick-files',
      'related-links',
      'records',
      'record-pictures',
      'pesticide-imports',
      'consultation-cases',
      'consultation-follow-ups',
      'consultation-expert-crops',
      'consultation-crops',
      'consultation-levels',
      'consultation-options',
      'discussion-questions',
      'discussion-comments',
      'discussion-identities',
      'contact-messages',
      'catalog-types',
      'catalog-details',
      'products',
      'product-types',
      'product-details',
      'product-relations',
      'product-package',
      'product-package-types',
      'courses',
      'course-types',
      'articles',
      'article-category',
      'index-areas',
      'tags',
      'product-bundles',
      'service-details',
      'question-details',
      'question-types',
      'performance-details',
      'performance-types',
      'brand-introductions',
      'orders',
      'pest-alerts',
      'test-callers',
      'test-notes',
    ]);
    expect(editor.json().data.at(-1).operations).toEqual({
      list: true,
      get: true,
      create: false,
      update: false,
      remove: false,
    });
    const admin = await call('admin', 'GET', '/api/v1/admin/resources');
    expect(admin.json().data).toContainEqual({
      name: 'audit-log',
      label: '稽核紀錄',
      description: expect.any(String),
      group: 'system',
      operations: { list: true, get: true, create: false, update: false, remove: false },
      actions: [],
    });
  });

  it('pages, sorts and filters the audit log for admins only', async () => {
    expect((await call('editor', 'GET', '/api/v1/admin/resources/audit-log')).statusCode).toBe(403);
    const newest = await call('admin', 'GET', '/api/v1/admin/resources/audit-log');
    expect(newest.statusCode).toBe(200);
    expect(newest.json().data).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(newest.json().data.rows.map((row: { action: string }) => row.action)).toEqual([
      'member.disable',
      'record.update',
      'member.grant-role',
    ]);
    const paged = await call(
      'admin',
      'GET',
      '/api/v1/admin/resources/audit-log?sort=action&direction=asc&pageSize=5&page=1',
    );
    expect(paged.json().data.rows.map((row: { action: string }) => row.action)).toEqual([
      'member.disable',
      'member.grant-role',
      'record.update',
    ]);
    const filtered = await call('admin', 'GET', '/api/v1/admin/resources/audit-log?actor=editor&q=');
    expect(filtered.json().data.rows).toHaveLength(1);
    // Counted from the page itself, exactly, below the cap (decision 0429).
    expect(filtered.json().data).toMatchObject({ total: 1 });
    expect(filtered.json().data.totalCapped).toBeFalsy();
    expect(filtered.json().data.rows[0]).toMatchObject({ actorLabel: 'editor-chen', entity: 'record', entityId: '2' });
    const literal = await call('admin', 'GET', '/api/v1/admin/resources/audit-log?q=%25');
    expect(literal.json().data.total).toBe(0);
    // A keyword is matched, normalised, against the log's actors, actions and entities and their
    // Chinese words, then read through the indexes (decision 0431): 修改 is record.update's word,
    // 會員 the members' entity, full-width ＥＤＩＴＯＲ the actor editor-chen, 2 an entity's id exactly.
    const search = async (query: string) =>
      (await call('admin', 'GET', `/api/v1/admin/resources/audit-log?${query}`))
        .json()
        .data.rows.map((row: { action: string }) => row.action);
    expect(await search(`q=${encodeURIComponent('修改')}`)).toEqual(['record.update']);
    expect(await search(`q=${encodeURIComponent('會員')}`)).toEqual(['member.disable', 'member.grant-role']);
    expect(await search(`actor=${encodeURIComponent('ＥＤＩＴＯＲ')}`)).toEqual(['record.update']);
    expect(await search('q=2')).toEqual(['record.update']);
  });

  it('reads the first page of each big list through an index, never the whole table (docs/performance.md, "Ten years of data")', async () => {
    // The shapes of the main list queries (their filter and order, a page). With sequential scans,
    // bitmap scans and sorts priced out, a plan that still reads the whole table or sorts it has no
    // index that gives the page in order: on ten years of data it would read every row (test tables
    // are near empty, so the planner must be told what the data would make it choose).
    const lists = {
      orders: `select id from orders order by created_at desc, id desc limit 20`,
      'orders by state': `select id from orders where status = 'paid' order by created_at desc, id desc limit 20`,
      'audit log': `select id from audit_log order by at desc, id desc limit 20`,
      outbox: `select id from mail_outbox order by created_at desc, id desc limit 20`,
      'discussion comments': `select id from discussion_comments order by created_at desc, id desc limit 20`,
      'discussion questions': `select id from discussion_questions order by created_at desc, id desc limit 20`,
      members: `select id from members order by id limit 20`,
      'public news': `select id from news where status = 1 and post_at <= now() order by post_at desc, id desc limit 10`,
      'public case archive': `select id from consultation_cases where published_at is not null and status <> 'receiving'
        order by coalesce(submitted_at, created_at) desc, id desc limit 6`,
      'desk queue': `select id from consultation_cases where status in ('submitted', 'answered')
        order by (status = 'answered'), coalesce(submitted_at, created_at), id limit 20`,
    };
    for (const [name, query] of Object.entries(lists)) {
      const plan = await test.app.db.transaction(async (tx) => {
        for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])
          await tx.execute(sql.raw(`set local ${setting} = off`));
        const result = (await tx.execute(sql.raw(`explain ${query}`))) as unknown as {
          rows: Array<Record<string, string>>;
        };
        return result.rows.map((row) => Object.values(row)[0]).join('\n');
      });
      expect(plan, name).not.toMatch(/Seq Scan|(^|->\s+)Sort\s+\(/m);
    }
  });

  it('refuses a bad list query with a Chinese message per field', async () => {
    const sort = await call('admin', 'GET', '/api/v1/admin/resources/audit-log?sort=before');
    expect(sort.statusCode).toBe(400);
    expect(sort.json().error.issues).toEqual([{ path: 'sort', message: '無法依此欄位排序' }]);
    const page = await call('admin', 'GET', '/api/v1/admin/resources/audit-log?page=0&pageSize=1000');
    expect(page.statusCode).toBe(400);
    expect(page.json().error.issues.map((issue: { path: string }) => issue.path)).toEqual(['page', 'pageSize']);
    // No page past the first 10,000 rows of an order, for every list (decision 0430).
    const deep = await call('admin', 'GET', '/api/v1/admin/resources/audit-log?page=501');
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.issues).toEqual([{ path: 'page', message: expect.stringContaining('最多到第 500 頁') }]);
  });

  it('shows one audit entry with its before and after; an unknown id is a 404, a malformed one a 400', async () => {
    const list = await call('admin', 'GET', '/api/v1/admin/resources/audit-log?sort=at&direction=asc');
    const first = list.json().data.rows[0];
    const entry = await call('admin', 'GET', `/api/v1/admin/resources/audit-log/${first.id}`);
    expect(entry.json().data).toMatchObject({
      action: 'member.grant-role',
      before: { roles: ['member'] },
      after: { roles: ['member', 'editor'] },
    });
    expect(entry.json().data.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await call('admin', 'GET', '/api/v1/admin/resources/audit-log/999999')).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/api/v1/admin/resources/audit-log/1e3')).statusCode).toBe(400);
  });

  it('offers only the operations a resource has: the audit log cannot be written', async () => {
    expect((await call('admin', 'POST', '/api/v1/admin/resources/audit-log', { action: 'x' })).statusCode).toBe(405);
    expect((await call('admin', 'DELETE', '/api/v1/admin/resources/audit-log/1')).statusCode).toBe(405);
    expect((await call('admin', 'GET', '/api/v1/admin/resources/no-such-thing')).statusCode).toBe(404);
    expect((await call('memberA', 'GET', '/api/v1/admin/resources/no-such-thing')).statusCode).toBe(403);
  });

  it("audits each admin's view of a member's personal data, by whom and which row, never the values (decision 0299)", async () => {
    const detail = await call('admin', 'GET', `/api/v1/admin/resources/members/${people.memberB.id}`);
    expect(detail.json().data).toMatchObject({ account: 'memberb01', email: 'memberb01@example.org' });
    const views = () => test.app.db.select().from(auditLog).where(eq(auditLog.action, 'view-personal-data'));
    expect(await views()).toEqual([
      expect.objectContaining({
        actorId: people.admin.id,
        actorLabel: 'admin01',
        entity: 'members',
        entityId: String(people.memberB.id),
        after: { fields: ['name', 'email'] },
      }),
    ]);
    // A list is not audited row by row.
    await call('admin', 'GET', '/api/v1/admin/resources/members');
    expect(await views()).toHaveLength(1);
    await test.app.db.delete(auditLog).where(eq(auditLog.action, 'view-personal-data'));
  });

  it('blanks a personal field for roles that do not need it, refuses searching and sorting by it, audits what is shown', async () => {
    const url = '/api/v1/admin/resources/test-callers';
    const views = () => test.app.db.select().from(auditLog).where(eq(auditLog.action, 'view-personal-data'));
    const list = await call('editor', 'GET', url);
    expect(list.json().data.rows).toEqual([
      { id: 1, topic: '蟲害', phone: null },
      { id: 2, topic: '病害', phone: null },
    ]);
    expect(list.body).not.toContain('0912');
    expect((await call('editor', 'GET', `${url}/1`)).json().data).toEqual({ id: 1, topic: '蟲害', phone: null });
    const summaries = (await call('editor', 'GET', '/api/v1/admin/resources')).json().data;
    expect(summaries.find((summary: { name: string }) => summary.name === 'test-callers')).toMatchObject({
      hiddenFields: ['phone'],
      hiddenFilters: ['phone'],
    });
    for (const [query, path] of [
      ['phone=0912', 'phone'],
      ['sort=phone', 'sort'],
    ] as const) {
      const refused = await call('editor', 'GET', `${url}?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().error.issues).toEqual([{ path, message: '此條件會搜尋個人資料，僅限承辦人員使用' }]);
    }
    expect(await views()).toEqual([]);

    expect((await call('admin', 'GET', `${url}?phone=0912&sort=phone`)).json().data.rows).toEqual([callers[0]]);
    const adminSummaries = (await call('admin', 'GET', '/api/v1/admin/resources')).json().data;
    expect(adminSummaries.find((summary: { name: string }) => summary.name === 'test-callers')).not.toHaveProperty(
      'hiddenFields',
    );
    expect((await call('admin', 'GET', `${url}/1`)).json().data.phone).toBe('0912-000-111');
    // A row whose personal fields are empty shows nothing personal: no entry.
    expect((await call('admin', 'GET', `${url}/2`)).json().data.phone).toBe('');
    expect(await views()).toEqual([
      expect.objectContaining({
        actorId: people.admin.id,
        entity: 'test-callers',
        entityId: '1',
        after: { fields: ['phone'] },
      }),
    ]);
    await test.app.db.delete(auditLog).where(eq(auditLog.action, 'view-personal-data'));
  });

  it('refuses at start a resource whose personal fields leave out admins or reach the form of a role without them', () => {
    const personalContract = defineAdminContract({
      name: 'test-personal',
      label: '測試個資',
      row: z.object({ id: z.number().meta({ title: '編號' }), phone: z.string().meta({ title: '電話' }) }),
      idKey: 'id',
      titleKey: 'id',
      columns: ['id', 'phone'],
      sortable: ['id'],
      defaultSort: { key: 'id', direction: 'asc' },
      filters: z.object({}),
      update: z.object({ phone: z.string().meta({ title: '電話' }) }),
      personalFields: ['phone'],
    });
    const base = { contract: personalContract, roles: ['editor', 'admin'] as const };
    expect(() => indexAdminResources([defineAdminResource({ ...base, personalDataRoles: ['editor'] })])).toThrow(
      /must include admin/,
    );
    expect(() => indexAdminResources([defineAdminResource({ ...base, personalDataRoles: ['admin'] })])).toThrow(
      /edit a personal field/,
    );
    expect(() =>
      indexAdminResources([defineAdminResource({ ...base, writeRoles: ['admin'], personalDataRoles: ['admin'] })]),
    ).not.toThrow();
  });

  it('creates, changes and deletes through the owning service, with write roles and the contract checked', async () => {
    expect((await call('editor', 'POST', '/api/v1/admin/resources/test-notes', { title: '蚜蟲' })).statusCode).toBe(
      403,
    );
    const invalid = await call('admin', 'POST', '/api/v1/admin/resources/test-notes', { title: '  ' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'title', message: '請輸入標題' }],
    });
    const created = await call('admin', 'POST', '/api/v1/admin/resources/test-notes', { title: '蚜蟲' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    expect((await call('editor', 'GET', `/api/v1/admin/resources/test-notes/${id}`)).json().data).toEqual({
      id,
      title: '蚜蟲',
    });
    expect(
      (await call('editor', 'PATCH', `/api/v1/admin/resources/test-notes/${id}`, { title: '薊馬' })).statusCode,
    ).toBe(403);
    expect(
      (await call('admin', 'PATCH', `/api/v1/admin/resources/test-notes/${id}`, { title: '薊馬' })).statusCode,
    ).toBe(200);
    const list = await call('editor', 'GET', '/api/v1/admin/resources/test-notes?q=薊');
    expect(list.json().data.rows).toEqual([{ id, title: '薊馬' }]);
    expect((await call('admin', 'DELETE', `/api/v1/admin/resources/test-notes/${id}`)).statusCode).toBe(204);
    expect((await call('admin', 'DELETE', `/api/v1/admin/resources/test-notes/${id}`)).statusCode).toBe(404);
  });

  describe('a create sent with a key (decision 0276)', () => {
    const createNote = (title: string, key: string, resource = 'test-notes') =>
      call('admin', 'POST', `/api/v1/admin/resources/${resource}`, { title }, { 'idempotency-key': key });
    const notesTitled = (title: string) => [...notes.values()].filter((note) => note.title === title);

    it('creates one row for a form posted twice, and answers both with it', async () => {
      const key = randomUUID();
      const first = await createNote('紅蜘蛛', key);
      const again = await createNote('紅蜘蛛', key);
      expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
      expect(again.json().data).toEqual(first.json().data);
      expect(notesTitled('紅蜘蛛')).toHaveLength(1);
    });

    it('creates one row when the second post arrives while the first is still being created', async () => {
      const key = randomUUID();
      const [first, second] = await Promise.all([createNote('慢的粉蝨', key), createNote('慢的粉蝨', key)]);
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      expect(second.json().data).toEqual(first.json().data);
      expect(notesTitled('慢的粉蝨')).toHaveLength(1);
      // Without a key each post is a new row, as before.
      await Promise.all([
        call('admin', 'POST', '/api/v1/admin/resources/test-notes', { title: '慢的無鍵' }),
        call('admin', 'POST', '/api/v1/admin/resources/test-notes', { title: '慢的無鍵' }),
      ]);
      expect(notesTitled('慢的無鍵')).toHaveLength(2);
    });

    it('frees the key when the create is refused, so the corrected form can be sent', async () => {
      const key = randomUUID();
      const refused = await createNote('重複的標題', key);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe('已有同名筆記');
      const corrected = await createNote('改過的標題', key);
      expect(corrected.statusCode).toBe(201);
      expect(notesTitled('改過的標題')).toHaveLength(1);
    });

    it('refuses a malformed key, and a key used for another resource or by another staff member', async () => {
      const malformed = await createNote('薊馬', 'not-a-key');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.message).toBe('表單識別碼格式有誤，請重新整理頁面後再送出');

      const key = randomUUID();
      expect((await createNote('薊馬', key)).statusCode).toBe(201);
      const otherResource = await call(
        'admin',
        'POST',
        '/api/v1/admin/resources/related-links',
        { title: '農業部', description: '', url: 'https://www.moa.gov.tw/', sort: 1 },
        { 'idempotency-key': key },
      );
      expect(otherResource.statusCode).toBe(409);
      await expect(
        createOnce(test.app.db, { key, resource: 'test-notes', actorId: people.editor.id }, async () => 99),
      ).rejects.toMatchObject({ statusCode: 409, message: '這份表單已用於另一筆資料，請重新整理頁面後再送出' });
    });

    it('takes over a key whose first post never finished (a crash), after a minute', async () => {
      const key = randomUUID();
      await test.app.db.insert(adminCreateKeys).values({
        key,
        resource: 'test-notes',
        actorId: people.admin.id,
        claimedAt: new Date(Date.now() - 5 * 60_000),
      });
      const created = await createNote('接手的表單', key);
      expect(created.statusCode).toBe(201);
      expect(notesTitled('接手的表單')).toHaveLength(1);
    });

    it('removes keys older than a day (the hourly job)', async () => {
      const old = randomUUID();
      await test.app.db.insert(adminCreateKeys).values({
        key: old,
        resource: 'test-notes',
        actorId: people.admin.id,
        createdId: 1,
        claimedAt: new Date(Date.now() - 25 * 3600_000),
      });
      const recent = randomUUID();
      expect((await createNote('近期的表單', recent)).statusCode).toBe(201);
      await removeOldCreateKeys(test.app.db);
      const left = await test.app.db.select({ key: adminCreateKeys.key }).from(adminCreateKeys);
      expect(left.map((row) => row.key)).toContain(recent);
      expect(left.map((row) => row.key)).not.toContain(old);
    });
  });
});
