import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { features } from '../features';
import { auditLog } from '../platform/audit/audit-log.schema';
import { storedFiles } from '../platform/uploads/stored-files.schema';
import { multipartBody } from '../platform/uploads/test/multipart';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signInPeople, type SignedInPerson, type TestPerson } from '../test/signed-in-people';
import { webBuildForTests, type WebBuild } from '../test/web-build';
import { quickFiles, quickItems, relatedLinks } from './schema';

const pdfOf = (text: string) =>
  Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

/**
 * Quick-start items with their files and the related links of /link in /admin (decisions 0247–0249): each write a service of the reading room — validated with Chinese
 * messages beside the fields, one transaction with its audit entry, its cache tags published — and
 * the public pages showing the change at once.
 */
describe('quick-start items and related links in the admin', () => {
  let test: TestApp;
  let web: WebBuild;
  let people: Record<TestPerson, SignedInPerson>;
  const published: string[][] = [];
  const as = (person: TestPerson | null) => ({
    'sec-fetch-site': 'same-origin',
    ...(person ? people[person].headers : {}),
  });
  const items = '/api/v1/admin/resources/quick-items';
  const files = '/api/v1/admin/resources/quick-files';
  const links = '/api/v1/admin/resources/related-links';

  const upload = async (person: TestPerson, bytes: Buffer, fileName: string) => {
    const { payload, headers } = multipartBody([
      { name: 'upload', value: { fileName, contentType: 'application/pdf', data: bytes } },
    ]);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads/quick-files/upload',
      payload,
      headers: { ...as(person), ...headers },
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
  const quickTitles = async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/info/nclassList', payload: {} });
    expect(response.statusCode).toBe(200);
    return (response.json().d as Array<{ title: string }>).map((item) => item.title);
  };
  const linkPage = async () => {
    const response = await test.app.inject({ url: '/link' });
    expect(response.statusCode).toBe(200);
    return response.body;
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
    const badItem = await test.app.inject({
      method: 'POST',
      url: items,
      headers: as('editor'),
      payload: { title: ' ', announce_time: '2026-01-31' },
    });
    expect(badItem.statusCode).toBe(400);
    expect(badItem.json().error.issues).toEqual(
      expect.arrayContaining([
        { path: 'title', message: '請輸入標題' },
        { path: 'announce_time', message: '請依「yyyy/MM/dd HH:mm」輸入，例如 2026/01/31 09:00' },
      ]),
    );
    const noSuchDay = await test.app.inject({
      method: 'POST',
      url: items,
      headers: as('editor'),
      payload: { title: '沒有這天', announce_time: '2026/02/30 09:00' },
    });
    expect(noSuchDay.json().error.issues).toEqual([{ path: 'announce_time', message: '沒有這個日期時間' }]);

    for (const url of ['http://www.example.gov.tw/', 'javascript:alert(1)', 'https://', 'www.example.gov.tw']) {
      const badLink = await test.app.inject({
        method: 'POST',
        url: links,
        headers: as('editor'),
        payload: { title: '不安全的連結', url },
      });
      expect(badLink.statusCode, url).toBe(400);
      expect(badLink.json().error.issues).toEqual([
        { path: 'url', message: '請輸入 https:// 開頭的完整網址，例如 https://www.example.gov.tw/page' },
      ]);
    }

    const noFile = await test.app.inject({
      method: 'POST',
      url: files,
      headers: as('editor'),
      payload: { name: '沒有檔案' },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.issues).toEqual(
      expect.arrayContaining([
        { path: 'quick_id', message: '請輸入快速入門編號' },
        { path: 'upload', message: '請選擇檔案' },
      ]),
    );
    const unknownItem = await test.app.inject({
      method: 'POST',
      url: files,
      headers: as('editor'),
      payload: { quick_id: 999_999, upload: await upload('editor', pdfOf('孤兒'), '孤兒.pdf') },
    });
    expect(unknownItem.statusCode).toBe(400);
    expect(unknownItem.json().error.issues).toEqual([{ path: 'quick_id', message: '找不到這則快速入門' }]);
    expect(await test.app.db.select().from(relatedLinks).where(eq(relatedLinks.title, '不安全的連結'))).toEqual([]);
  });

  it('the six links of the old constant are in the table, shown on /link, marked as not yet checked', async () => {
    const list = await test.app.inject({ url: `${links}?sort=sort`, headers: as('editor') });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data.rows as Array<{ title: string; url: string; url_checked: boolean }>;
    expect(rows.map((row) => row.title)).toEqual([
      '植物保護資訊系統',
      '蔬菜害蟲發生預測',
      '果樹害蟲發生預測',
      '斜紋夜蛾密度通報',
      '農藥作用機制分類（IRAC）',
      '農藥資訊服務網',
    ]);
    expect(rows.every((row) => !row.url_checked)).toBe(true);
    const unchecked = await test.app.inject({ url: `${links}?url_checked=no`, headers: as('editor') });
    expect(unchecked.json().data.total).toBe(6);
    const page = await linkPage();
    expect(page).toContain('https://pesticide.aphia.gov.tw/');
    expect(page).toContain('研究人員');
  });

  it('an editor adds, changes, hides and deletes a related link: /link shows each change at once, each audited', async () => {
    // Read once first, so the cached links must be dropped by the write.
    expect(await linkPage()).not.toContain('示範病蟲害通報');
    published.length = 0;
    const formKey = randomUUID();
    const created = await test.app.inject({
      method: 'POST',
      url: links,
      headers: { ...as('editor'), 'idempotency-key': formKey },
      payload: {
        title: '示範病蟲害通報',
        description: '示範用的連結說明。',
        url: 'https://www.example.gov.tw/pest-bulletin',
        sort: 5,
        url_checked: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    expect(published).toEqual([['reading-room:links']]);
    expect(await lastAudit('related-link', id)).toMatchObject({
      action: 'related-link.create',
      actorId: people.editor.id,
      after: expect.objectContaining({ url: 'https://www.example.gov.tw/pest-bulletin', url_checked: true }),
    });
    let page = await linkPage();
    expect(page).toContain('https://www.example.gov.tw/pest-bulletin');
    // Sort 5 puts it before the first seeded link (10).
    expect(page.indexOf('>示範病蟲害通報<')).toBeGreaterThan(0);
    expect(page.indexOf('>示範病蟲害通報<')).toBeLessThan(page.indexOf('>植物保護資訊系統<'));

    // A double click sends the form's key again: one link (decision 0416).
    const again = await test.app.inject({
      method: 'POST',
      url: links,
      headers: { ...as('editor'), 'idempotency-key': formKey },
      payload: { title: '示範病蟲害通報', url: 'https://www.example.gov.tw/pest-bulletin' },
    });
    expect(Number(again.json().data.id)).toBe(id);
    // Without a key, the same title and address is a second link: the key decides, never the title.
    const another = await test.app.inject({
      method: 'POST',
      url: links,
      headers: as('editor'),
      payload: { title: '示範病蟲害通報', url: 'https://www.example.gov.tw/pest-bulletin' },
    });
    expect(Number(another.json().data.id)).not.toBe(id);
    expect(
      (await test.app.inject({ method: 'DELETE', url: `${links}/${another.json().data.id}`, headers: as('editor') }))
        .statusCode,
    ).toBe(204);

    const edited = await test.app.inject({
      method: 'PATCH',
      url: `${links}/${id}`,
      headers: as('admin'),
      payload: { title: '示範病蟲害速報', url: 'https://www.example.gov.tw/pest-alert', sort: 5 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    page = await linkPage();
    expect(page).toContain('示範病蟲害速報');
    expect(page).not.toContain('https://www.example.gov.tw/pest-bulletin');
    const update = await lastAudit('related-link', id);
    expect(update).toMatchObject({ action: 'related-link.update', actorId: people.admin.id });
    expect(update?.before).toMatchObject({ title: '示範病蟲害通報', url_checked: true });
    expect(update?.after).toMatchObject({ title: '示範病蟲害速報', url_checked: false });

    await test.app.inject({
      method: 'PATCH',
      url: `${links}/${id}`,
      headers: as('editor'),
      payload: { title: '示範病蟲害速報', url: 'https://www.example.gov.tw/pest-alert', hidden: true },
    });
    expect(await linkPage()).not.toContain('示範病蟲害速報');

    published.length = 0;
    const removed = await test.app.inject({ method: 'DELETE', url: `${links}/${id}`, headers: as('editor') });
    expect(removed.statusCode).toBeLessThan(300);
    expect(published).toEqual([['reading-room:links']]);
    expect(await lastAudit('related-link', id)).toMatchObject({ action: 'related-link.delete' });
    expect((await test.app.inject({ url: `${links}/${id}`, headers: as('editor') })).statusCode).toBe(404);
  });

  it('a quick-start item: a draft with a file that only editors preview, then published with its file downloadable', async () => {
    published.length = 0;
    const itemKey = randomUUID();
    const created = await test.app.inject({
      method: 'POST',
      url: items,
      headers: { ...as('editor'), 'idempotency-key': itemKey },
      payload: {
        title: '示範：如何申請病蟲害診斷',
        content: '<p>第一步：填寫申請表。</p><script>alert(1)</script>',
        announce_time: '2026/03/01 09:30',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    const [row] = await test.app.db.select().from(quickItems).where(eq(quickItems.id, id));
    expect(row).toMatchObject({ status: 0, announceTime: new Date('2026-03-01T01:30:00Z') });
    expect(await lastAudit('quick-item', id)).toMatchObject({ action: 'quick-item.create', actorId: people.editor.id });
    expect(published.flat()).toEqual(expect.arrayContaining(['reading-room:quick', `reading-room:quick:${id}`]));
    // A retried post carries the form's key again: the same item (decision 0416).
    const again = await test.app.inject({
      method: 'POST',
      url: items,
      headers: { ...as('editor'), 'idempotency-key': itemKey },
      payload: { title: '示範：如何申請病蟲害診斷' },
    });
    expect(Number(again.json().data.id)).toBe(id);

    // Its file, listed under the item.
    const bytes = pdfOf('示範申請表');
    const fileId = await upload('editor', bytes, 'form-2026.pdf');
    published.length = 0;
    const addedFile = await test.app.inject({
      method: 'POST',
      url: files,
      headers: as('editor'),
      payload: { quick_id: id, name: '病蟲害診斷申請表', sort: 1, upload: fileId },
    });
    expect(addedFile.statusCode, addedFile.body).toBe(201);
    const quickFileId = Number(addedFile.json().data.id);
    expect(published).toEqual([[`reading-room:quick:${id}`]]);
    expect(await lastAudit('quick-file', quickFileId)).toMatchObject({
      action: 'quick-file.create',
      after: expect.objectContaining({ name: '病蟲害診斷申請表.pdf', quick_id: id }),
    });
    const [stored] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    expect(stored).toMatchObject({ status: 'attached', ownerMemberId: people.editor.id });
    // The same upload sent again (a retried post) is the same file.
    const retried = await test.app.inject({
      method: 'POST',
      url: files,
      headers: as('editor'),
      payload: { quick_id: id, name: '病蟲害診斷申請表', upload: fileId },
    });
    expect(Number(retried.json().data.id)).toBe(quickFileId);
    // The same document uploaded again (a double click on the form) is the same file too (decision 0277).
    const uploadedAgain = await upload('editor', pdfOf('示範申請表'), 'form-2026.pdf');
    expect(uploadedAgain).not.toBe(fileId);
    const doubled = await test.app.inject({
      method: 'POST',
      url: files,
      headers: as('editor'),
      payload: { quick_id: id, name: '病蟲害診斷申請表', upload: uploadedAgain },
    });
    expect(doubled.statusCode, doubled.body).toBeLessThan(300);
    expect(Number(doubled.json().data.id)).toBe(quickFileId);
    const listed = await test.app.inject({ url: `${files}?quick_id=${id}`, headers: as('editor') });
    expect(listed.json().data.rows).toEqual([
      expect.objectContaining({
        id: quickFileId,
        name: '病蟲害診斷申請表.pdf',
        quick_title: '示範：如何申請病蟲害診斷',
      }),
    ]);
    const itemRow = await test.app.inject({ url: `${items}/${id}`, headers: as('editor') });
    expect(itemRow.json().data).toMatchObject({ files: 1, state: 'draft', announce_time: '2026/03/01 09:30:00' });

    // A draft: not listed, no page, no download, for anyone without the preview.
    expect(await quickTitles()).not.toContain('示範：如何申請病蟲害診斷');
    expect((await test.app.inject({ url: `/quick/detail?id=${id}`, headers: as('editor') })).statusCode).toBe(404);
    expect((await test.app.inject({ url: `/files/quick/${id}/${quickFileId}` })).statusCode).toBe(404);
    expect((await test.app.inject({ url: '/sitemap.xml' })).body).not.toContain(`/quick/detail?id=${id}<`);
    const preview = await test.app.inject({ url: `/quick/detail?id=${id}&preview=1`, headers: as('editor') });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('這是尚未發布的草稿，訪客看不到這一頁。');
    expect(preview.body).toContain('病蟲害診斷申請表.pdf');
    expect(preview.body).toContain(`/files/quick/${id}/${quickFileId}?preview=1`);
    expect(preview.body).not.toContain('<script>alert(1)</script>');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    const previewFile = await test.app.inject({
      url: `/files/quick/${id}/${quickFileId}?preview=1`,
      headers: as('editor'),
    });
    expect(previewFile.statusCode).toBe(200);
    for (const person of [null, 'memberA', 'expert'] as const) {
      const refused = await test.app.inject({ url: `/quick/detail?id=${id}&preview=1`, headers: as(person) });
      expect(refused.statusCode, String(person)).toBe(404);
      const file = await test.app.inject({ url: `/files/quick/${id}/${quickFileId}?preview=1`, headers: as(person) });
      expect(file.statusCode, String(person)).toBe(404);
    }

    // Published: listed, on its page with its file, which downloads under its Chinese name.
    published.length = 0;
    const publish = await test.app.inject({ method: 'POST', url: `${items}/${id}/publish`, headers: as('editor') });
    expect(publish.statusCode, publish.body).toBeLessThan(300);
    expect(published.flat()).toEqual(expect.arrayContaining(['reading-room:quick', `reading-room:quick:${id}`]));
    expect(await lastAudit('quick-item', id)).toMatchObject({ action: 'quick-item.publish' });
    expect(await quickTitles()).toContain('示範：如何申請病蟲害診斷');
    const page = await test.app.inject({ url: `/quick/detail?id=${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('第一步：填寫申請表。');
    expect(page.body).toContain('病蟲害診斷申請表.pdf');
    expect(page.body).not.toContain('這是尚未發布的草稿');
    expect((await test.app.inject({ url: '/sitemap.xml' })).body).toContain(`/quick/detail?id=${id}<`);
    const download = await test.app.inject({ url: `/files/quick/${id}/${quickFileId}?download=1` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-disposition']).toContain(encodeURIComponent('病蟲害診斷申請表.pdf'));
    const entries = await test.app.db.select({ id: auditLog.id }).from(auditLog);
    await test.app.inject({ method: 'POST', url: `${items}/${id}/publish`, headers: as('editor') });
    expect(await test.app.db.select({ id: auditLog.id }).from(auditLog)).toHaveLength(entries.length);

    // An edit of the file replaces it; the replaced upload goes back to the cleanup.
    const replacement = pdfOf('示範申請表第二版');
    const secondId = await upload('editor', replacement, 'form-v2.pdf');
    const edited = await test.app.inject({
      method: 'PATCH',
      url: `${files}/${quickFileId}`,
      headers: as('editor'),
      payload: { name: '', sort: 1, upload: secondId },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [old] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    expect(old?.attachedAt).toBeNull();
    const [fileRow] = await test.app.db.select().from(quickFiles).where(eq(quickFiles.id, quickFileId));
    expect(fileRow).toMatchObject({ fileName: 'form-v2.pdf', size: replacement.length, storedFileId: secondId });
    expect((await test.app.inject({ url: `/files/quick/${id}/${quickFileId}` })).rawPayload.equals(replacement)).toBe(
      true,
    );
    expect((await lastAudit('quick-file', quickFileId))?.action).toBe('quick-file.update');

    // The item's text changes at once on its page.
    const retitled = await test.app.inject({
      method: 'PATCH',
      url: `${items}/${id}`,
      headers: as('editor'),
      payload: {
        title: '示範：病蟲害診斷申請步驟',
        content: '改寫後的說明。\n\n第二段：1 < 2 的比較。',
        state: 'published',
      },
    });
    expect(retitled.statusCode, retitled.body).toBe(200);
    const [kept] = await test.app.db.select().from(quickItems).where(eq(quickItems.id, id));
    expect(kept?.announceTime).toEqual(new Date('2026-03-01T01:30:00Z'));
    // Plain text: blank lines make paragraphs, the rest is text.
    expect((await test.app.inject({ url: `/quick/detail?id=${id}` })).body).toContain(
      '<p>改寫後的說明。</p><p>第二段：1 &lt; 2 的比較。</p>',
    );

    // Deleting the file, then the item.
    const fileRemoved = await test.app.inject({
      method: 'DELETE',
      url: `${files}/${quickFileId}`,
      headers: as('editor'),
    });
    expect(fileRemoved.statusCode).toBeLessThan(300);
    expect((await test.app.inject({ url: `/files/quick/${id}/${quickFileId}` })).statusCode).toBe(404);
    const [second] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, secondId));
    expect(second?.attachedAt).toBeNull();
    expect(await lastAudit('quick-file', quickFileId)).toMatchObject({ action: 'quick-file.delete' });
    const removed = await test.app.inject({ method: 'DELETE', url: `${items}/${id}`, headers: as('admin') });
    expect(removed.statusCode).toBeLessThan(300);
    expect(await lastAudit('quick-item', id)).toMatchObject({ action: 'quick-item.delete', actorId: people.admin.id });
    expect((await test.app.inject({ url: `/quick/detail?id=${id}` })).statusCode).toBe(404);
    expect(await quickTitles()).not.toContain('示範：病蟲害診斷申請步驟');
  });

  it('deleting an item takes its files with it; their uploads go back to the cleanup', async () => {
    const created = await test.app.inject({
      method: 'POST',
      url: items,
      headers: as('editor'),
      payload: { title: '示範：要刪除的說明', state: 'published' },
    });
    const id = Number(created.json().data.id);
    const fileId = await upload('editor', pdfOf('刪除'), '刪除.pdf');
    const added = await test.app.inject({
      method: 'POST',
      url: files,
      headers: as('editor'),
      payload: { quick_id: id, upload: fileId },
    });
    expect(added.statusCode, added.body).toBe(201);
    await test.app.inject({ method: 'DELETE', url: `${items}/${id}`, headers: as('editor') });
    expect(await test.app.db.select().from(quickFiles).where(eq(quickFiles.quickId, id))).toEqual([]);
    const [stored] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    expect(stored?.attachedAt).toBeNull();
    const entry = await lastAudit('quick-item', id);
    expect(entry?.before).toMatchObject({ files: 1 });
  });

  it('the admin screens: the files of an item are linked from it, the links list shows what to check', async () => {
    const [item] = await test.app.db.select({ id: quickItems.id }).from(quickItems).limit(1);
    const detail = await test.app.inject({ url: `/admin/quick-items/${item!.id}`, headers: as('editor') });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain(`/admin/quick-files?quick_id=${item!.id}`);
    expect(detail.body).toContain(`/quick/detail?id=${item!.id}&amp;preview=1`);
    const filesList = await test.app.inject({ url: `/admin/quick-files?quick_id=${item!.id}`, headers: as('editor') });
    expect(filesList.statusCode).toBe(200);
    expect(filesList.body).toContain(`/admin/quick-files/new?quick_id=${item!.id}`);
    const linksList = await test.app.inject({ url: '/admin/related-links', headers: as('editor') });
    expect(linksList.statusCode).toBe(200);
    expect(linksList.body).toContain('沒有人確認過');
    expect(linksList.body).toContain('已確認網址');
  });
});
