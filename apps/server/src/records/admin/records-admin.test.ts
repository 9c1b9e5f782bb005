import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit-log.schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInPeople, type SignedInPerson, type TestPerson } from '../../test/signed-in-people';
import { records } from '../schema';

describe('records in the admin', () => {
  let test: TestApp;
  let people: Record<TestPerson, SignedInPerson>;
  const published: string[][] = [];
  const as = (person: TestPerson) => ({ 'sec-fetch-site': 'same-origin', ...people[person].headers });
  const resource = '/api/v1/admin/resources/records';
  const searchNames = async (term: string) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/info/searchResult',
      payload: { term, ty: 'y,y,y,y', page: 1, pageSize: 50 },
    });
    expect(response.statusCode).toBe(200);
    return (response.json().d.items as Array<{ id: number; CName: string }>).map((item) => item.id);
  };
  const detail = async (id: number) => {
    const response = await test.app.inject({ method: 'POST', url: '/api/info/loadDetail', payload: { n1: id } });
    expect(response.statusCode).toBe(200);
    return response.json().d as Record<string, unknown>;
  };

  beforeAll(async () => {
    test = await buildTestApp();
    people = await signInPeople(test.app);
    test.app.invalidation.subscribe((tags) => published.push([...tags]));
  }, 120_000);
  afterAll(() => test?.close());

  it('an editor corrects a record: the public detail, the search and the audit log follow at once', async () => {
    const [record] = await test.app.db.select().from(records).where(eq(records.type, 'pest')).limit(1);
    if (!record) throw new Error('no pest record in the demo content');
    const current = await test.app.inject({ url: `${resource}/${record.id}`, headers: as('editor') });
    expect(current.statusCode).toBe(200);
    const form = current.json().data;
    expect(form.c_name).toBe(record.cName);
    // A demo record's label stays until the record is rewritten (decision 0375).
    expect(form).toMatchObject({ demo: true, demo_clearable: false });
    const clearDemo = () =>
      test.app.inject({ method: 'POST', url: `${resource}/${record.id}/clear-demo`, headers: as('editor') });
    const early = await clearDemo();
    expect(early.statusCode).toBe(409);
    expect(await searchNames('綠鬚鬚蟲')).not.toContain(record.id);

    const edited = await test.app.inject({
      method: 'PATCH',
      url: `${resource}/${record.id}`,
      headers: as('editor'),
      payload: {
        ...form,
        aliases: `${form.aliases}\n綠鬚鬚蟲\n綠鬚鬚蟲`,
        control: '田間清潔，摘除被害葉。\n\n依登記用藥輪替使用。',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const shown = await detail(record.id);
    expect(shown.Control).toBe('田間清潔，摘除被害葉。\n\n依登記用藥輪替使用。');
    // The new alias is searchable (once, though typed twice), the record's page and lists were invalidated.
    expect(await searchNames('綠鬚鬚蟲')).toEqual([record.id]);
    const [stored] = await test.app.db.select().from(records).where(eq(records.id, record.id));
    expect(stored?.aliases.filter((alias) => alias === '綠鬚鬚蟲')).toHaveLength(1);
    expect(published.flat()).toEqual(expect.arrayContaining([`record:${record.id}`, 'records:list']));
    const [entry] = await test.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'record'), eq(auditLog.entityId, String(record.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ action: 'record.update', actorId: people.editor.id });
    expect(entry?.before).toMatchObject({ control: record.control });
    expect(entry?.after).toMatchObject({ control: expect.stringContaining('依登記用藥輪替使用') });

    // Rewritten, an editor may take the label off: the page stops calling it demo; audited.
    const rewritten = (await test.app.inject({ url: `${resource}/${record.id}`, headers: as('editor') })).json().data;
    expect(rewritten.demo_clearable).toBe(true);
    expect(
      (await test.app.inject({ method: 'POST', url: `${resource}/${record.id}/clear-demo`, headers: as('expert') }))
        .statusCode,
    ).toBe(403);
    const cleared = await clearDemo();
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await detail(record.id)).demo).toBe(false);
    const [clearing] = await test.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record.clear-demo'), eq(auditLog.entityId, String(record.id))));
    expect(clearing).toMatchObject({ actorId: people.editor.id, before: { demo: true }, after: { demo: false } });
    expect((await clearDemo()).statusCode).toBe(409);
  });

  it('an admin adds a record that the search and its page show; bad input is a 400 beside the field', async () => {
    const refused = await test.app.inject({
      method: 'POST',
      url: resource,
      headers: as('admin'),
      payload: { type: 'pest', disease_class: 'fungus', c_name: '測試蟲' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([{ path: 'disease_class', message: '只有病害可以選擇病原類別' }]);

    const created = await test.app.inject({
      method: 'POST',
      url: resource,
      headers: as('admin'),
      // Published at once (a new record is otherwise a draft: record-pictures-admin.test.ts).
      payload: {
        state: 'published',
        type: 'disease',
        disease_class: 'fungus',
        c_name: '示範葉斑病',
        property: '分生孢子。',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    expect(await searchNames('示範葉斑病')).toEqual([id]);
    expect(await detail(id)).toMatchObject({ CName: '示範葉斑病', Property: '分生孢子。', layout: 'disease' });
  });

  it('staff keep the crop vocabulary and link a record to crops by name or synonym (decisions 0360, 0361)', async () => {
    const crops = '/api/v1/admin/resources/crops';
    const created = await test.app.inject({
      method: 'POST',
      url: crops,
      headers: as('editor'),
      payload: { name: '香蕉', synonyms: '芎蕉、弓蕉\n芎蕉', sort_order: 80 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    const row = await test.app.inject({ url: `${crops}/${id}`, headers: as('editor') });
    expect(row.json().data).toMatchObject({ name: '香蕉', synonyms: '芎蕉\n弓蕉', records: 0 });
    // A name must lead to one crop: 芒果 is already 檬果's synonym.
    const clash = await test.app.inject({
      method: 'PATCH',
      url: `${crops}/${id}`,
      headers: as('editor'),
      payload: { name: '香蕉', synonyms: '芒果' },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error.issues).toEqual([{ path: 'synonyms', message: '「芒果」已是作物「檬果」的名稱或別名' }]);
    const [audit] = await test.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'crop'), eq(auditLog.entityId, String(id))));
    expect(audit).toMatchObject({ action: 'crop.create', actorId: people.editor.id });
    expect(published.flat()).toContain('crops');

    const [record] = await test.app.db.select().from(records).where(eq(records.type, 'pest')).limit(1);
    const form = (await test.app.inject({ url: `${resource}/${record!.id}`, headers: as('editor') })).json().data;
    const unknown = await test.app.inject({
      method: 'PATCH',
      url: `${resource}/${record!.id}`,
      headers: as('editor'),
      payload: { ...form, crops: '芎蕉\n火星草' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.issues[0]).toMatchObject({ path: 'crops', message: expect.stringContaining('火星草') });
    const linked = await test.app.inject({
      method: 'PATCH',
      url: `${resource}/${record!.id}`,
      headers: as('editor'),
      payload: { ...form, crops: '芎蕉、芒果' },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const after = (await test.app.inject({ url: `${resource}/${record!.id}`, headers: as('editor') })).json().data;
    expect(after.crops.split('\n').sort()).toEqual(['檬果', '香蕉'].sort());
    expect((await test.app.inject({ url: `${crops}/${id}`, headers: as('editor') })).json().data.records).toBe(1);
    // Removing the crop removes its links; the record stays.
    const removed = await test.app.inject({ method: 'DELETE', url: `${crops}/${id}`, headers: as('admin') });
    expect(removed.statusCode).toBeLessThan(300);
    const again = (await test.app.inject({ url: `${resource}/${record!.id}`, headers: as('editor') })).json().data;
    expect(again.crops).toBe('檬果');
    expect((await test.app.inject({ url: crops, headers: as('memberA') })).statusCode).toBe(403);
  });

  it('is for editors and admins: experts and members are refused, and records are not deleted', async () => {
    const [record] = await test.app.db.select({ id: records.id }).from(records).limit(1);
    for (const person of ['memberA', 'expert'] as const) {
      expect((await test.app.inject({ url: resource, headers: as(person) })).statusCode).toBe(403);
    }
    const removed = await test.app.inject({ method: 'DELETE', url: `${resource}/${record!.id}`, headers: as('admin') });
    expect(removed.statusCode).toBe(405);
  });
});
