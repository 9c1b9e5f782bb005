import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { features } from '../../features';
import { auditLog } from '../../platform/audit/audit-log.schema';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { multipartBody, type FormPart } from '../../platform/uploads/test/multipart';
import { ipmSheets } from '../../reading-room/schema';
import { records } from '../../records/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInPeople, type SignedInPerson, type TestPerson } from '../../test/signed-in-people';
import { webBuildForTests, type WebBuild } from '../../test/web-build';
import { consultationOptions } from '../schema';

/** A card photo as a phone sends it, with a GPS position that must not survive. */
const phonePhoto = (background: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .withExif({ IFD0: { Make: 'FieldCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 0/1 0/1' } })
    .toBuffer();

interface Issue {
  path: string;
  message: string;
}

/**
 * The diagnosis wizard's trees kept in /admin (decisions 0270–0274): every
 * write through the admin API (and one through the generated form), checked where farmers meet
 * it — the wizard calls and the cached wizard page — and in the audit log.
 */
describe('the wizard trees in the admin', () => {
  let test: TestApp;
  let web: WebBuild;
  let people: Record<TestPerson, SignedInPerson>;
  const published: string[][] = [];
  const as = (person: TestPerson) => ({ 'sec-fetch-site': 'same-origin', ...people[person].headers });
  const resource = (name: string) => `/api/v1/admin/resources/consultation-${name}`;
  const send = (person: TestPerson, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    test.app.inject({ method, url, headers: as(person), ...(payload ? { payload } : {}) });
  const create = async (name: string, payload: object) => {
    const response = await send('editor', 'POST', resource(name), payload);
    expect(response.statusCode, response.body).toBe(201);
    return Number(response.json().data.id);
  };
  const refused = async (response: { statusCode: number; json(): unknown }, status = 400) => {
    expect(response.statusCode).toBe(status);
    return (response.json() as { error: { message: string; issues?: Issue[] } }).error;
  };
  const call = async (name: string, payload: object) => {
    const response = await test.app.inject({ method: 'POST', url: `/api/info/${name}`, payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().d;
  };
  const upload = async (data: Buffer) => {
    const { payload, headers } = multipartBody([
      { name: 'picture', value: { fileName: 'card.jpg', contentType: 'image/jpeg', data } },
    ]);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads/consultation-options/picture',
      payload,
      headers: { ...as('editor'), ...headers },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: { id: string } }>().data.id;
  };
  const lastAudit = async (entity: string, id: number) => {
    const [entry] = await test.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return entry;
  };

  let recordId = 0;
  let recordName = '';
  let draftRecordId = 0;
  let ipmId = 0;
  let cropId = 0;
  let firstLevel = 0;
  let lastLevel = 0;

  beforeAll(async () => {
    web = await webBuildForTests();
    test = await buildTestApp({ WEB_BUILD_DIR: web.dir }, { web: true, features });
    people = await signInPeople(test.app);
    test.app.invalidation.subscribe((tags) => published.push([...tags]));
    const [record] = await test.app.db
      .select({ id: records.id, name: records.cName })
      .from(records)
      .where(eq(records.state, 'published'))
      .limit(1);
    recordId = record!.id;
    recordName = record!.name;
    // Another record, made a draft: visitors cannot open it, so no card may lead there.
    const [draft] = await test.app.db
      .update(records)
      .set({ state: 'draft', cName: '示範草稿蟲' })
      .where(eq(records.id, recordId + 1))
      .returning({ id: records.id });
    draftRecordId = draft!.id;
    const [sheet] = await test.app.db
      .select({ id: ipmSheets.id })
      .from(ipmSheets)
      .where(eq(ipmSheets.status, 1))
      .limit(1);
    ipmId = sheet!.id;
  }, 300_000);
  afterAll(async () => {
    await test?.close();
    await web?.remove();
  });

  it('adds a crop with its picture: checked in Chinese, audited, in the crop menu at once', async () => {
    const empty = await refused(await send('editor', 'POST', resource('crops'), { cname: ' ', online: true }));
    expect(empty.issues).toContainEqual({ path: 'cname', message: '請輸入作物名稱' });
    const twin = await refused(await send('editor', 'POST', resource('crops'), { cname: '水稻', online: true }));
    expect(twin.issues?.[0]).toMatchObject({ path: 'cname', message: expect.stringContaining('已有同名的診斷作物') });

    const menuBefore = await test.app.inject({ url: '/consultation' });
    expect(menuBefore.body).not.toContain('示範茶樹');
    const { payload, headers } = multipartBody([
      { name: 'picture', value: { fileName: 'crop.jpg', contentType: 'image/jpeg', data: await phonePhoto('#2a7') } },
    ]);
    const picture = await test.app.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads/consultation-crops/picture',
      payload,
      headers: { ...as('editor'), ...headers },
    });
    expect(picture.statusCode, picture.body).toBe(201);
    cropId = await create('crops', {
      cname: '示範茶樹',
      ename: 'Tea',
      online: true,
      sort_order: 99,
      picture: picture.json().data.id,
    });
    expect(cropId).toBe(11); // the next id after the institute's (10 is the highest seeded)
    expect(published).toContainEqual(['consultation:wizard']);

    const crops = (await call('consuListp', {})) as Array<{ id: number; cname: string; pic2: string }>;
    const crop = crops.find((candidate) => candidate.id === cropId)!;
    expect(crop).toMatchObject({ cname: '示範茶樹', Online: '1' });
    expect(crop.pic2).toBe(`files/consultation/wizard/${picture.json().data.id}_mod.jpg`);
    const served = await test.app.inject({ url: `/${crop.pic2}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect((await test.app.inject({ url: `/${crop.pic2.replace('_mod', '_thumb')}` })).statusCode).toBe(200);
    // The page the page cache kept before is rendered again with the new crop in its menu.
    expect((await test.app.inject({ url: '/consultation' })).body).toContain('示範茶樹');

    const entry = await lastAudit('consultation-crop', cropId);
    expect(entry).toMatchObject({ action: 'consultation-crop.create', actorLabel: people.editor.account });
    expect(entry?.after).toMatchObject({ cname: '示範茶樹', online: true });
  });

  it('adds levels at the end, refuses one that would strand options, and shows them on the public wizard', async () => {
    const unnamed = await refused(await send('editor', 'POST', resource('levels'), { crop_id: cropId, name: '' }));
    expect(unnamed.issues).toContainEqual({ path: 'name', message: '請輸入層級名稱' });
    const noCrop = await refused(await send('editor', 'POST', resource('levels'), { crop_id: 999_999, name: '部位' }));
    expect(noCrop.issues).toContainEqual({ path: 'crop_id', message: '找不到這個診斷作物' });
    const tooFar = await refused(
      await send('editor', 'POST', resource('levels'), { crop_id: cropId, name: '部位', position: 3 }),
    );
    expect(tooFar.issues).toContainEqual({ path: 'position', message: '順序最大為 1（目前有 0 層）' });

    lastLevel = await create('levels', { crop_id: cropId, name: '病徵' });
    firstLevel = await create('levels', { crop_id: cropId, name: '受害部位', position: 1 });
    expect(published).toContainEqual(['consultation:wizard:crop:11']);
    const levels = (await call('consulevelList', { a1: cropId })) as Array<{ id: number; name: string; last: boolean }>;
    expect(levels.map((level) => [level.id, level.name, level.last])).toEqual([
      [firstLevel, '受害部位', false],
      [lastLevel, '病徵', true],
    ]);
    expect(await lastAudit('consultation-level', firstLevel)).toMatchObject({ action: 'consultation-level.create' });
  });

  let leafOption = 0;
  let branchOption = 0;

  it('adds options under a level and its parent: targets checked, name and path written by the service', async () => {
    // The generated form: an editor adds a first-level card with its picture (multipart, as the browser sends it).
    const form: FormPart[] = [
      { name: 'level_id', value: String(firstLevel) },
      { name: 'parent_option_id', value: '' },
      { name: 'label', value: '嫩葉' },
      { name: 'target_kind', value: '' },
      { name: 'target_id', value: '' },
      { name: 'sort', value: '1' },
      { name: 'picture', value: { fileName: 'leaf.jpg', contentType: 'image/jpeg', data: await phonePhoto('#6c3') } },
    ];
    const { payload, headers } = multipartBody(form);
    const posted = await test.app.inject({
      method: 'POST',
      url: '/admin/consultation-options/new',
      payload,
      headers: { ...as('editor'), ...headers },
    });
    expect(posted.statusCode, posted.body.slice(0, 500)).toBe(303);
    branchOption = Number(/consultation-options\/(\d+)/.exec(posted.headers.location as string)?.[1]);
    const [branch] = await test.app.db
      .select()
      .from(consultationOptions)
      .where(eq(consultationOptions.id, branchOption));
    expect(branch).toMatchObject({ name: '嫩葉', path: '', parentOptionId: null, teamAuthored: false });
    expect(branch?.picture).toMatch(/^files\/consultation\/wizard\/[0-9a-f-]{36}_mod\.jpg$/);

    const target = { parent_option_id: branchOption, sort: 1 };
    const noParent = await refused(
      await send('editor', 'POST', resource('options'), { level_id: lastLevel, label: '葉斑' }),
    );
    expect(noParent.issues?.[0]).toEqual({
      path: 'parent_option_id',
      message: '「病徵」是第 2 層：請填寫上一層選項編號',
    });
    const noTarget = await refused(await send('editor', 'POST', resource('options'), { ...target, label: '葉斑' }));
    expect(noTarget.issues).toEqual([
      { path: 'target_kind', message: '最後一層的選項必須連到病蟲害資料或 IPM 資料，請選擇種類' },
      { path: 'target_id', message: '請輸入連結目標編號' },
    ]);
    const missing = await refused(
      await send('editor', 'POST', resource('options'), {
        ...target,
        label: '葉斑',
        target_kind: 'record',
        target_id: 999_999,
      }),
    );
    expect(missing.issues).toEqual([{ path: 'target_id', message: '找不到編號 999999 的病蟲害資料' }]);
    const draft = await refused(
      await send('editor', 'POST', resource('options'), {
        ...target,
        label: '葉斑',
        target_kind: 'record',
        target_id: draftRecordId,
      }),
    );
    expect(draft.issues).toEqual([
      {
        path: 'target_id',
        message: `病蟲害資料「示範草稿蟲」（編號 ${draftRecordId}）還是草稿，訪客看不到；請先發布再連結`,
      },
    ]);
    const ipmWithoutIpm = await refused(
      await send('editor', 'POST', resource('options'), {
        ...target,
        label: '綜合管理',
        target_kind: 'ipm',
        target_id: ipmId,
      }),
    );
    expect(ipmWithoutIpm.issues?.[0]?.path).toBe('label');
    expect(ipmWithoutIpm.issues?.[0]?.message).toContain('須含「IPM」');
    const trailingId = await refused(
      await send('editor', 'POST', resource('options'), {
        ...target,
        label: '葉斑-12',
        target_kind: 'record',
        target_id: recordId,
      }),
    );
    expect(trailingId.issues?.[0]).toMatchObject({
      path: 'label',
      message: expect.stringContaining('結尾不可為「-數字」'),
    });
    const targetTooEarly = await refused(
      await send('editor', 'POST', resource('options'), {
        level_id: firstLevel,
        label: '根部',
        target_kind: 'record',
        target_id: recordId,
      }),
    );
    expect(targetTooEarly.issues?.[0]?.path).toBe('target_kind');

    // The public page of that branch, kept by the page cache before the change.
    const step = `/consultation?id=${cropId}&o=${branchOption}`;
    expect((await test.app.inject({ url: step })).body).not.toContain('葉斑');
    published.length = 0;
    leafOption = await create('options', {
      ...target,
      label: '葉斑',
      target_kind: 'record',
      target_id: recordId,
      picture: await upload(await phonePhoto('#a52')),
    });
    expect(published).toEqual([['consultation:wizard:crop:11']]);
    const ipmOption = await create('options', {
      ...target,
      label: '茶樹 IPM 管理',
      target_kind: 'ipm',
      target_id: ipmId,
      sort: 2,
    });

    const options = (await call('consuoptionList', { a1: lastLevel, a2: branchOption })) as Array<{
      id: number;
      name: string;
      path: string;
      label: string;
      link: string;
      team_authored: boolean;
      pic: string;
    }>;
    expect(
      options.map((option) => [option.id, option.name, option.path, option.label, option.link, option.team_authored]),
    ).toEqual([
      [leafOption, `葉斑-${recordId}`, String(branchOption), '葉斑', `/search/bug/detail?id=${recordId}`, false],
      [ipmOption, `茶樹 IPM 管理-${ipmId}`, String(branchOption), '茶樹 IPM 管理', `/IPM/detail?id=${ipmId}`, false],
    ]);
    expect((await test.app.inject({ url: `/${options[0]!.pic}` })).statusCode).toBe(200);
    const page = await test.app.inject({ url: step });
    expect(page.body).toContain('葉斑');
    expect(page.body).toContain(`/search/bug/detail?id=${recordId}`);
    expect(page.body).not.toContain('此步驟為本站團隊所編');

    const entry = await lastAudit('consultation-option', leafOption);
    expect(entry?.action).toBe('consultation-option.create');
    expect(entry?.after).toMatchObject({
      label: '葉斑',
      target_kind: 'record',
      target_id: recordId,
      path: String(branchOption),
    });
    expect(recordName).not.toBe('');
  });

  it('changes an option: a new picture replaces the old, a move rewrites the paths below it', async () => {
    const [before] = await test.app.db.select().from(consultationOptions).where(eq(consultationOptions.id, leafOption));
    const oldFile = /([0-9a-f-]{36})_mod/.exec(before!.picture)![1]!;
    const updated = await send('editor', 'PATCH', `${resource('options')}/${leafOption}`, {
      parent_option_id: branchOption,
      label: '葉片斑點',
      target_kind: 'record',
      target_id: recordId,
      sort: 3,
      picture: await upload(await phonePhoto('#333')),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const [after] = await test.app.db.select().from(consultationOptions).where(eq(consultationOptions.id, leafOption));
    expect(after).toMatchObject({ name: `葉片斑點-${recordId}`, sortOrder: 3 });
    expect(after!.picture).not.toBe(before!.picture);
    const [old] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, oldFile));
    expect(old?.attachedAt).toBeNull(); // back to the upload pipeline's cleanup
    expect((await test.app.inject({ url: `/${before!.picture}` })).statusCode).toBe(404);
    expect(await lastAudit('consultation-option', leafOption)).toMatchObject({
      action: 'consultation-option.update',
      before: expect.objectContaining({ label: '葉斑' }),
      after: expect.objectContaining({ label: '葉片斑點' }),
    });

    // A second first-level card; the first one's branch moves under it, with its path.
    const stem = await create('options', { level_id: firstLevel, label: '枝條', sort: 2 });
    const moved = await send('editor', 'PATCH', `${resource('options')}/${leafOption}`, {
      parent_option_id: stem,
      label: '葉片斑點',
      target_kind: 'record',
      target_id: recordId,
      sort: 3,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [movedRow] = await test.app.db
      .select()
      .from(consultationOptions)
      .where(eq(consultationOptions.id, leafOption));
    expect(movedRow).toMatchObject({ parentOptionId: stem, path: String(stem) });
    const wrongLevel = await refused(
      await send('editor', 'PATCH', `${resource('options')}/${leafOption}`, {
        parent_option_id: leafOption,
        label: '葉片斑點',
        target_kind: 'record',
        target_id: recordId,
      }),
    );
    expect(wrongLevel.issues?.[0]?.path).toBe('parent_option_id');
  });

  it('marks a seeded step the institute has reviewed as its own', async () => {
    const [seeded] = await test.app.db
      .select()
      .from(consultationOptions)
      .where(eq(consultationOptions.teamAuthored, true))
      .limit(1);
    const row = (await test.app.inject({ url: `${resource('options')}/${seeded!.id}`, headers: as('editor') })).json()
      .data;
    expect(row.team_authored).toBe(true);
    const response = await send('admin', 'PATCH', `${resource('options')}/${seeded!.id}`, {
      ...(row.parent_option_id ? { parent_option_id: row.parent_option_id } : {}),
      label: row.label,
      ...(row.target_kind ? { target_kind: row.target_kind, target_id: row.target_id } : {}),
      sort: row.sort,
      team_authored: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [after] = await test.app.db.select().from(consultationOptions).where(eq(consultationOptions.id, seeded!.id));
    expect(after).toMatchObject({
      teamAuthored: false,
      name: seeded!.name,
      path: seeded!.path,
      picture: seeded!.picture,
    });
  });

  it('refuses to delete what has options under it, and deletes the rest, audited', async () => {
    const level = await refused(await send('editor', 'DELETE', `${resource('levels')}/${firstLevel}`), 409);
    expect(level.message).toContain('「受害部位」這一層還有 2 個選項，不能刪除');
    const afterLast = await refused(
      await send('editor', 'POST', resource('levels'), { crop_id: cropId, name: '更多' }),
    );
    expect(afterLast.issues?.[0]?.message).toContain('最後一層「病徵」已有選項');
    const reorder = await refused(
      await send('editor', 'PATCH', `${resource('levels')}/${lastLevel}`, { name: '病徵', position: 1 }),
    );
    expect(reorder.issues?.[0]?.message).toContain('層級順序不能調整');

    const stem = (await test.app.db.select().from(consultationOptions).where(eq(consultationOptions.name, '枝條')))[0]!;
    const branch = await refused(await send('editor', 'DELETE', `${resource('options')}/${stem.id}`), 409);
    expect(branch.message).toBe('「枝條」之下還有 1 個下一層選項，不能刪除；請先刪除它們，或把它們移到其他選項之下');

    published.length = 0;
    expect((await send('editor', 'DELETE', `${resource('options')}/${leafOption}`)).statusCode).toBe(204);
    expect((await send('editor', 'DELETE', `${resource('options')}/${stem.id}`)).statusCode).toBe(204);
    expect(published).toEqual([['consultation:wizard:crop:11'], ['consultation:wizard:crop:11']]);
    expect(await lastAudit('consultation-option', leafOption)).toMatchObject({
      action: 'consultation-option.delete',
      before: expect.objectContaining({ label: '葉片斑點' }),
    });
    expect(await call('consuoptionList', { a1: firstLevel, a2: 0 })).toHaveLength(1);
  });

  it('changes a crop and takes it offline: gone from the menu at once; crops are not deleted', async () => {
    const response = await send('editor', 'PATCH', `${resource('crops')}/${cropId}`, {
      cname: '示範茶樹',
      ename: 'Tea',
      online: false,
      sort_order: 99,
    });
    expect(response.statusCode, response.body).toBe(200);
    const crops = (await call('consuListp', {})) as Array<{ id: number }>;
    expect(crops.map((crop) => crop.id)).not.toContain(cropId);
    expect((await test.app.inject({ url: `/consultation?id=${cropId}` })).statusCode).toBe(404);
    // Its picture stays: the crop holds it still.
    const read = await test.app.inject({ url: `${resource('crops')}/${cropId}`, headers: as('editor') });
    expect(read.statusCode, read.body).toBe(200);
    expect((await test.app.inject({ url: `/${read.json().data.picture_path}` })).statusCode).toBe(200);
    expect((await send('admin', 'DELETE', `${resource('crops')}/${cropId}`)).statusCode).toBe(405);
  });

  it('lists each part for editors, filtered by its parent', async () => {
    const crops = await test.app.inject({ url: `${resource('crops')}?sort=cname`, headers: as('editor') });
    expect(crops.statusCode, crops.body).toBe(200);
    expect(crops.json().data.rows.find((row: { id: number }) => row.id === 10)).toMatchObject({ levels: 3 });
    const levels = await test.app.inject({ url: `${resource('levels')}?crop_id=${cropId}`, headers: as('editor') });
    expect(levels.statusCode, levels.body).toBe(200);
    expect(levels.json().data.rows.map((row: { name: string }) => row.name)).toEqual(['受害部位', '病徵']);
    const options = await test.app.inject({
      url: `${resource('options')}?crop_id=10&sort=position`,
      headers: as('editor'),
    });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().data.total).toBe(33);
  });

  it('keeps members and experts out', async () => {
    for (const person of ['memberA', 'expert'] as const) {
      const response = await send(person, 'POST', resource('options'), { level_id: firstLevel, label: '根部' });
      expect(response.statusCode).toBe(403);
    }
  });
});
