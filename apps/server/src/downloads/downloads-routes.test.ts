import { downloadMessages } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../platform/audit/audit-log.schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signInPeople, type SignedInPerson, type TestPerson } from '../test/signed-in-people';
import { catalogDetails } from './schema';
import { catalogFileKey, downloadsSeed } from './seed/downloads-seed';

const guest = { authorization: `Basic ${Buffer.from('guest:guest').toString('base64')}` };

describe('downloads: the catalog calls of the product API and the file route', () => {
  let test: TestApp;
  let people: Record<TestPerson, SignedInPerson>;
  const ids = { forms: 0, hidden: 0, guides: 0, first: 0, second: 0, inactive: 0, chinese: 0 };

  const as = (person: TestPerson) => ({ ...people[person].headers, 'sec-fetch-site': 'same-origin' });
  const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ url, headers });
  const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object | undefined, person: TestPerson) =>
    test.app.inject({ method, url, ...(payload ? { payload } : {}), headers: as(person) });

  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false', RATE_LIMIT_API_MAX: '100000' });
    people = await signInPeople(test.app);
    const type = async (name: string, status: number, index_id: number) =>
      (await write('POST', '/api/v1/catalog-types', { name, status, index_id }, 'editor')).json().data.id as number;
    ids.guides = await type('技術文件', 1, 3);
    ids.forms = await type('申請表單', 1, 1);
    ids.hidden = await type('舊表單', 0, 2);
    // The bytes, as the seed and the upload leave them.
    const bytes = Buffer.from('%PDF-1.4\n% 示範檔案\n'.padEnd(4096, '.'));
    const key = catalogFileKey('a'.repeat(64), 'pdf');
    await test.app.storage.put(key, bytes);
    // Written not activated (an active file needs its bytes, decision 0375), then given them and activated.
    const detail = async (title: string, sort: number, status: number, types: number[]) => {
      const id = (
        await write(
          'POST',
          '/api/v1/catalog-details',
          { title, file: `${title}.pdf`, sort, status: status === 1 ? 2 : status, catalog_type_ids: types.join(', ') },
          'editor',
        )
      ).json().data.id as number;
      if (status === 1) {
        await test.app.db
          .update(catalogDetails)
          .set({ status, storageKey: key, contentType: 'application/pdf', size: bytes.length })
          .where(eq(catalogDetails.id, id));
      }
      return id;
    };
    ids.second = await detail('生物防治資材試用申請表', 2, 1, [ids.forms]);
    ids.first = await detail('病蟲害診斷服務申請表', 1, 1, [ids.forms, ids.hidden]);
    ids.inactive = await detail('停用的表單', 0, 0, [ids.forms]);
    ids.chinese = await detail('性費洛蒙誘引劑使用說明', 1, 1, [ids.guides]);
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  it('lists active types by index_id for visitors, members and the guest path; staff see every status', async () => {
    for (const headers of [{}, guest, as('memberA')]) {
      const url = 'authorization' in headers ? '/api/v1/guest/catalog-types' : '/api/v1/catalog-types';
      const response = await get(url, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([
        { id: ids.forms, name: '申請表單', status: 1, index_id: 1 },
        { id: ids.guides, name: '技術文件', status: 1, index_id: 3 },
      ]);
    }
    const staff = (await get('/api/v1/catalog-types', as('editor'))).json().data;
    expect(staff.map((type: { id: number }) => type.id)).toEqual([ids.forms, ids.hidden, ids.guides]);
    expect((await get(`/api/v1/catalog-types/${ids.hidden}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/catalog-types/${ids.hidden}`, as('admin'))).statusCode).toBe(200);
    expect((await get('/api/v1/catalog-types/abc')).statusCode).toBe(400);
  });

  it("lists a type's active files by sort, each with its fields", async () => {
    const response = await get(`/api/v1/catalog-details-by-type/${ids.forms}`);
    expect(response.json().data).toEqual([
      {
        id: ids.first,
        title: '病蟲害診斷服務申請表',
        file: '病蟲害診斷服務申請表.pdf',
        sort: 1,
        status: 1,
        size: 4104,
        content_type: 'application/pdf',
        demo: false,
      },
      expect.objectContaining({ id: ids.second, sort: 2 }),
    ]);
    // A hidden type hides its files from visitors; the list of all files is by sort.
    expect((await get(`/api/v1/catalog-details-by-type/${ids.hidden}`)).json().data).toEqual([]);
    const all = (await get('/api/v1/catalog-details')).json().data.map((row: { id: number }) => row.id);
    expect(all).not.toContain(ids.inactive);
    expect(all.indexOf(ids.second)).toBeGreaterThan(all.indexOf(ids.first));
    expect((await get(`/api/v1/catalog-details/${ids.inactive}`)).statusCode).toBe(404);
  });

  it('lists relations with their file, newest first, only active ones for visitors', async () => {
    const relations = (await get(`/api/v1/catalog-relations-by-catalog-type/${ids.forms}`)).json().data;
    expect(relations.map((relation: { catalog_detail: { id: number } }) => relation.catalog_detail.id)).toEqual([
      ids.first,
      ids.second,
    ]);
    expect(relations[0]).toMatchObject({
      catalog_type_id: ids.forms,
      catalog_detail: { title: '病蟲害診斷服務申請表' },
    });
    const everything = (await get('/api/v1/catalog-relations')).json().data as Array<{ id: number }>;
    expect(everything.map((relation) => relation.id)).toEqual(
      [...everything.map((relation) => relation.id)].sort((a, b) => b - a),
    );
    const one = await get(`/api/v1/catalog-relations/${everything[0]!.id}`);
    expect(one.statusCode).toBe(200);
  });

  it('lets editors and admins write, audited; members, experts and guests may not', async () => {
    const body = { name: '新分類', status: 1, index_id: 9 };
    expect((await test.app.inject({ method: 'POST', url: '/api/v1/catalog-types', payload: body })).statusCode).toBe(
      401,
    );
    expect((await write('POST', '/api/v1/catalog-types', body, 'memberA')).statusCode).toBe(403);
    expect((await write('POST', '/api/v1/catalog-types', body, 'expert')).statusCode).toBe(403);
    const guestWrite = await test.app.inject({
      method: 'POST',
      url: '/api/v1/guest/catalog-types',
      payload: body,
      headers: guest,
    });
    expect(guestWrite.statusCode).toBe(403);
    const created = await write('POST', '/api/v1/catalog-types', body, 'admin');
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const changed = await write('PUT', `/api/v1/catalog-types/${id}`, { ...body, name: '改名' }, 'editor');
    expect(changed.json().data).toEqual({ id, name: '改名', status: 1, index_id: 9 });
    const bad = await write('PUT', `/api/v1/catalog-types/${id}`, { name: '', status: 7 }, 'editor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: downloadMessages.nameRequired },
        { path: 'status', message: downloadMessages.statusInvalid },
      ]),
    );
    // Reorder: ids[i] gets index_ids[i].
    const reordered = await write(
      'PUT',
      '/api/v1/catalog-types-by-index-ids',
      { ids: [id, ids.forms], index_ids: [0, 5] },
      'editor',
    );
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().data[0].id).toBe(id);
    const mismatch = await write(
      'PUT',
      '/api/v1/catalog-types-by-index-ids',
      { ids: [id], index_ids: [0, 1] },
      'editor',
    );
    expect(mismatch.statusCode).toBe(400);
    expect((await write('DELETE', `/api/v1/catalog-types/${id}`, undefined, 'editor')).statusCode).toBe(200);
    expect((await write('DELETE', `/api/v1/catalog-types/${id}`, undefined, 'editor')).statusCode).toBe(404);
    const audits = await test.app.db.select().from(auditLog).where(eq(auditLog.entity, 'catalog-type'));
    expect(audits.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'catalog-type.create',
        'catalog-type.update',
        'catalog-type.reorder',
        'catalog-type.delete',
      ]),
    );
    // A file under an unknown type is refused beside the field.
    const unknown = await write(
      'POST',
      '/api/v1/catalog-details',
      { title: 'x', file: 'x.pdf', catalog_type_ids: [999999] },
      'editor',
    );
    expect(unknown.json().error.issues).toEqual([{ path: 'catalog_type_ids', message: downloadMessages.typeUnknown }]);
    const slash = await write('POST', '/api/v1/catalog-details', { title: 'x', file: '../x.pdf' }, 'editor');
    expect(slash.json().error.issues).toEqual([{ path: 'file', message: downloadMessages.fileNameInvalid }]);
  });

  it('lists to visitors only files whose bytes are stored, and refuses an active file without them (decision 0375)', async () => {
    const body = {
      title: '尚未上傳的表單',
      file: '尚未上傳的表單.pdf',
      status: 1,
      catalog_type_ids: String(ids.forms),
    };
    const refused = await write('POST', '/api/v1/catalog-details', body, 'editor');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([{ path: 'upload', message: downloadMessages.fileContentRequired }]);
    const placeholder = await write('POST', '/api/v1/catalog-details', { ...body, status: 2 }, 'editor');
    expect(placeholder.statusCode).toBe(201);
    const id = placeholder.json().data.id as number;
    const activate = await write('PUT', `/api/v1/catalog-details/${id}`, body, 'editor');
    expect(activate.json().error.issues).toEqual([{ path: 'upload', message: downloadMessages.fileContentRequired }]);
    // A row from before the rule, active with no bytes: hidden from visitors, flagged to staff.
    await test.app.db.update(catalogDetails).set({ status: 1 }).where(eq(catalogDetails.id, id));
    const listed = (await get(`/api/v1/catalog-details-by-type/${ids.forms}`)).json().data as Array<{ id: number }>;
    expect(listed.map((row) => row.id)).not.toContain(id);
    expect((await get(`/api/v1/catalog-details/${id}`)).statusCode).toBe(404);
    expect((await get(`/files/catalog/${id}`)).statusCode).toBe(404);
    const relations = (await get(`/api/v1/catalog-relations-by-catalog-type/${ids.forms}`)).json().data as Array<{
      catalog_detail: { id: number };
    }>;
    expect(relations.map((relation) => relation.catalog_detail.id)).not.toContain(id);
    const staffRow = await get(`/api/v1/admin/resources/catalog-details/${id}`, as('editor'));
    expect(staffRow.json().data).toMatchObject({ status: 1, stored: false });
    await write('DELETE', `/api/v1/catalog-details/${id}`, undefined, 'editor');
  });

  it('sends a file under its Chinese name, inline or as a download, with ETag and Range', async () => {
    const opened = await get(`/files/catalog/${ids.chinese}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['content-disposition']).toContain('inline');
    expect(opened.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('性費洛蒙誘引劑使用說明.pdf')}`,
    );
    const saved = await get(`/files/catalog/${ids.chinese}?download`);
    expect(saved.headers['content-disposition']).toMatch(/^attachment/);
    const etag = String(opened.headers.etag);
    expect((await get(`/files/catalog/${ids.chinese}`, { 'if-none-match': etag })).statusCode).toBe(304);
    const part = await get(`/files/catalog/${ids.chinese}`, { range: 'bytes=0-7' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-1.4');
    for (const url of ['/files/catalog/999999', '/files/catalog/x', `/files/catalog/${ids.inactive}`]) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().error.message).toContain('Content not found. Please try again.');
    }
  });

  it('seeds demo types and Chinese-named demo PDFs, marked as demo', async () => {
    const seeded = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
    try {
      await seeded.app.db.transaction((tx) => downloadsSeed.run({ db: tx, storage: seeded.app.storage }));
      const types = (await seeded.app.inject({ url: '/api/v1/catalog-types' })).json().data;
      expect(types.map((type: { name: string }) => type.name)).toEqual(['申請表單', '田間調查表', '技術文件']);
      const files = (await seeded.app.inject({ url: `/api/v1/catalog-details-by-type/${types[0].id}` })).json().data;
      expect(files[0]).toMatchObject({ title: '病蟲害診斷服務申請表', demo: true, content_type: 'application/pdf' });
      const pdf = await seeded.app.inject({ url: `/files/catalog/${files[0].id}?download` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.headers['content-disposition']).toContain(encodeURIComponent('病蟲害診斷服務申請表.pdf'));
    } finally {
      await seeded.close();
    }
  }, 120_000);
});
