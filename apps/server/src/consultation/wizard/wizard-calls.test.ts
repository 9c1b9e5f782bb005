import {
  consulevelListCall,
  consuListpCall,
  consuoptionListCall,
  cropOfflinePackResponse,
  offlinePageBytesEstimate,
  offlinePictureBytesEstimate,
} from '@pest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { ipmListsTag } from '../../reading-room';
import { ipmSheets } from '../../reading-room/schema';
import { recordListsTag } from '../../records';
import { records } from '../../records/schema';
import { consultationCrops } from '../schema';
import { eq } from 'drizzle-orm';
import { wizardTag } from './wizard-cache-tags';
import { wizardCacheablePages } from './wizard-cacheable-pages';

describe('the diagnosis wizard calls (/consuListp, /consulevelList, /consuoptionList)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp();
  });
  afterAll(() => test.close());

  async function call<T extends z.ZodType>(name: string, payload: unknown, data: T): Promise<z.output<T>> {
    const response = await test.app.inject({ method: 'POST', url: `/api/info/${name}`, payload: payload as object });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { d: unknown };
    expect(Object.keys(body)).toEqual(['d']);
    return data.parse(body.d);
  }

  async function callError(name: string, payload: unknown) {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/info/${name}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json() as { error: { code: string; message: string } } };
  }

  it('consuListp lists the six demo crops in the home shortcuts’ order, each with a served picture', async () => {
    const crops = await call('consuListp', {}, consuListpCall.data);
    expect(crops.map((crop) => [crop.id, crop.cname])).toEqual([
      [10, '水稻'],
      [9, '甘藍'],
      [3, '番茄'],
      [5, '檬果'],
      [2, '柑橘'],
      [7, '瓜類'],
    ]);
    for (const crop of crops) {
      expect(crop.Online).toBe('1');
      const picture = await test.app.inject({ url: `/${crop.pic2}` });
      expect(picture.statusCode, crop.pic2).toBe(200);
    }
  });

  it('consuListp leaves out a crop that is not online', async () => {
    await test.app.db.update(consultationCrops).set({ online: false }).where(eq(consultationCrops.id, 7));
    // A crop's write publishes the wizard's tag (the menu is kept until then, decision 0411).
    await test.app.invalidation.publish([wizardTag]);
    try {
      const crops = await call('consuListp', {}, consuListpCall.data);
      expect(crops.map((crop) => crop.id)).not.toContain(7);
      expect((await callError('consulevelList', { a1: 7 })).status).toBe(404);
    } finally {
      await test.app.db.update(consultationCrops).set({ online: true }).where(eq(consultationCrops.id, 7));
      await test.app.invalidation.publish([wizardTag]);
    }
  });

  it('walks rice from level 1 to a final option that links to a record, with the spec’s fields', async () => {
    const levels = await call('consulevelList', { a1: 10 }, consulevelListCall.data);
    expect(levels.map((level) => [level.cid, level.position, level.last])).toEqual([
      [10, 1, false],
      [10, 2, false],
      [10, 3, true],
    ]);
    const [first, second, third] = levels as [(typeof levels)[0], (typeof levels)[0], (typeof levels)[0]];
    // Level 1 takes a2 as 0, '0', '' or nothing alike.
    const parts = await call('consuoptionList', { a1: first.id, a2: 0 }, consuoptionListCall.data);
    expect(await call('consuoptionList', { a1: String(first.id), a2: '' }, consuoptionListCall.data)).toEqual(parts);
    expect(await call('consuoptionList', { a1: first.id }, consuoptionListCall.data)).toEqual(parts);
    const leaf = parts.find((option) => option.name === '葉片');
    expect(leaf).toMatchObject({ label: '葉片', link: null, path: '', team_authored: true });
    expect(leaf?.pic).toMatch(/^files\/records\/\d+\/album-\d_mod\.webp\?t=\d+$/);

    const symptoms = await call('consuoptionList', { a1: second.id, a2: leaf?.id }, consuoptionListCall.data);
    const blastLike = symptoms.find((option) => option.label.startsWith('葉上有紡錘形病斑'));
    expect(blastLike?.path).toBe(String(leaf?.id));

    const finals = await call('consuoptionList', { a1: third.id, a2: String(blastLike?.id) }, consuoptionListCall.data);
    const blast = finals.find((option) => option.label === '稻熱病');
    expect(blast?.name).toMatch(/^稻熱病-\d+$/);
    expect(blast?.path).toBe(`${leaf?.id}/${blastLike?.id}`);
    expect(blast?.link).toBe(`/search/bug/detail?id=${blast?.name.split('-')[1]}`);
    const record = await test.app.inject({
      method: 'POST',
      url: '/api/info/loadDetail',
      payload: { n1: Number(blast?.name.split('-')[1]) },
    });
    expect(record.json().d.CName).toBe('稻熱病');
    // The label says IPM: the target is an IPM sheet.
    const ipm = finals.find((option) => option.label.includes('IPM'));
    expect(ipm?.link).toMatch(/^\/IPM\/detail\?id=\d+$/);
    const sheet = await test.app.inject({
      method: 'POST',
      url: '/api/info/ipmsheet',
      payload: { a1: Number(ipm?.name.split('-').at(-1)) },
    });
    expect(sheet.json().d.title).toBe('水稻稻熱病整合管理');
  });

  it('leaves out a final card whose record or IPM sheet went back to draft, and brings it back once published', async () => {
    const [first, second, third] = await call('consulevelList', { a1: 10 }, consulevelListCall.data);
    const parts = await call('consuoptionList', { a1: first!.id }, consuoptionListCall.data);
    const leaf = parts.find((option) => option.name === '葉片');
    const symptoms = await call('consuoptionList', { a1: second!.id, a2: leaf!.id }, consuoptionListCall.data);
    const blastLike = symptoms.find((option) => option.label.startsWith('葉上有紡錘形病斑'));
    const finals = () => call('consuoptionList', { a1: third!.id, a2: blastLike!.id }, consuoptionListCall.data);
    const before = await finals();
    const blast = before.find((option) => option.label === '稻熱病');
    const ipm = before.find((option) => option.label.includes('IPM'));
    const recordId = Number(blast!.name.split('-').at(-1));
    const sheetId = Number(ipm!.name.split('-').at(-1));

    await test.app.db.update(records).set({ state: 'draft' }).where(eq(records.id, recordId));
    await test.app.db.update(ipmSheets).set({ status: 0 }).where(eq(ipmSheets.id, sheetId));
    try {
      const labels = (await finals()).map((option) => option.label);
      expect(labels).not.toContain('稻熱病');
      expect(labels.some((label) => label.includes('IPM'))).toBe(false);
      expect(labels).toHaveLength(before.length - 2);
    } finally {
      await test.app.db.update(records).set({ state: 'published' }).where(eq(records.id, recordId));
      await test.app.db.update(ipmSheets).set({ status: 1 }).where(eq(ipmSheets.id, sheetId));
    }
    expect(await finals()).toEqual(before);
  });

  it('lists a crop’s offline pack by any of its names: the wizard’s whole tree, records, pictures, pesticide pages and IPM PDFs', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/v1/crops/offline-pack?crop=${encodeURI('稻')}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const pack = cropOfflinePackResponse.parse(response.json()).data;
    expect(response.headers.etag).toBe(`"${pack.version}"`);
    expect(pack.crop.name).toBe('水稻');
    expect(pack.pages).toContain('/consultation?id=10');
    expect(pack.pages).toContain(`/search/bug/crop?plant=${encodeURIComponent('水稻')}`);
    expect(pack.pages.some((page) => page.startsWith('/search/bug/detail2?name='))).toBe(true);
    // Every wizard step listed is one the wizard shows (as its links and GET form address it).
    const steps = pack.pages.filter((page) => page.startsWith('/consultation?'));
    expect(steps.length).toBeGreaterThan(3);
    for (const step of steps) {
      const params = new URLSearchParams(step.split('?')[1]);
      await expect(
        test.app.services.consultation.wizard.getStep({
          cropId: Number(params.get('id')),
          chosen: params.getAll('o').map(Number),
          level: params.has('level') ? Number(params.get('level')) : null,
        }),
      ).resolves.toMatchObject({ crop: { id: 10 } });
    }
    // The final card's record as the card links it (with its step), and the IPM sheet with its PDF.
    const blast = pack.pages.find((page) =>
      /^\/search\/bug\/detail\?id=\d+&wizard=id%3D10%26level%3D3%26o%3D/.test(page),
    );
    expect(blast).toBeDefined();
    const [sheet] = await test.app.db.select().from(ipmSheets).where(eq(ipmSheets.title, '水稻稻熱病整合管理'));
    expect(pack.pages).toContain(`/IPM/detail?id=${sheet!.id}`);
    expect(pack.files).toContainEqual({ path: `/files/ipm/${sheet!.id}`, bytes: sheet!.pdfSize });
    const fileBytes = pack.files.reduce((sum, file) => sum + file.bytes, 0);
    expect(pack.bytes).toBe(
      fileBytes + pack.pages.length * offlinePageBytesEstimate + pack.pictures.length * offlinePictureBytesEstimate,
    );
    // The pictures the pages load at phone width (decision 0424): the first step's cards', and the
    // final record's album, names and symptoms pictures in their `_mod` size, no other; each is served.
    const first = await test.app.services.consultation.wizard.getStep({ cropId: 10, chosen: [], level: null });
    const cardPictures = first.options.map((option) => `/${option.pic}`).filter((path) => path !== '/');
    expect(cardPictures.length).toBeGreaterThan(0);
    expect(pack.pictures).toEqual(expect.arrayContaining(cardPictures));
    const blastPictures = await test.app.services.records.listRecordPictures(Number(/id=(\d+)/.exec(blast!)![1]));
    const kept = blastPictures.filter((picture) => ['album', 'intro', 'harm'].includes(picture.Class));
    expect(kept.length).toBeGreaterThan(0);
    expect(pack.pages).toContain(blast!.replace(/&wizard=/, '&tab=album&wizard='));
    for (const picture of blastPictures) {
      expect(pack.pictures.includes(`/${picture.modUrl}`)).toBe(kept.includes(picture));
      expect(pack.pictures).not.toContain(`/${picture.thumbUrl}`);
    }
    expect(pack.pictures.every((path) => /^\/files\/.+_mod\.\w+(\?t=\d+)?$/.test(path))).toBe(true);
    for (const path of [...cardPictures, ...kept.map((picture) => `/${picture.modUrl}`)]) {
      const served = await test.app.inject({ method: 'GET', url: path });
      expect(served.statusCode, path).toBe(200);
      expect(served.headers['cache-control'], path).toMatch(/^public/);
    }
    expect(Date.parse(pack.dataDate!)).not.toBeNaN();

    // The update rule: the version is the ETag (a 304 while nothing changed); an edit of a record
    // in the pack changes it and moves the date.
    const url = '/api/v1/crops/offline-pack?crop=%E6%B0%B4%E7%A8%BB';
    const same = await test.app.inject({ method: 'GET', url, headers: { 'if-none-match': `"${pack.version}"` } });
    expect(same.statusCode).toBe(304);
    const recordId = Number(/id=(\d+)/.exec(blast!)![1]);
    const edited = new Date(Date.now() + 60_000);
    await test.app.db.update(records).set({ updatedAt: edited }).where(eq(records.id, recordId));
    const changed = await test.app.inject({ method: 'GET', url, headers: { 'if-none-match': `"${pack.version}"` } });
    expect(changed.statusCode).toBe(200);
    const newer = cropOfflinePackResponse.parse(changed.json()).data;
    expect(newer.version).not.toBe(pack.version);
    expect(newer.dataDate).toBe(edited.toISOString());

    const unknown = await test.app.inject({
      method: 'GET',
      url: `/api/v1/crops/offline-pack?crop=${encodeURI('火星菜')}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toContain('火星菜');
    const openapi = await test.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const entry = (openapi.json() as { paths: Record<string, { get?: { responses: object } }> }).paths[
      '/api/v1/crops/offline-pack'
    ];
    expect(Object.keys(entry?.get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '304', '400', '404']));
    const empty = await test.app.inject({ method: 'GET', url: '/api/v1/crops/offline-pack?crop=%20' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/作物名稱/);
  });

  it('names the record and IPM lists among a crop page’s cache tags, so publishing or unpublishing a target drops it', () => {
    const [page] = wizardCacheablePages();
    const tags = page!.tags(new URL('http://localhost/consultation?id=10&level=3'));
    expect(tags).toEqual(expect.arrayContaining([recordListsTag, ipmListsTag]));
  });

  it('refuses malformed ids with a 400 and unknown ones with a 404, in Chinese', async () => {
    for (const a1 of ['1e3', '0x1', -1, 0, 1.5, '', true, 2_147_483_648]) {
      const error = await callError('consulevelList', { a1 });
      expect(error.status, String(a1)).toBe(400);
      expect(error.body.error.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await callError('consulevelList', {})).status).toBe(400);
    expect((await callError('consulevelList', { a1: 10, extra: 1 })).status).toBe(400);
    const missing = await callError('consulevelList', { a1: 999 });
    expect(missing).toMatchObject({ status: 404, body: { error: { message: '找不到這個諮詢作物' } } });
    expect((await callError('consuoptionList', { a1: 999_999 })).status).toBe(404);
    expect((await callError('consuoptionList', { a1: 1, a2: 'x' })).status).toBe(400);
    expect((await callError('consuoptionList', { a1: 1, a2: -3 })).status).toBe(400);
    expect((await callError('consuListp', { a1: 1 })).status).toBe(400);
  });

  it('refuses an a2 that does not belong one level up in the same crop', async () => {
    const rice = await call('consulevelList', { a1: 10 }, consulevelListCall.data);
    const cabbage = await call('consulevelList', { a1: 9 }, consulevelListCall.data);
    const riceParts = await call('consuoptionList', { a1: rice[0]?.id }, consuoptionListCall.data);
    const cabbageParts = await call('consuoptionList', { a1: cabbage[0]?.id }, consuoptionListCall.data);
    // Level 1 has no previous option; later levels need one.
    expect((await callError('consuoptionList', { a1: rice[0]?.id, a2: riceParts[0]?.id })).status).toBe(400);
    expect((await callError('consuoptionList', { a1: rice[1]?.id })).status).toBe(400);
    expect((await callError('consuoptionList', { a1: rice[1]?.id, a2: 0 })).status).toBe(400);
    // Another crop's option, and an option two levels up, are not the previous level's.
    expect((await callError('consuoptionList', { a1: rice[1]?.id, a2: cabbageParts[0]?.id })).status).toBe(404);
    expect((await callError('consuoptionList', { a1: rice[2]?.id, a2: riceParts[0]?.id })).status).toBe(404);
  });
});
