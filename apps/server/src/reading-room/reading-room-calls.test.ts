import {
  ipmListCall,
  ipmOtherListCall,
  ipmSheetCall,
  memberCall,
  nclassDetailCall,
  nclassListCall,
  nclassOtherListCall,
  newsDetailCall,
  newsListIndexCall,
  newsListNewCall,
  pubCall,
  publicationSheetCall,
  publicationYear,
  searchResultBCall,
  searchResultICall,
  searchResultVCall,
  videoCall,
  videoSheetCall,
} from '@pest/contracts';
import { desc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { ipmSheets, news, videos } from './schema';
import { listIpmSheets } from './services/list-ipm-sheets';
import { listIpmTopics } from './services/list-ipm-topics';
import { refreshReadingRoomSearch } from './services/refresh-reading-room-search';

describe('reading-room information-service calls', () => {
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

  async function callError(name: string, payload: unknown, headers: Record<string, string> = {}) {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/info/${name}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json() as { error: { code: string; message: string } } };
  }

  describe('IPM', () => {
    it('ipmList lists at least 12 sheets across at least 4 categories', async () => {
      const sheets = await call('ipmList', {}, ipmListCall.data);
      expect(sheets.length).toBeGreaterThanOrEqual(12);
      expect(new Set(sheets.map((sheet) => sheet.name)).size).toBeGreaterThanOrEqual(4);
      expect(sheets[0]).toMatchObject({ pdf_url: `/files/ipm/${sheets[0]?.id}` });
      expect(sheets[0]?.pdf).toMatch(/\.pdf$/);
    });

    it('the IPM menu counts each category in the database, in the order of its first sheet, with that cover', async () => {
      const sheets = await call('ipmList', {}, ipmListCall.data);
      const expected = new Map<string, { name: string; count: number; img: string | null }>();
      for (const sheet of sheets) {
        const topic = expected.get(sheet.name);
        if (topic) topic.count += 1;
        else expected.set(sheet.name, { name: sheet.name, count: 1, img: sheet.img });
      }
      const topics = await listIpmTopics(test.app.db);
      expect(topics.map(({ name, count, img }) => ({ name, count, img }))).toEqual([...expected.values()]);
      const first = topics[0]?.name ?? '';
      expect(await listIpmSheets(test.app.db, first)).toEqual(sheets.filter((sheet) => sheet.name === first));
    });

    it('ipmList also accepts no body at all', async () => {
      const response = await test.app.inject({ method: 'POST', url: '/api/info/ipmList' });
      expect(response.statusCode).toBe(200);
    });

    it('ipmsheet returns one sheet and 404s for an unknown id', async () => {
      const sheet = await call('ipmsheet', { a1: 1 }, ipmSheetCall.data);
      expect(sheet.id).toBe(1);
      expect(sheet.title).toBe('水稻福壽螺整合管理');
      const missing = await callError('ipmsheet', { a1: 99999 });
      expect(missing).toEqual({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: '找不到這份 IPM 技術資料' } },
      });
    });

    it('ipmsheet accepts the id as a string, as the older client sends it', async () => {
      const sheet = await call('ipmsheet', { a1: '2' }, ipmSheetCall.data);
      expect(sheet.id).toBe(2);
    });

    it('ipmOtherList lists the other files of a sheet with iid, Name and Type', async () => {
      const files = await call('ipmOtherList', { a1: 1 }, ipmOtherListCall.data);
      expect(files.map((file) => [file.iid, file.Name, file.Type])).toEqual([
        [1, '福壽螺田間調查紀錄表.csv', 'csv'],
        [1, '福壽螺防治工作月曆.pdf', 'pdf'],
      ]);
      expect(files[0]?.url).toBe(`/files/ipm/1/${files[0]?.id}`);
      expect(await call('ipmOtherList', { a1: 99999 }, ipmOtherListCall.data)).toEqual([]);
    });

    it('searchResultI finds sheets by title, summary or category, 10 per page', async () => {
      const result = await call('searchResultI', { term: '番茄' }, searchResultICall.data);
      expect(result.total).toBe(2);
      expect(result.items.map((item) => item.title)).toEqual([
        '番茄晚疫病整合管理',
        '設施番茄粉蝨與番茄黃化捲葉病管理',
      ]);
      const all = await call('searchResultI', { term: '' }, searchResultICall.data);
      expect(all.pageSize).toBe(10);
      expect(all.items).toHaveLength(10);
      const second = await call('searchResultI', { term: '', page: 2 }, searchResultICall.data);
      expect(second.items.length).toBe(all.total - 10);
    });

    it('searchResultI treats % and _ literally', async () => {
      const result = await call('searchResultI', { term: '%' }, searchResultICall.data);
      expect(result.total).toBe(0);
    });

    it("searchResultI finds with the records' text rules: variants, Simplified input, 臺/台", async () => {
      const tomato = await call('searchResultI', { term: '番茄' }, searchResultICall.data);
      // 蕃茄 is a variant of 番茄: a plain substring match found no sheet for it.
      for (const term of ['蕃茄', ' 番茄 ']) {
        const found = await call('searchResultI', { term }, searchResultICall.data);
        expect(
          found.items.map((item) => item.id),
          term,
        ).toEqual(tomato.items.map((item) => item.id));
      }
      // Simplified input (黄化卷叶) finds the Traditional title (黃化捲葉).
      const simplified = await call('searchResultI', { term: '黄化卷叶' }, searchResultICall.data);
      expect(simplified.items.map((item) => item.title)).toEqual(['設施番茄粉蝨與番茄黃化捲葉病管理']);
      // A word of the summary only (銀葉粉蝨) finds the sheet too.
      const summary = await call('searchResultI', { term: '銀葉粉蝨' }, searchResultICall.data);
      expect(summary.items.map((item) => item.title)).toEqual(['設施番茄粉蝨與番茄黃化捲葉病管理']);
    });

    it('searchResultI lists sheets with the term in the title before those with it only in the summary', async () => {
      const [sheet] = await test.app.db.select().from(ipmSheets).orderBy(desc(ipmSheets.sort)).limit(1);
      if (!sheet) throw new Error('no IPM sheet');
      // The last sheet gets a word in its summary that another sheet has in its title.
      const [titled] = await test.app.db.select().from(ipmSheets).where(ne(ipmSheets.id, sheet.id)).limit(1);
      if (!titled) throw new Error('a second IPM sheet is missing');
      const word = [...titled.title].slice(0, 4).join('');
      await test.app.db.transaction(async (tx) => {
        await tx
          .update(ipmSheets)
          .set({ detail: `${sheet.detail}\n參見${word}。`, updatedAt: sql`now()` })
          .where(eq(ipmSheets.id, sheet.id));
        await refreshReadingRoomSearch(tx, 'ipm', [sheet.id]);
      });
      const found = await call('searchResultI', { term: word }, searchResultICall.data);
      const ids = found.items.map((item) => item.id);
      expect(ids).toContain(sheet.id);
      expect(ids.indexOf(titled.id)).toBeLessThan(ids.indexOf(sheet.id));
    });

    it('a sheet changed without its search row is found again after a restart', async () => {
      const [sheet] = await test.app.db.select().from(ipmSheets).limit(1);
      if (!sheet) throw new Error('no IPM sheet');
      await test.app.db
        .update(ipmSheets)
        .set({ title: `${sheet.title}（茭白筍）`, updatedAt: sql`now()` })
        .where(eq(ipmSheets.id, sheet.id));
      expect((await call('searchResultI', { term: '茭白筍' }, searchResultICall.data)).total).toBe(0);
      await test.restart();
      const found = await call('searchResultI', { term: '茭白筍' }, searchResultICall.data);
      expect(found.items.map((item) => item.id)).toEqual([sheet.id]);
    });
  });

  describe('publications and videos', () => {
    it('pub lists 40 publications with the year taken from the title', async () => {
      const list = await call('pub', {}, pubCall.data);
      expect(list).toHaveLength(40);
      for (const publication of list) expect(publication.year).toBe(publicationYear(publication.title));
      expect(list.filter((publication) => publication.year === 1995).length).toBeGreaterThanOrEqual(2);
      expect(list.map((publication) => publication.year)).toEqual(
        [...list.map((publication) => publication.year)].sort((a, b) => b - a),
      );
    });

    it('publicationsheet returns one publication and 404s for an unknown id', async () => {
      const publication = await call('publicationsheet', { a1: 1 }, publicationSheetCall.data);
      expect(publication.pdf_url).toBe('/files/publication/1');
      expect((await callError('publicationsheet', { a1: 4242 })).status).toBe(404);
    });

    it('video lists 12 videos newest first, and videosheet returns one', async () => {
      const list = await call('video', {}, videoCall.data);
      expect(list).toHaveLength(12);
      const dates = list.map((video) => video.published_at);
      expect(dates).toEqual([...dates].sort().reverse());
      const video = await call('videosheet', { a1: list[0]?.id }, videoSheetCall.data);
      expect(video).toMatchObject({ id: list[0]?.id, title: list[0]?.title });
      expect((await callError('videosheet', { a1: 777 })).status).toBe(404);
    });

    it('demo videos are self-hosted WebM clips: clip_url set, no YouTube id', async () => {
      const list = await call('video', {}, videoCall.data);
      for (const video of list) {
        expect(video).toMatchObject({ video: '', clip_url: `/files/video/${video.id}`, clip_type: 'video/webm' });
        expect(video.clip_size).toBeGreaterThan(10_000);
        expect(video.clip_size).toBeLessThan(300_000);
        expect(video.detail).toContain('示範');
        expect(video.detail).not.toContain('影片編號');
      }
      const video = await call('videosheet', { a1: list[1]?.id }, videoSheetCall.data);
      expect(video).toMatchObject({ video: '', clip_url: `/files/video/${list[1]?.id}`, clip_type: 'video/webm' });
      const clip = await test.app.inject({ method: 'GET', url: video.clip_url ?? '' });
      expect(clip.statusCode).toBe(200);
      expect(clip.headers['content-type']).toBe('video/webm');
      expect(Number(clip.headers['content-length'])).toBe(video.clip_size);
    });

    it('a YouTube video answers its id and no clip', async () => {
      const [row] = await test.app.db
        .insert(videos)
        .values({ title: 'YouTube 影片', youtubeId: 'abcDEF12345', publishedAt: new Date('2020-01-01T00:00:00Z') })
        .returning({ id: videos.id });
      const video = await call('videosheet', { a1: row?.id }, videoSheetCall.data);
      expect(video).toMatchObject({ video: 'abcDEF12345', clip_url: null, clip_type: null, clip_size: null });
      expect((await test.app.inject({ method: 'GET', url: `/files/video/${row?.id}` })).statusCode).toBe(404);
      await test.app.db.delete(videos).where(eq(videos.id, row?.id ?? 0));
    });

    it('the database refuses a video with both a YouTube id and a clip, or with neither', async () => {
      const clip = { clipKey: 'reading-room/videos/x.webm', clipName: 'x.webm', clipSize: 1 };
      await expect(
        test.app.db.insert(videos).values({ title: '兩者皆有', youtubeId: 'abcDEF12345', ...clip }),
      ).rejects.toThrow();
      await expect(test.app.db.insert(videos).values({ title: '兩者皆無' })).rejects.toThrow();
      await expect(
        test.app.db.insert(videos).values({ title: '缺檔名', clipKey: 'reading-room/videos/x.webm' }),
      ).rejects.toThrow();
    });

    it('searchResultV returns publications (tp 1) and videos (tp 2) together', async () => {
      const result = await call('searchResultV', { term: '福壽螺' }, searchResultVCall.data);
      expect(new Set(result.items.map((item) => item.tp))).toEqual(new Set(['1', '2']));
      expect(result.total).toBe(result.items.length);
      const dates = result.items.map((item) => item.published_at);
      expect(dates).toEqual([...dates].sort().reverse());
      const all = await call('searchResultV', { term: '' }, searchResultVCall.data);
      expect(all.total).toBe(52);
      expect(all.items).toHaveLength(10);
    });

    it('searchResultB returns publications only', async () => {
      const result = await call('searchResultB', { term: '福壽螺' }, searchResultBCall.data);
      expect(result.items.length).toBeGreaterThan(0);
      expect(result.items.every((item) => item.tp === '1')).toBe(true);
    });
  });

  describe('quick start and researchers', () => {
    it('member lists 15 researchers with the spec fields', async () => {
      const list = await call('member', {}, memberCall.data);
      expect(list).toHaveLength(15);
      expect(Object.keys(list[0] ?? {})).toEqual(expect.arrayContaining(['name', 'room', 'job', 'sex', 'do', 'link']));
    });

    it('nclassList lists 25 notices newest first', async () => {
      const list = await call('nclassList', {}, nclassListCall.data);
      expect(list).toHaveLength(25);
      const times = list.map((item) => item.announceTime);
      expect(times).toEqual([...times].sort().reverse());
    });

    it('nclassDetail returns sanitised content, nclassOtherList the attachments', async () => {
      const detail = await call('nclassDetail', { n1: 1 }, nclassDetailCall.data);
      expect(detail.Ncontent).toContain('<ol>');
      const files = await call('nclassOtherList', { a1: 1 }, nclassOtherListCall.data);
      expect(files.length).toBeGreaterThanOrEqual(1);
      expect(files[0]).toMatchObject({ iid: 1, Type: 'pdf', url: `/files/quick/1/${files[0]?.id}` });
      expect((await callError('nclassDetail', { n1: 999 })).status).toBe(404);
    });
  });

  describe('news', () => {
    it('newsListIndex answers d as JSON text of the six newest of a class', async () => {
      const text = await call('newsListIndex', { n1: 'fruit' }, newsListIndexCall.data);
      const items = newsListIndexCall.parsed.parse(JSON.parse(text));
      expect(items).toHaveLength(6);
      expect(items.every((item) => item.class === 'fruit' && item.class_name === '果樹')).toBe(true);
    });

    it("newsListIndex with '' or 'all' mixes the classes", async () => {
      for (const n1 of ['', 'all']) {
        const items = newsListIndexCall.parsed.parse(
          JSON.parse(await call('newsListIndex', { n1 }, newsListIndexCall.data)),
        );
        expect(items).toHaveLength(6);
        const dates = items.map((item) => item.post_at);
        expect(dates).toEqual([...dates].sort().reverse());
      }
    });

    it('newsListnew lists every shown item of a class, and none with status 0', async () => {
      const [hidden] = await test.app.db
        .insert(news)
        .values({ status: 0, class: 'grain', title: '草稿：不應顯示', postAt: new Date('2030-01-01T00:00:00Z') })
        .returning({ id: news.id });
      const items = newsListNewCall.parsed.parse(
        JSON.parse(await call('newsListnew', { n1: 'grain' }, newsListNewCall.data)),
      );
      expect(items).toHaveLength(6);
      expect(items.some((item) => item.id === hidden?.id)).toBe(false);
      const all = newsListNewCall.parsed.parse(JSON.parse(await call('newsListnew', { n1: '' }, newsListNewCall.data)));
      expect(all).toHaveLength(30);
      expect((await callError('newsDetail', { n1: hidden?.id })).status).toBe(404);
    });

    it('newsDetail answers d as JSON text of the item with sanitised content and files', async () => {
      const detail = newsDetailCall.parsed.parse(JSON.parse(await call('newsDetail', { n1: 1 }, newsDetailCall.data)));
      expect(detail.id).toBe(1);
      expect(detail.content).toContain('<p>');
      expect(detail.files[0]).toMatchObject({ id: 1, type: 'pdf', url: '/files/news/1/1' });
      expect(detail.pics[0]).toMatchObject({ width: 480, height: 320 });
    });

    it('newsDetail serves content through the sanitiser', async () => {
      const [row] = await test.app.db
        .insert(news)
        .values({
          class: 'flower',
          title: '含有指令碼的消息',
          content: '<p>文字</p><script>alert(1)</script><img src=x onerror=alert(1)>',
        })
        .returning({ id: news.id });
      const detail = newsDetailCall.parsed.parse(
        JSON.parse(await call('newsDetail', { n1: row?.id }, newsDetailCall.data)),
      );
      expect(detail.content).not.toContain('<script');
      expect(detail.content).not.toContain('onerror');
      await test.app.db.delete(news).where((await import('drizzle-orm')).eq(news.id, row?.id ?? 0));
    });
  });

  describe('bad input gets a 400 with a clear message, never a 500', () => {
    it.each([
      ['ipmsheet', {}, 'a1'],
      ['ipmsheet', { a1: 'abc' }, '編號必須是數字'],
      ['ipmsheet', { a1: -3 }, '編號必須是正整數'],
      ['ipmOtherList', { a1: 1.5 }, '編號必須是整數'],
      ['publicationsheet', { a1: null }, 'a1'],
      ['videosheet', { a1: 1, extra: true }, 'extra'],
      ['searchResultI', {}, '請輸入關鍵字'],
      ['searchResultV', { term: 'x'.repeat(101) }, '關鍵字不可超過 100 個字'],
      ['searchResultB', { term: '水稻', page: 0 }, '頁碼必須大於 0'],
      ['searchResultV', { term: '水稻', pageSize: 1000 }, '每頁筆數不可超過 100'],
      ['nclassDetail', { n1: 'x' }, '編號必須是數字'],
      ['newsListIndex', { n1: 'rice' }, '消息類別必須是'],
      ['newsDetail', {}, 'n1'],
      ['ipmList', { a1: 1 }, 'a1'],
    ])('%s %j', async (name, payload, message) => {
      const { status, body } = await callError(name, payload);
      expect(status).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.message).toContain(message);
    });

    it('answers a malformed JSON body with a 400', async () => {
      const { status, body } = await callError('ipmsheet', '{"a1":');
      expect(status).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
    });
  });
});
