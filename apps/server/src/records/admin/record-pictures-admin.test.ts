import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit-log.schema';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { multipartBody } from '../../platform/uploads/test/multipart';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInPeople, type SignedInPerson, type TestPerson } from '../../test/signed-in-people';
import { recordPictures, records, recordSearch } from '../schema';

/** A photo as a phone sends it: with EXIF (a camera maker and a GPS position), which must not survive. */
async function phonePhoto(colour: string, width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Field 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '120/1 0/1 0/1' },
    })
    .toBuffer();
}

/**
 * Draft and published records, and their pictures in /admin (decisions 0250, 0251):
 * every write through the admin API as a client or the generated screens send it, checked the way
 * visitors meet it: the information-service calls, the picture files, the audit log and the tags.
 */
describe('record drafts and pictures in the admin', () => {
  let test: TestApp;
  let people: Record<TestPerson, SignedInPerson>;
  const published: string[][] = [];
  const as = (person: TestPerson) => ({ 'sec-fetch-site': 'same-origin', ...people[person].headers });
  const records$ = '/api/v1/admin/resources/records';
  const pictures$ = '/api/v1/admin/resources/record-pictures';
  const call = (name: string, payload: unknown) =>
    test.app.inject({ method: 'POST', url: `/api/info/${name}`, payload: payload as Record<string, unknown> });
  const upload = async (person: TestPerson, data: Buffer, fileName = 'harm.jpg') => {
    const { payload, headers } = multipartBody([
      { name: 'upload', value: { fileName, contentType: 'image/jpeg', data } },
    ]);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads/record-pictures/upload',
      payload,
      headers: { ...as(person), ...headers },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: { id: string } }>().data.id;
  };
  const lastAudit = async (entity: string, id: number | string) => {
    const [entry] = await test.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return entry;
  };
  const searchIds = async (term: string) => {
    const response = await call('searchResult', { term, ty: 'y,y,y,y', page: 1, pageSize: 50 });
    return (response.json().d.items as Array<{ id: number }>).map((item) => item.id);
  };

  beforeAll(async () => {
    test = await buildTestApp();
    people = await signInPeople(test.app);
    test.app.invalidation.subscribe((tags) => published.push([...tags]));
  }, 120_000);
  afterAll(() => test?.close());

  it('a new record is a draft that no visitor finds until it is published, then everywhere at once', async () => {
    const countBefore = (await call('bugCount', {})).json().d as number;
    const created = await test.app.inject({
      method: 'POST',
      url: records$,
      headers: as('editor'),
      payload: { type: 'pest', c_name: '示範草稿夜蛾', harm: '為害甘藍葉片。' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    const [row] = await test.app.db.select().from(records).where(eq(records.id, id));
    expect(row?.state).toBe('draft');
    expect(await test.app.db.select().from(recordSearch).where(eq(recordSearch.recordId, id))).toEqual([]);

    // Invisible to visitors: the detail and picture calls are "not found", no list, count, search or suggestion has it.
    expect((await call('loadDetail', { n1: id })).statusCode).toBe(404);
    expect((await call('bugPicList', { a1: id, a2: 'pic' })).statusCode).toBe(404);
    expect((await call('bugCount', {})).json().d).toBe(countBefore);
    expect(((await call('bugNew', {})).json().d as Array<{ id: number }>).map((item) => item.id)).not.toContain(id);
    expect(await searchIds('示範草稿夜蛾')).toEqual([]);
    const suggested = (await call('searchResultSu', { term: '示範草稿夜蛾' })).json().d as Array<{ id: number }>;
    expect(suggested.map((item) => item.id)).not.toContain(id);
    const sitemap = await test.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.body).not.toContain(`detail?id=${id}<`);
    expect(sitemap.body).not.toContain(`detail?id=${id}&`);

    const form = (await test.app.inject({ url: `${records$}/${id}`, headers: as('editor') })).json().data;
    published.length = 0;
    const publishing = await test.app.inject({
      method: 'PATCH',
      url: `${records$}/${id}`,
      headers: as('editor'),
      payload: { ...form, state: 'published' },
    });
    expect(publishing.statusCode, publishing.body).toBe(200);
    expect(published.flat()).toEqual(expect.arrayContaining([`record:${id}`, 'records:list']));
    expect((await call('loadDetail', { n1: id })).json().d).toMatchObject({
      CName: '示範草稿夜蛾',
      state: 'published',
    });
    expect((await call('bugCount', {})).json().d).toBe(countBefore + 1);
    expect(await searchIds('示範草稿夜蛾')).toEqual([id]);
    expect((await test.app.inject({ url: '/sitemap.xml' })).body).toContain(`/search/bug/detail?id=${id}`);
    expect(await lastAudit('record', id)).toMatchObject({ action: 'record.publish', actorId: people.editor.id });

    // Back to draft: gone from the search again, in the same transaction as the state.
    const unpublishing = await test.app.inject({
      method: 'PATCH',
      url: `${records$}/${id}`,
      headers: as('editor'),
      payload: { ...form, state: 'draft' },
    });
    expect(unpublishing.statusCode).toBe(200);
    expect(await searchIds('示範草稿夜蛾')).toEqual([]);
    expect((await call('loadDetail', { n1: id })).statusCode).toBe(404);
    expect(await lastAudit('record', id)).toMatchObject({ action: 'record.unpublish' });
  });

  it('an editor adds a harm photo: re-encoded without EXIF or GPS, served in three sizes, shown with its credit', async () => {
    const [record] = await test.app.db.select().from(records).where(eq(records.type, 'pest')).limit(1);
    if (!record) throw new Error('no pest record in the demo content');
    const fileId = await upload('editor', await phonePhoto('#4a7a2c'));
    published.length = 0;
    const created = await test.app.inject({
      method: 'POST',
      url: pictures$,
      headers: as('editor'),
      payload: {
        record_id: record.id,
        class: 'harm',
        caption: '葉片被啃食成孔洞',
        credit: '示範農業改良場 測試者',
        licence: 'CC BY 4.0',
        sort: 1,
        upload: fileId,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const pictureId = Number(created.json().data.id);
    // Exactly the record's tag: its page and the lists' thumbnails of it.
    expect(published).toEqual([[`record:${record.id}`]]);
    const [stored] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    expect(stored).toMatchObject({ status: 'attached', purpose: 'record-picture', ownerMemberId: people.editor.id });
    expect(await lastAudit('record-picture', pictureId)).toMatchObject({
      action: 'record-picture.create',
      actorId: people.editor.id,
      after: expect.objectContaining({ caption: '葉片被啃食成孔洞', class: 'harm', record_id: record.id }),
    });

    const shown = (await call('bugPicList', { a1: record.id, a2: 'pic' })).json().d as Array<Record<string, unknown>>;
    const picture = shown.find((item) => item.id === pictureId);
    expect(picture).toMatchObject({
      Class: 'harm',
      caption: '葉片被啃食成孔洞',
      credit: '示範農業改良場 測試者',
      licence: 'CC BY 4.0',
      width: 640,
      height: 480,
    });
    for (const [key, longSide] of [
      ['url', 640],
      ['modUrl', 640],
      ['thumbUrl', 320],
    ] as const) {
      const response = await test.app.inject({ url: `/${String(picture![key])}` });
      expect(response.statusCode, key).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(response.rawPayload).metadata();
      expect(Math.max(metadata.width, metadata.height), key).toBe(longSide);
      expect(metadata.exif, key).toBeUndefined();
    }
  });

  it('changes, replaces, hides and deletes a picture; bad input is a 400 beside the field, in Chinese', async () => {
    const [record] = await test.app.db.select().from(records).where(eq(records.type, 'disease')).limit(1);
    if (!record) throw new Error('no disease record in the demo content');
    const refused = await test.app.inject({
      method: 'POST',
      url: pictures$,
      headers: as('editor'),
      payload: {
        record_id: record.id,
        class: 'sideways',
        sort: -1,
        upload: await upload('editor', await phonePhoto('#aa3300')),
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual(
      expect.arrayContaining([
        { path: 'class', message: '請選擇照片分類' },
        { path: 'sort', message: '排序不可小於 0' },
      ]),
    );
    const noRecord = await test.app.inject({
      method: 'POST',
      url: pictures$,
      headers: as('editor'),
      payload: { record_id: 2_000_000, class: 'album', upload: await upload('editor', await phonePhoto('#aa3301')) },
    });
    expect(noRecord.statusCode).toBe(400);
    expect(noRecord.json().error.issues).toEqual([{ path: 'record_id', message: '找不到這筆病蟲害資料' }]);

    // One transaction: another editor's upload is not theirs to attach, and nothing is written.
    const othersFile = await upload('admin', await phonePhoto('#123456'));
    const countBefore = (await test.app.db.select().from(recordPictures)).length;
    const notYours = await test.app.inject({
      method: 'POST',
      url: pictures$,
      headers: as('editor'),
      payload: { record_id: record.id, class: 'album', caption: '別人的照片', upload: othersFile },
    });
    expect(notYours.statusCode).toBe(400);
    expect((await test.app.db.select().from(recordPictures)).length).toBe(countBefore);
    const [unattached] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, othersFile));
    expect(unattached).toMatchObject({ status: 'pending', attachedAt: null });

    const firstFile = await upload('editor', await phonePhoto('#336699'));
    const created = await test.app.inject({
      method: 'POST',
      url: pictures$,
      headers: as('editor'),
      payload: { record_id: record.id, class: 'album', caption: '病斑', upload: firstFile },
    });
    const id = Number(created.json().data.id);
    const before = (await test.app.inject({ url: `${pictures$}/${id}`, headers: as('editor') })).json().data;
    const [firstRow] = await test.app.db.select().from(recordPictures).where(eq(recordPictures.id, id));

    // A new file replaces the old one at a new address; the old upload goes back to the cleanup.
    const secondFile = await upload('editor', await phonePhoto('#996633', 300, 400));
    const replaced = await test.app.inject({
      method: 'PATCH',
      url: `${pictures$}/${id}`,
      headers: as('editor'),
      payload: { ...before, caption: '病斑（新照片）', upload: secondFile },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const [secondRow] = await test.app.db.select().from(recordPictures).where(eq(recordPictures.id, id));
    expect(secondRow).toMatchObject({ storedFileId: secondFile, width: 300, height: 400, caption: '病斑（新照片）' });
    expect(secondRow!.name).not.toBe(firstRow!.name);
    const [old] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, firstFile));
    expect(old).toMatchObject({ status: 'pending', attachedAt: null });
    expect((await test.app.inject({ url: `/files/records/${record.id}/${firstRow!.name}.jpg` })).statusCode).toBe(404);

    // Hidden: gone from the public list, and its file is for staff only.
    const hidden = await test.app.inject({
      method: 'PATCH',
      url: `${pictures$}/${id}`,
      headers: as('editor'),
      payload: { ...before, upload: undefined, caption: '病斑（新照片）', hidden: true },
    });
    expect(hidden.statusCode).toBe(200);
    const listed = (await call('bugPicList', { a1: record.id, a2: 'pic' })).json().d as Array<{ id: number }>;
    expect(listed.map((item) => item.id)).not.toContain(id);
    const file = `/files/records/${record.id}/${secondRow!.name}_thumb.jpg`;
    expect((await test.app.inject({ url: file })).statusCode).toBe(404);
    expect((await test.app.inject({ url: file, headers: as('editor') })).statusCode).toBe(200);

    published.length = 0;
    const removed = await test.app.inject({ method: 'DELETE', url: `${pictures$}/${id}`, headers: as('admin') });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(published).toEqual([[`record:${record.id}`]]);
    expect(await test.app.db.select().from(recordPictures).where(eq(recordPictures.id, id))).toEqual([]);
    const [detached] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, secondFile));
    expect(detached).toMatchObject({ status: 'pending', attachedAt: null });
    expect(await lastAudit('record-picture', id)).toMatchObject({
      action: 'record-picture.delete',
      actorId: people.admin.id,
    });
  });

  it('lists a record pictures by record and class; a draft record’s pictures are for staff only', async () => {
    const created = await test.app.inject({
      method: 'POST',
      url: records$,
      headers: as('editor'),
      payload: { type: 'mite', c_name: '示範草稿葉蟎' },
    });
    const recordId = Number(created.json().data.id);
    const fileId = await upload('editor', await phonePhoto('#228844'));
    const picture = await test.app.inject({
      method: 'POST',
      url: pictures$,
      headers: as('editor'),
      payload: { record_id: recordId, class: 'life', caption: '卵', upload: fileId },
    });
    expect(picture.statusCode).toBe(201);
    const list = await test.app.inject({ url: `${pictures$}?record_id=${recordId}&class=life`, headers: as('editor') });
    expect(list.json().data.rows).toEqual([
      expect.objectContaining({ record_id: recordId, record_name: '示範草稿葉蟎', class: 'life', caption: '卵' }),
    ]);
    expect(
      (await test.app.inject({ url: `${pictures$}?record_id=${recordId}&class=harm`, headers: as('editor') })).json()
        .data.rows,
    ).toEqual([]);
    const [row] = await test.app.db.select().from(recordPictures).where(eq(recordPictures.recordId, recordId));
    const file = `/files/records/${recordId}/${row!.name}.jpg`;
    expect((await test.app.inject({ url: file })).statusCode).toBe(404);
    expect((await test.app.inject({ url: file, headers: as('memberA') })).statusCode).toBe(404);
    const staff = await test.app.inject({ url: file, headers: as('editor') });
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['cache-control']).toMatch(/^private/);
    for (const person of ['memberA', 'expert'] as const) {
      expect((await test.app.inject({ url: pictures$, headers: as(person) })).statusCode).toBe(403);
    }
  });
});
