import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { features } from '../features';
import { auditLog } from '../platform/audit/audit-log.schema';
import { storedFiles } from '../platform/uploads/stored-files.schema';
import { multipartBody } from '../platform/uploads/test/multipart';
import { cropIpmSheets } from '../crops/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signInPeople, type SignedInPerson, type TestPerson } from '../test/signed-in-people';
import { webBuildForTests, type WebBuild } from '../test/web-build';
import { ipmSheets, news, readingRoomSearch } from './schema';

const pdfOf = (text: string) =>
  Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

/** Taiwan time (UTC+8) as the news form takes it, `seconds` from now. */
function taiwanTimeIn(seconds: number): string {
  const local = new Date(Date.now() + seconds * 1000 + 8 * 3_600_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${local.getUTCFullYear()}/${pad(local.getUTCMonth() + 1)}/${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`
  );
}

/**
 * The reading room's writes in /admin: IPM sheets with their PDF and news with
 * scheduled publishing, each a service of the feature — validated with the messages beside the
 * fields, one transaction with its audit entry and search row, its cache tags published — and
 * drafts that visitors never meet but editors preview on the public page.
 */
describe('the reading room in the admin', () => {
  let test: TestApp;
  let web: WebBuild;
  let people: Record<TestPerson, SignedInPerson>;
  const published: string[][] = [];
  const as = (person: TestPerson | null) => ({
    'sec-fetch-site': 'same-origin',
    ...(person ? people[person].headers : {}),
  });
  const sheets = '/api/v1/admin/resources/ipm-sheets';
  const newsResource = '/api/v1/admin/resources/news';

  const upload = async (person: TestPerson, bytes: Buffer, fileName = 'IPM技術資料.pdf', resource = 'ipm-sheets') => {
    const { payload, headers } = multipartBody([
      { name: 'pdf', value: { fileName, contentType: 'application/pdf', data: bytes } },
    ]);
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/v1/admin/uploads/${resource}/pdf`,
      payload,
      headers: { ...as(person), ...headers },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: { id: string } }>().data.id;
  };
  const ipmTitles = async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/info/ipmList', payload: {} });
    expect(response.statusCode).toBe(200);
    return (response.json().d as Array<{ title: string }>).map((sheet) => sheet.title);
  };
  const ipmSearch = async (term: string) => {
    const response = await test.app.inject({ method: 'POST', url: '/api/info/searchResultI', payload: { term } });
    expect(response.statusCode).toBe(200);
    return (response.json().d.items as Array<{ id: number }>).map((item) => item.id);
  };
  const newsIds = async () => {
    const response = await test.app.inject({ url: '/api/v1/news?pageSize=100' });
    expect(response.statusCode).toBe(200);
    return (response.json().data as Array<{ id: number }>).map((item) => item.id);
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

  beforeAll(async () => {
    web = await webBuildForTests();
    test = await buildTestApp({ WEB_BUILD_DIR: web.dir }, { web: true, features });
    people = await signInPeople(test.app);
    test.app.invalidation.subscribe((tags) => published.push([...tags]));
  }, 300_000);
  afterAll(async () => {
    await test?.close();
    await web?.remove();
  });

  it('refuses bad input beside the fields, in Chinese, writing nothing', async () => {
    const before = await test.app.db.select({ id: ipmSheets.id }).from(ipmSheets);
    const blank = await test.app.inject({
      method: 'POST',
      url: sheets,
      headers: as('editor'),
      payload: { title: ' ', category: '', sort: -1 },
    });
    expect(blank.statusCode).toBe(400);
    const issues = blank.json().error.issues as Array<{ path: string; message: string }>;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'title', message: '請輸入標題' },
        { path: 'category', message: '請輸入分類' },
        { path: 'sort', message: '排序不可小於 0' },
        { path: 'pdf', message: '請選擇檔案' },
      ]),
    );
    // Someone else's upload (the admin's) is not the editor's to attach: the whole create rolls back.
    const othersFile = await upload('admin', pdfOf('not yours'));
    const taken = await test.app.inject({
      method: 'POST',
      url: sheets,
      headers: as('editor'),
      payload: { title: '不屬於你的檔案', category: '水稻', pdf: othersFile },
    });
    expect(taken.statusCode).toBe(400);
    expect(await test.app.db.select({ id: ipmSheets.id }).from(ipmSheets)).toHaveLength(before.length);
    const badTime = await test.app.inject({
      method: 'POST',
      url: newsResource,
      headers: as('editor'),
      payload: { title: '時間寫錯的消息', class: 'fruit', post_at: '2026-01-31 9:00' },
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().error.issues).toEqual([
      { path: 'post_at', message: '請依「yyyy/MM/dd HH:mm」輸入，例如 2026/01/31 09:00' },
    ]);
    const noSuchDay = await test.app.inject({
      method: 'POST',
      url: newsResource,
      headers: as('editor'),
      payload: { title: '沒有這天的消息', class: 'fruit', post_at: '2026/02/30 09:00' },
    });
    expect(noSuchDay.json().error.issues).toEqual([{ path: 'post_at', message: '沒有這個日期時間' }]);
  });

  it('an IPM sheet starts as a draft no visitor meets; the editor previews it, publishes it, and it is public and searchable at once', async () => {
    const bytes = pdfOf('示範 IPM 甘藷蟻象');
    const fileId = await upload('editor', bytes, '甘藷蟻象綜合管理.pdf');
    published.length = 0;
    const formKey = randomUUID();
    const created = await test.app.inject({
      method: 'POST',
      url: sheets,
      headers: { ...as('editor'), 'idempotency-key': formKey },
      payload: {
        title: '甘藷蟻象綜合管理（示範）',
        category: '雜糧',
        detail: '性費洛蒙誘殺與輪作並行，減少塊根被害。',
        sort: 5,
        pdf: fileId,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    const [row] = await test.app.db.select().from(ipmSheets).where(eq(ipmSheets.id, id));
    expect(row).toMatchObject({ status: 0, pdfName: '甘藷蟻象綜合管理.pdf', pdfSize: bytes.length, pdfFileId: fileId });
    const [stored] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    expect(stored).toMatchObject({ status: 'attached', ownerMemberId: people.editor.id });
    expect(await lastAudit('ipm-sheet', id)).toMatchObject({ action: 'ipm-sheet.create', actorId: people.editor.id });
    expect(published.flat()).toEqual(expect.arrayContaining(['reading-room:ipm', `reading-room:ipm:${id}`]));

    // A double click sends the form's key again: one sheet (decision 0416).
    const again = await test.app.inject({
      method: 'POST',
      url: sheets,
      headers: { ...as('editor'), 'idempotency-key': formKey },
      payload: { title: '甘藷蟻象綜合管理（示範）', category: '雜糧', pdf: await upload('editor', bytes) },
    });
    expect(Number(again.json().data.id)).toBe(id);
    // The same title from another form is another sheet: the key decides, never the title.
    const another = await test.app.inject({
      method: 'POST',
      url: sheets,
      headers: { ...as('editor'), 'idempotency-key': randomUUID() },
      payload: { title: '甘藷蟻象綜合管理（示範）', category: '雜糧', pdf: await upload('editor', bytes) },
    });
    expect(another.statusCode, another.body).toBe(201);
    expect(Number(another.json().data.id)).not.toBe(id);
    const removed = await test.app.inject({
      method: 'DELETE',
      url: `${sheets}/${another.json().data.id}`,
      headers: as('editor'),
    });
    expect(removed.statusCode).toBe(204);

    // A draft: not listed, not found, not downloadable, no page, not in the sitemap.
    expect(await ipmTitles()).not.toContain('甘藷蟻象綜合管理（示範）');
    expect(await ipmSearch('甘藷蟻象')).toEqual([]);
    expect((await test.app.inject({ url: `/files/ipm/${id}` })).statusCode).toBe(404);
    expect((await test.app.inject({ url: `/IPM/detail?id=${id}`, headers: as('memberA') })).statusCode).toBe(404);
    expect((await test.app.inject({ url: '/sitemap.xml' })).body).not.toContain(`/IPM/detail?id=${id}<`);

    // The preview: the public page with the banner, for editors only, never stored nor indexed.
    const preview = await test.app.inject({ url: `/IPM/detail?id=${id}&preview=1`, headers: as('editor') });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('這是尚未發布的草稿，訪客看不到這一頁。');
    expect(preview.body).toContain('甘藷蟻象綜合管理（示範）');
    expect(preview.body).toContain('noindex');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    const previewFile = await test.app.inject({ url: `/files/ipm/${id}?preview=1`, headers: as('editor') });
    expect(previewFile.statusCode).toBe(200);
    expect(previewFile.headers['cache-control']).toBe('private, no-store');
    for (const person of [null, 'memberA', 'expert'] as const) {
      const refused = await test.app.inject({ url: `/IPM/detail?id=${id}&preview=1`, headers: as(person) });
      expect(refused.statusCode, String(person)).toBe(404);
      expect((await test.app.inject({ url: `/files/ipm/${id}?preview=1`, headers: as(person) })).statusCode).toBe(404);
    }

    // Published: listed, found by the words of its summary, downloadable, on its page without the banner.
    published.length = 0;
    const publish = await test.app.inject({ method: 'POST', url: `${sheets}/${id}/publish`, headers: as('editor') });
    expect(publish.statusCode, publish.body).toBeLessThan(300);
    expect(published.flat()).toEqual(expect.arrayContaining(['reading-room:ipm', `reading-room:ipm:${id}`]));
    expect(await lastAudit('ipm-sheet', id)).toMatchObject({ action: 'ipm-sheet.publish' });
    expect(await ipmTitles()).toContain('甘藷蟻象綜合管理（示範）');
    expect(await ipmSearch('性費洛蒙誘殺')).toEqual([id]);
    const download = await test.app.inject({ url: `/files/ipm/${id}?download=1` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-disposition']).toContain(encodeURIComponent('甘藷蟻象綜合管理.pdf'));
    const page = await test.app.inject({ url: `/IPM/detail?id=${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('預覽');
    expect((await test.app.inject({ url: '/sitemap.xml' })).body).toContain(`/IPM/detail?id=${id}`);

    // Publishing twice changes nothing (a double click).
    const entries = await test.app.db.select({ id: auditLog.id }).from(auditLog);
    await test.app.inject({ method: 'POST', url: `${sheets}/${id}/publish`, headers: as('editor') });
    expect(await test.app.db.select({ id: auditLog.id }).from(auditLog)).toHaveLength(entries.length);
  });

  it('an edit replaces the PDF and the searchable title; a deletion takes the sheet and its search row away', async () => {
    const first = await upload('editor', pdfOf('first'));
    const created = await test.app.inject({
      method: 'POST',
      url: sheets,
      headers: as('editor'),
      payload: { title: '香蕉黃葉病管理（示範）', category: '果樹', state: 'published', pdf: first },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    expect(await ipmSearch('香蕉黃葉病')).toEqual([id]);

    const replacement = pdfOf('second');
    const second = await upload('editor', replacement, '香蕉黃葉病-修訂.pdf');
    const current = (await test.app.inject({ url: `${sheets}/${id}`, headers: as('editor') })).json().data;
    const edited = await test.app.inject({
      method: 'PATCH',
      url: `${sheets}/${id}`,
      headers: as('editor'),
      payload: {
        title: '香蕉黃葉病與萎凋病管理（示範）',
        category: current.category,
        state: 'published',
        pdf: second,
        crops: '芒果',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Linked to a crop by its synonym, shown by the crop's name (decision 0361).
    expect((await test.app.inject({ url: `${sheets}/${id}`, headers: as('editor') })).json().data.crops).toBe('檬果');
    expect(await ipmSearch('萎凋病')).toEqual([id]);
    const [old] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, first));
    expect(old?.attachedAt).toBeNull();
    expect((await test.app.inject({ url: `/files/ipm/${id}` })).rawPayload.equals(replacement)).toBe(true);
    const entry = await lastAudit('ipm-sheet', id);
    expect(entry).toMatchObject({ action: 'ipm-sheet.update' });
    expect(entry?.before).toMatchObject({ title: '香蕉黃葉病管理（示範）' });
    expect(entry?.after).toMatchObject({ crops: '檬果' });

    // The row sent back as it was read (its PDF's upload id with it) keeps the PDF (decision 0277).
    const echoed = (await test.app.inject({ url: `${sheets}/${id}`, headers: as('editor') })).json().data;
    expect(echoed.pdf).toBe(second);
    const resaved = await test.app.inject({
      method: 'PATCH',
      url: `${sheets}/${id}`,
      headers: as('editor'),
      payload: {
        title: echoed.title,
        category: echoed.category,
        state: 'published',
        pdf: echoed.pdf,
        crops: echoed.crops,
      },
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    const [kept] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, second));
    expect(kept?.attachedAt).not.toBeNull();
    expect((await test.app.inject({ url: `/files/ipm/${id}` })).rawPayload.equals(replacement)).toBe(true);

    const removed = await test.app.inject({ method: 'DELETE', url: `${sheets}/${id}`, headers: as('admin') });
    expect(removed.statusCode).toBeLessThan(300);
    expect(await ipmSearch('萎凋病')).toEqual([]);
    const searchRows = await test.app.db
      .select()
      .from(readingRoomSearch)
      .where(and(eq(readingRoomSearch.kind, 'ipm'), eq(readingRoomSearch.itemId, id)));
    expect(searchRows).toEqual([]);
    expect(await test.app.db.select().from(cropIpmSheets).where(eq(cropIpmSheets.ipmSheetId, id))).toEqual([]);
    expect(await lastAudit('ipm-sheet', id)).toMatchObject({ action: 'ipm-sheet.delete', actorId: people.admin.id });
  });

  it('a publication: a draft until published, then listed under the year of its title and found by the media search', async () => {
    const resource = '/api/v1/admin/resources/publications';
    const bytes = pdfOf('示範出版品');
    const fileId = await upload('editor', bytes, '設施蔬菜害蟲圖鑑.pdf', 'publications');
    const created = await test.app.inject({
      method: 'POST',
      url: resource,
      headers: as('editor'),
      payload: { title: '設施蔬菜害蟲圖鑑（示範，2024）', detail: '溫室常見薊馬與粉蝨的辨識。', pdf: fileId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    const listed = async () => {
      const response = await test.app.inject({ method: 'POST', url: '/api/info/pub', payload: {} });
      return (response.json().d as Array<{ id: number; year: number }>).filter((item) => item.id === id);
    };
    const found = async () => {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/info/searchResultB',
        payload: { term: '薊馬與粉蝨' },
      });
      return (response.json().d.items as Array<{ id: number }>).map((item) => item.id);
    };
    expect(await listed()).toEqual([]);
    expect(await found()).toEqual([]);
    expect((await test.app.inject({ url: `/files/publication/${id}` })).statusCode).toBe(404);
    const preview = await test.app.inject({ url: `/publication/detail?id=${id}&preview=1`, headers: as('admin') });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('這是尚未發布的草稿，訪客看不到這一頁。');
    expect(await lastAudit('publication', id)).toMatchObject({ action: 'publication.create' });

    published.length = 0;
    await test.app.inject({ method: 'POST', url: `${resource}/${id}/publish`, headers: as('editor') });
    expect(published.flat()).toEqual(
      expect.arrayContaining(['reading-room:publications', `reading-room:publication:${id}`]),
    );
    expect(await listed()).toEqual([expect.objectContaining({ id, year: 2024 })]);
    expect(await found()).toEqual([id]);
    expect((await test.app.inject({ url: `/files/publication/${id}` })).rawPayload.equals(bytes)).toBe(true);
    expect((await test.app.inject({ url: `/publication/detail?id=${id}` })).statusCode).toBe(200);
  });

  it('a video from a YouTube address: refused when not one, a draft until published, then listed and searchable', async () => {
    const resource = '/api/v1/admin/resources/videos';
    const refused = await test.app.inject({
      method: 'POST',
      url: resource,
      headers: as('editor'),
      payload: { title: '示範影片', youtube: 'https://vimeo.com/123' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([
      { path: 'youtube', message: '請貼上 YouTube 影片網址，例如 https://www.youtube.com/watch?v=xxxxxxxxxxx' },
    ]);
    const missing = await test.app.inject({
      method: 'POST',
      url: resource,
      headers: as('editor'),
      payload: { title: '示範影片' },
    });
    expect(missing.json().error.issues).toEqual([{ path: 'youtube', message: '請貼上 YouTube 影片網址' }]);

    const created = await test.app.inject({
      method: 'POST',
      url: resource,
      headers: as('editor'),
      payload: {
        title: '示範：草生栽培與天敵保育',
        detail: '果園草生栽培如何留住瓢蟲與草蛉。',
        youtube: 'https://youtu.be/dQw4w9WgXcQ?t=10',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    const found = async () => {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/info/searchResultV',
        payload: { term: '草生栽培' },
      });
      return (response.json().d.items as Array<{ id: number }>).map((item) => item.id);
    };
    expect(await found()).not.toContain(id);
    expect((await test.app.inject({ url: `/video/detail?id=${id}` })).statusCode).toBe(404);
    const preview = await test.app.inject({ url: `/video/detail?id=${id}&preview=1`, headers: as('editor') });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('youtube-nocookie.com/embed/dQw4w9WgXcQ');

    await test.app.inject({ method: 'POST', url: `${resource}/${id}/publish`, headers: as('editor') });
    expect(await found()).toContain(id);
    const video = await test.app.inject({ method: 'POST', url: '/api/info/videosheet', payload: { a1: id } });
    expect(video.json().d).toMatchObject({ video: 'dQw4w9WgXcQ', clip_url: null });
    expect(await lastAudit('video', id)).toMatchObject({ action: 'video.publish', actorId: people.editor.id });
  });

  it('a researcher is added to the directory at once; a bad contact link is refused beside the field', async () => {
    const resource = '/api/v1/admin/resources/researchers';
    const refused = await test.app.inject({
      method: 'POST',
      url: resource,
      headers: as('editor'),
      payload: { name: '林示範', room: '昆蟲研究室', job: '助理研究員', sex: 'F', link: 'javascript:alert(1)' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([
      { path: 'link', message: '請輸入 https:// 開頭的網址或 mailto: 開頭的電子郵件連結' },
    ]);
    published.length = 0;
    const payload = {
      name: '林示範',
      room: '昆蟲研究室',
      job: '助理研究員',
      sex: 'F',
      specialty: '薊馬生物防治',
      link: 'mailto:lin@example.org',
    };
    const created = await test.app.inject({ method: 'POST', url: resource, headers: as('editor'), payload });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    const again = await test.app.inject({ method: 'POST', url: resource, headers: as('editor'), payload });
    expect(Number(again.json().data.id)).toBe(id);
    expect(published.flat()).toContain('reading-room:researchers');
    const members = await test.app.inject({ method: 'POST', url: '/api/info/member', payload: {} });
    expect((members.json().d as Array<{ id: number }>).filter((entry) => entry.id === id)).toEqual([
      expect.objectContaining({ name: '林示範', do: '薊馬生物防治', link: 'mailto:lin@example.org', demo: false }),
    ]);
    expect((await test.app.inject({ url: '/link/detail' })).body).toContain('林示範');
    expect(await lastAudit('researcher', id)).toMatchObject({ action: 'researcher.create', actorId: people.editor.id });
    const removed = await test.app.inject({ method: 'DELETE', url: `${resource}/${id}`, headers: as('admin') });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await test.app.inject({ url: '/link/detail' })).body).not.toContain('林示範');
  });

  it('a scheduled news item is public only from its post_at, with no write when it comes due', async () => {
    published.length = 0;
    const created = await test.app.inject({
      method: 'POST',
      url: newsResource,
      headers: as('editor'),
      payload: {
        title: '示範：秋季果園管理講習會',
        class: 'fruit',
        summary: '講習會報名開始。',
        content: '第一段說明。\n\n第二段 <說明>。',
        post_at: taiwanTimeIn(3),
        state: 'published',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    expect(published.flat()).toEqual(expect.arrayContaining(['reading-room:news', `reading-room:news:${id}`]));
    expect(await lastAudit('news', id)).toMatchObject({ action: 'news.create', actorId: people.editor.id });
    const row = (await test.app.inject({ url: `${newsResource}/${id}`, headers: as('editor') })).json().data;
    expect(row).toMatchObject({ state: 'published', visible: '看不到（預約發布）' });

    // Not yet: not listed, no page, not on the home page's news, not in the sitemap; the editor previews it.
    expect(await newsIds()).not.toContain(id);
    expect((await test.app.inject({ url: `/api/v1/news/${id}` })).statusCode).toBe(404);
    expect((await test.app.inject({ url: '/' })).body).not.toContain('示範：秋季果園管理講習會');
    // Both pages are kept by the page cache (decision 0452), until the item falls due.
    expect((await test.app.inject({ url: '/news?class=fruit' })).body).not.toContain('示範：秋季果園管理講習會');
    expect((await test.app.inject({ url: '/sitemap.xml' })).body).not.toContain(`/news/detail?id=${id}<`);
    const preview = await test.app.inject({ url: `/news/detail?id=${id}&preview=1`, headers: as('editor') });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('示範：秋季果園管理講習會');
    expect(preview.body).toContain('預覽');

    // When its time comes it is public, nothing written in between.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(await newsIds()).toContain(id);
    const detail = await test.app.inject({ url: `/api/v1/news/${id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.content).toBe('<p>第一段說明。</p><p>第二段 &lt;說明&gt;。</p>');
    expect((await test.app.inject({ url: '/' })).body).toContain('示範：秋季果園管理講習會');
    expect((await test.app.inject({ url: '/news?class=fruit' })).body).toContain('示範：秋季果園管理講習會');
    expect((await test.app.inject({ url: `/news/detail?id=${id}` })).statusCode).toBe(200);
    expect((await test.app.inject({ url: '/sitemap.xml' })).body).toContain(`/news/detail?id=${id}`);

    // Back to a draft: gone from the public at once.
    const unpublish = await test.app.inject({
      method: 'POST',
      url: `${newsResource}/${id}/unpublish`,
      headers: as('editor'),
    });
    expect(unpublish.statusCode, unpublish.body).toBeLessThan(300);
    expect(await newsIds()).not.toContain(id);
    // The cached pages that showed it are dropped by the write's tags.
    expect((await test.app.inject({ url: '/' })).body).not.toContain('示範：秋季果園管理講習會');
    expect((await test.app.inject({ url: '/news?class=fruit' })).body).not.toContain('示範：秋季果園管理講習會');
    expect((await test.app.inject({ url: `/news/detail?id=${id}` })).statusCode).toBe(404);
    expect(await lastAudit('news', id)).toMatchObject({ action: 'news.unpublish' });
    const [stored] = await test.app.db.select().from(news).where(eq(news.id, id));
    expect(stored?.status).toBe(0);
  });

  it('is for editors and admins: experts and members are refused', async () => {
    for (const resource of [
      sheets,
      newsResource,
      '/api/v1/admin/resources/publications',
      '/api/v1/admin/resources/videos',
      '/api/v1/admin/resources/researchers',
    ]) {
      for (const person of ['memberA', 'expert'] as const) {
        expect((await test.app.inject({ url: resource, headers: as(person) })).statusCode).toBe(403);
      }
      expect((await test.app.inject({ url: resource })).statusCode).toBe(401);
      expect((await test.app.inject({ url: resource, headers: as('editor') })).statusCode).toBe(200);
    }
  });
});
