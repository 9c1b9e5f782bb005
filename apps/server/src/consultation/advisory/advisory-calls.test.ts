import { advDataCall, advDetailCall, advListCall, advSimilarCall, apiErrorSchema, infoResponse } from '@pest/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { consultationCasePhotos, consultationCases, consultationCaseSearch } from '../schema';
import { advisoryCasesFile } from './advisory-seed';
import { advisoryListTag } from './advisory-cache-tags';
import { setCasePublished } from '../desk/set-case-published';
import { refreshCaseSearch, refreshStaleCaseSearch } from './services/refresh-case-search';
import { readFile } from 'node:fs/promises';

const staffActor = {
  memberId: 9001,
  account: 'editor-wang',
  name: '王編輯',
  roles: ['editor'] as const,
  sessionId: 's',
  via: 'session' as const,
};

const demo = JSON.parse(await readFile(advisoryCasesFile, 'utf8')) as {
  cases: Array<{ askerName: string; key: string; cropName: string }>;
};

describe('advisory archive calls (/advList, /advDetail, /advdata, /advSimilar)', () => {
  let test: TestApp;
  /** Every public answer of this suite, to check that no asker's e-mail, phone or full name is in any. */
  const publicBodies: string[] = [];
  const call = async (name: string, payload?: unknown) => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/info/${name}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    publicBodies.push(response.body);
    return response;
  };
  const data = async <T extends z.ZodType>(name: string, payload: unknown, schema: T): Promise<z.output<T>> => {
    const response = await call(name, payload);
    expect(response.statusCode, response.body).toBe(200);
    return (infoResponse(schema).parse(response.json()) as { d: z.output<T> }).d;
  };
  const failure = async (name: string, payload: unknown, status: number) => {
    const response = await call(name, payload);
    expect(response.statusCode, response.body).toBe(status);
    return apiErrorSchema.parse(response.json()).error;
  };
  const list = (payload: unknown) => data('advList', payload, advListCall.data);

  /** A case the public must never see: complete, with a photo, but not published. */
  let privateCaseId = 0;
  let privatePhotoId = 0;

  beforeAll(async () => {
    test = await buildTestApp();
    const [published] = await test.app.db
      .select({ id: consultationCasePhotos.storedFileId })
      .from(consultationCasePhotos)
      .limit(1);
    const [row] = await test.app.db
      .insert(consultationCases)
      .values({
        status: 'submitted',
        askerName: '趙私人',
        askerEmail: 'private-asker@example.org',
        askerPhone: '0287654321',
        countyId: '63000',
        countyName: '臺北市',
        townshipName: '士林區',
        cropName: '水稻',
        description: '秘密紫斑點只在私人案件',
        submittedAt: new Date(),
      })
      .returning({ id: consultationCases.id });
    privateCaseId = row!.id;
    const [photo] = await test.app.db
      .insert(consultationCasePhotos)
      .values({ caseId: privateCaseId, photoGroup: 'pic1', storedFileId: published!.id })
      .returning({ id: consultationCasePhotos.id });
    privatePhotoId = photo!.id;
    await refreshCaseSearch(test.app.db, [privateCaseId]);
  }, 120_000);
  afterAll(() => test.close());

  it('/advList pages the published demo cases six at a time, newest first, with the crop menu', async () => {
    const first = await list(undefined);
    expect(first.total).toBe(demo.cases.length);
    expect(first.pageSize).toBe(6);
    expect(first.items).toHaveLength(6);
    const times = first.items.map((item) => item.announceTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect(first.items.every((item) => item.demo && item.picnow?.startsWith('files/consultation/photos/'))).toBe(true);
    const second = await list({ page: 2 });
    expect(second.items).toHaveLength(demo.cases.length - 6);
    expect(second.items.map((item) => item.id)).not.toContain(first.items[0]!.id);
    const past = await list({ page: 9 });
    expect(past).toMatchObject({ total: demo.cases.length, items: [] });
    expect(first.crops).toEqual(
      expect.arrayContaining([
        { cname: '水稻', count: 2 },
        { cname: '柑橘', count: 2 },
      ]),
    );
    expect(first.crops.reduce((sum, crop) => sum + crop.count, 0)).toBe(demo.cases.length);
  });

  it('/advList filters by crop with the records’ text rules (variants meet)', async () => {
    const rice = await list({ crop: '水稻' });
    expect(rice.total).toBe(2);
    expect(rice.items.every((item) => item.cname === '水稻')).toBe(true);
    // 蕃茄 / 番茄 and 柑桔 / 柑橘 are one crop to the search, as they are for the records.
    expect((await list({ crop: '蕃茄' })).items.map((item) => item.cname)).toEqual(['番茄']);
    expect((await list({ crop: '柑桔' })).total).toBe(2);
    // A part of a name is not the crop; a synonym in the crop vocabulary is (decision 0360).
    expect((await list({ crop: '水' })).total).toBe(0);
    expect((await list({ crop: '稻' })).total).toBe(2);
    expect((await list({ crop: '!!!' })).total).toBe(0);
  });

  it('/advList finds the 芒果 case by the wizard’s and the data’s 檬果, and its menu names the crop once', async () => {
    const mango = await list({ crop: '檬果' });
    expect(mango.total).toBe(1);
    expect(mango.items.map((item) => item.cname)).toEqual(['芒果']);
    expect((await list({ crop: '芒果' })).items).toEqual(mango.items);
    expect(mango.crops).toContainEqual({ cname: '檬果', count: 1 });
    expect(mango.crops.map((crop) => crop.cname)).not.toContain('芒果');
    // A synonym staff add later works at once.
    const crops = test.app.services.crops;
    const tomato = await crops.resolveCrop('番茄');
    await crops.saveCrop(staffActor, tomato!.id, { name: '番茄', synonyms: '西紅柿\n柿仔', sort_order: 30 });
    expect((await list({ crop: '柿仔' })).items.map((item) => item.cname)).toEqual(['番茄']);
  });

  it('/advList searches words in the place, description and reply, never an unpublished case', async () => {
    const blast = await list({ term: '稻熱病' });
    expect(blast.items.map((item) => item.place)).toEqual(['雲林縣虎尾鎮']);
    // 台 / 臺 and Simplified input meet the stored text.
    expect((await list({ term: '台南' })).items.map((item) => item.cname)).toEqual(['芒果']);
    expect((await list({ term: '小菜蛾' })).total).toBe(1);
    expect((await list({ term: '葉片', crop: '番茄' })).total).toBe(1);
    expect((await list({ term: '秘密紫斑點' })).total).toBe(0);
    expect((await list({ term: '水稻' })).total).toBe(2);
    expect((await list({ term: '？！' })).total).toBe(0);
    expect(await failure('advList', { page: 0 }, 400)).toMatchObject({ message: expect.stringMatching(/頁碼/) });
  });

  it('a filter’s total and the crop menu follow a case taken back and published again, at once', async () => {
    const deps = { db: test.app.db, invalidation: test.app.invalidation };
    const before = await list({ term: '水稻' });
    const blast = (await list({ term: '稻熱病' })).items[0]!;
    await setCasePublished(deps, staffActor, blast.id, { published: false });
    // Kept totals (decision 0448) are dropped by the archive's tag.
    expect((await list({ term: '水稻' })).total).toBe(before.total - 1);
    expect((await list({ term: '稻熱病' })).total).toBe(0);
    expect((await list({})).total).toBe(demo.cases.length - 1);
    const rice = (menu: typeof before.crops) => menu.find((crop) => crop.cname === '水稻')?.count ?? 0;
    expect(rice((await list({})).crops)).toBe(rice(before.crops) - 1);
    await setCasePublished(deps, staffActor, blast.id, { published: true });
    expect((await list({ term: '水稻' })).total).toBe(before.total);
    expect((await list({})).total).toBe(demo.cases.length);
    expect(rice((await list({})).crops)).toBe(rice(before.crops));
    // Publishing moves the case's updated_at past its search row's: caught up here as the start hook would.
    await refreshStaleCaseSearch(test.app.db);
  });

  it('/advDetail shows a published case with the name masked, the reply and its linked records and IPM sheets', async () => {
    const { items } = await list({ term: '稻熱病' });
    const detail = await data('advDetail', { n1: items[0]!.id }, advDetailCall.data);
    expect(detail).toMatchObject({ name: '王OO', cname: '水稻', place: '雲林縣虎尾鎮', target: '稻熱病', demo: true });
    expect(detail.note).toContain('<strong>稻熱病</strong>');
    expect(detail.repliedAt).not.toBeNull();
    // The records and IPM sheets the expert attached, to be linked; a sheet back in draft is left out.
    expect(detail.links).toEqual([
      { kind: 'record', id: expect.any(Number), title: '稻熱病' },
      { kind: 'ipm', id: expect.any(Number), title: '水稻稻熱病整合管理' },
    ]);
    const sheetId = detail.links[1]!.id;
    await test.app.db.execute(sql`update ipm_sheets set status = 0 where id = ${sheetId}`);
    const withDraft = await data('advDetail', { n1: items[0]!.id }, advDetailCall.data);
    await test.app.db.execute(sql`update ipm_sheets set status = 1 where id = ${sheetId}`);
    expect(withDraft.links.map((link) => link.kind)).toEqual(['record']);
    const unanswered = (await list({ term: '黃龍病' })).items[0]!;
    expect(await data('advDetail', { n1: String(unanswered.id) }, advDetailCall.data)).toMatchObject({
      note: null,
      repliedAt: null,
      replied: false,
    });
  });

  it('an unpublished, still receiving or unknown case is the same 404; a bad id a 400', async () => {
    const message = (await failure('advDetail', { n1: privateCaseId }, 404)).message;
    expect(message).toMatch(/尚未公開/);
    await failure('advdata', { a1: privateCaseId }, 404);
    await failure('advDetail', { n1: 2_000_000 }, 404);
    await failure('advDetail', { n1: 'x' }, 400);
    const [receiving] = await test.app.db
      .insert(consultationCases)
      .values({
        status: 'receiving',
        askerName: '錢收件',
        askerEmail: 'receiving@example.org',
        askerPhone: '0911222333',
        countyId: '63000',
        countyName: '臺北市',
        townshipName: '中正區',
        cropName: '水稻',
        description: '照片還在上傳',
        publishedAt: new Date(),
      })
      .returning({ id: consultationCases.id });
    await failure('advDetail', { n1: receiving!.id }, 404);
    expect((await list({})).total).toBe(demo.cases.length);
    await test.app.db.delete(consultationCases).where(eq(consultationCases.id, receiving!.id));
  });

  it('/advdata lists the photos by group, and only photos of published cases are served', async () => {
    const { items } = await list({ term: '小菜蛾' });
    const photos = await data('advdata', { a1: items[0]!.id }, advDataCall.data);
    expect(photos.map((photo) => photo.datatype)).toEqual(['pic1', 'pic2', 'pic3']);
    for (const url of [photos[0]!.url, photos[0]!.modUrl, photos[0]!.thumbUrl]) {
      const response = await test.app.inject(`/${url}`);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await test.app.inject(`/files/consultation/photos/${privatePhotoId}.jpg`)).statusCode).toBe(404);
    expect((await test.app.inject(`/files/consultation/photos/${privatePhotoId}_thumb.jpg`)).statusCode).toBe(404);
    expect((await test.app.inject('/files/consultation/photos/abc.jpg')).statusCode).toBe(404);
  });

  it('/advSimilar finds published cases of the crop and records like the description, at most three', async () => {
    const answers = await data(
      'advSimilar',
      { crop: '水稻', text: '葉片上有菱形的灰白色病斑，邊緣褐色' },
      advSimilarCall.data,
    );
    expect(answers.length).toBeLessThanOrEqual(3);
    expect(answers[0]).toMatchObject({ kind: 'case', title: '水稻・雲林縣虎尾鎮' });
    expect(answers[0]!.path).toMatch(/^\/consultation\/advisory\/detail\?id=\d+$/);
    expect(answers.some((answer) => answer.kind === 'record' && answer.title === '稻熱病')).toBe(true);
    // The private case shares the crop but is never offered.
    const secret = await data('advSimilar', { crop: '水稻', text: '秘密紫斑點' }, advSimilarCall.data);
    expect(secret.filter((answer) => answer.kind === 'case')).toEqual([]);
    expect(await data('advSimilar', { crop: '火星草', text: '' }, advSimilarCall.data)).toEqual([]);
    expect((await failure('advSimilar', { text: '葉片' }, 400)).message).toBeTruthy();
  });

  it('a reply written later is searchable once the write refreshes the row (and the start hook catches up)', async () => {
    const { items } = await list({ term: '黃龍病' });
    const id = items[0]!.id;
    await test.app.db
      .update(consultationCases)
      .set({ replyHtml: '<p>這是柑橘木蝨，可傳播黃龍病，請注意新梢期。</p>', updatedAt: new Date() })
      .where(eq(consultationCases.id, id));
    expect((await list({ term: '新梢期' })).items.map((item) => item.id)).not.toContain(id);
    expect(await refreshStaleCaseSearch(test.app.db)).toBe(1);
    expect(await refreshStaleCaseSearch(test.app.db)).toBe(0);
    // As the start hook does once it has written rows: a filter's matches are kept until the archive's tag.
    expect((await list({ term: '新梢期' })).items.map((item) => item.id)).not.toContain(id);
    await test.app.invalidation.publish([advisoryListTag]);
    expect((await list({ term: '新梢期' })).items.map((item) => item.id)).toContain(id);
    await test.app.db.delete(consultationCaseSearch).where(inArray(consultationCaseSearch.caseId, [id]));
    expect(await refreshStaleCaseSearch(test.app.db)).toBe(1);
  });

  it('lists every published case in the sitemap, never a private one', async () => {
    const body = (await test.app.inject('/sitemap.xml')).body;
    expect(body).toContain('/consultation/advisory</loc>');
    expect(body.match(/consultation\/advisory\/detail\?id=\d+/g)?.length).toBe(demo.cases.length);
    expect(body).not.toContain(`advisory/detail?id=${privateCaseId}<`);
  });

  it('no public answer holds an asker’s e-mail, phone or full name', async () => {
    expect(publicBodies.length).toBeGreaterThan(20);
    const everything = publicBodies.join('\n');
    expect(everything).not.toMatch(/@example\.(invalid|org)/);
    expect(everything).not.toMatch(/0912345678|0287654321|0911222333/);
    for (const { askerName } of demo.cases) expect(everything).not.toContain(askerName);
    expect(everything).not.toContain('趙私人');
    expect(everything).toContain('王OO');
  });
});
