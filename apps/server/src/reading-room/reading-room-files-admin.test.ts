import { outsideTransactionScope } from '../platform/database/transaction-scope-check';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { features } from '../features';
import { auditLog } from '../platform/audit/audit-log.schema';
import { storedFiles } from '../platform/uploads/stored-files.schema';
import { removeUnnamedPublicCopies } from '../platform/uploads/public-copies';
import { multipartBody } from '../platform/uploads/test/multipart';
import { uploadJobNames } from '../platform/uploads/uploads-plugin';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signInPeople, type SignedInPerson, type TestPerson } from '../test/signed-in-people';
import { webBuildForTests, type WebBuild } from '../test/web-build';
import { ipmFiles, ipmSheets, newsPictures, publications, videos } from './schema';
import { readingRoomPictureCopies } from './services/reading-room-picture-copies';

const pdfOf = (text: string) =>
  Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

/** A photo as a phone sends it: with EXIF (a camera and a GPS position), which must not reach the public file. */
async function phonePhoto(colour: string, width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Field 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '120/1 0/1 0/1' },
    })
    .toBuffer();
}

type Card = { id: number; img: string | null; img_width: number | null; img_height: number | null };

/**
 * The reading room's files in /admin (decisions 0244–0245): cover pictures of IPM
 * sheets, publications and videos, and an IPM sheet's other files, each sent through the upload
 * pipeline and written by a service of the feature — validated beside the field, one transaction
 * with its audit entry, its cache tags published — and checked the way visitors meet it.
 */
describe('the reading room files in the admin', () => {
  let test: TestApp;
  let web: WebBuild;
  let people: Record<TestPerson, SignedInPerson>;
  const published: string[][] = [];
  const as = (person: TestPerson | null) => ({
    'sec-fetch-site': 'same-origin',
    ...(person ? people[person].headers : {}),
  });
  const resource = (name: string) => `/api/v1/admin/resources/${name}`;
  const upload = async (
    person: TestPerson,
    path: string,
    data: Buffer,
    fileName: string,
    contentType: string,
  ): Promise<{ statusCode: number; id: string; message: string }> => {
    const field = path.split('/').at(-1)!;
    const { payload, headers } = multipartBody([{ name: field, value: { fileName, contentType, data } }]);
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/v1/admin/uploads/${path}`,
      payload,
      headers: { ...as(person), ...headers },
    });
    const body = response.json<{ data?: { id: string }; error?: { message: string } }>();
    return { statusCode: response.statusCode, id: body.data?.id ?? '', message: body.error?.message ?? '' };
  };
  const photoUpload = async (resourceName: string, colour: string, width = 1600, height = 1000) => {
    const sent = await upload(
      'editor',
      `${resourceName}/cover`,
      await phonePhoto(colour, width, height),
      '封面.jpg',
      'image/jpeg',
    );
    expect(sent.statusCode, sent.message).toBe(201);
    return sent.id;
  };
  const pdfUpload = async (path: string, text: string, fileName = '資料.pdf', person: TestPerson = 'editor') => {
    const sent = await upload(person, path, pdfOf(text), fileName, 'application/pdf');
    expect(sent.statusCode, sent.message).toBe(201);
    return sent.id;
  };
  const call = async <T>(name: string, payload: Record<string, unknown> = {}): Promise<T> => {
    const response = await test.app.inject({ method: 'POST', url: `/api/info/${name}`, payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().d as T;
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
  const storedFile = async (id: string) =>
    (await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, id)))[0];

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

  it("an IPM sheet's cover: shown on its card at once, sized, without the photo's metadata; removed again", async () => {
    const cover = await photoUpload('ipm-sheets', '#2f7d4f');
    published.length = 0;
    const created = await test.app.inject({
      method: 'POST',
      url: resource('ipm-sheets'),
      headers: as('editor'),
      payload: {
        title: '示範：茶角盲椿象管理',
        category: '示範封面分類',
        state: 'published',
        pdf: await pdfUpload('ipm-sheets/pdf', '茶角盲椿象'),
        cover,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.id);
    expect(published.flat()).toEqual(expect.arrayContaining(['reading-room:ipm', `reading-room:ipm:${id}`]));
    const [row] = await test.app.db.select().from(ipmSheets).where(eq(ipmSheets.id, id));
    // The 1024-pixel variant of a 1600 × 1000 photo.
    expect(row).toMatchObject({ coverWidth: 1024, coverHeight: 640, coverFileId: cover });
    expect(await storedFile(cover)).toMatchObject({ status: 'attached', ownerMemberId: people.editor.id });
    expect(await lastAudit('ipm-sheet', id)).toMatchObject({
      action: 'ipm-sheet.create',
      after: expect.objectContaining({ cover, cover_image: '有（1024 × 640 像素）' }),
    });

    const card = (await call<Card[]>('ipmList')).find((sheet) => sheet.id === id);
    expect(card).toMatchObject({ img_width: 1024, img_height: 640 });
    const file = await test.app.inject({ url: `/files/public/${card!.img}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(file.rawPayload).metadata();
    expect(metadata).toMatchObject({ width: 1024, height: 640 });
    expect(metadata.exif).toBeUndefined();
    const page = await test.app.inject({ url: `/IPM?term=${encodeURIComponent('示範封面分類')}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(new RegExp(`src="/files/public/${card!.img}" width="1024" height="640"`));

    // A new picture and the remove box at once: which one is meant? Nothing is written.
    const both = await test.app.inject({
      method: 'PATCH',
      url: `${resource('ipm-sheets')}/${id}`,
      headers: as('editor'),
      payload: {
        title: '示範：茶角盲椿象管理',
        category: '示範封面分類',
        state: 'published',
        cover: await photoUpload('ipm-sheets', '#aa3333'),
        remove_cover: true,
      },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.issues).toEqual([
      { path: 'remove_cover', message: '請擇一：選擇新的封面圖片，或勾選移除封面圖片' },
    ]);
    expect((await call<Card[]>('ipmList')).find((sheet) => sheet.id === id)?.img).toBe(card!.img);

    // Saved without a picture, the cover stays; with the box ticked it is gone, its upload back to the cleanup.
    const kept = await test.app.inject({
      method: 'PATCH',
      url: `${resource('ipm-sheets')}/${id}`,
      headers: as('editor'),
      payload: { title: '示範：茶角盲椿象綜合管理', category: '示範封面分類', state: 'published' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await call<Card[]>('ipmList')).find((sheet) => sheet.id === id)?.img).toBe(card!.img);
    published.length = 0;
    const removed = await test.app.inject({
      method: 'PATCH',
      url: `${resource('ipm-sheets')}/${id}`,
      headers: as('editor'),
      payload: { title: '示範：茶角盲椿象綜合管理', category: '示範封面分類', state: 'published', remove_cover: true },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(published.flat()).toEqual(expect.arrayContaining(['reading-room:ipm', `reading-room:ipm:${id}`]));
    expect((await call<Card[]>('ipmList')).find((sheet) => sheet.id === id)).toMatchObject({
      img: null,
      img_width: null,
      img_height: null,
    });
    expect(await storedFile(cover)).toMatchObject({ status: 'pending', attachedAt: null });
    expect(await lastAudit('ipm-sheet', id)).toMatchObject({
      action: 'ipm-sheet.update',
      before: expect.objectContaining({ cover_image: '有（1024 × 640 像素）' }),
      after: expect.objectContaining({ cover: null, cover_image: '無' }),
    });
    const after = await test.app.inject({ url: `/IPM?term=${encodeURIComponent('示範封面分類')}` });
    expect(after.body).toContain('示範：茶角盲椿象綜合管理');
    expect(after.body).not.toContain(card!.img!);
  });

  it('a cover field takes photos only: a PDF or a disguised file is refused, in Chinese', async () => {
    const pdf = await upload('editor', 'publications/cover', pdfOf('not a photo'), '封面.pdf', 'application/pdf');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.message).toContain('選擇的檔案格式不符');
    const disguised = await upload('editor', 'videos/cover', pdfOf('still not a photo'), '封面.jpg', 'image/jpeg');
    expect(disguised.statusCode).toBe(415);
    expect(disguised.message).toContain('選擇的檔案格式不符');
    // A cover upload is not a PDF upload: the purposes keep them apart.
    const sheetPdf = await pdfUpload('ipm-sheets/pdf', 'pdf as cover');
    const refused = await test.app.inject({
      method: 'POST',
      url: resource('ipm-sheets'),
      headers: as('editor'),
      payload: {
        title: '示範：不會建立',
        category: '水稻',
        pdf: await pdfUpload('ipm-sheets/pdf', 'x'),
        cover: sheetPdf,
      },
    });
    expect(refused.statusCode).toBe(400);
    expect((await test.app.db.select().from(ipmSheets).where(eq(ipmSheets.title, '示範：不會建立'))).length).toBe(0);
  });

  it("a seeded publication's cover replaced and a new video's cover: their lists show them at once", async () => {
    const [seeded] = await test.app.db.select().from(publications).where(eq(publications.status, 1)).limit(1);
    expect(seeded?.coverPic).toBeTruthy();
    const form = (
      await test.app.inject({ url: `${resource('publications')}/${seeded!.id}`, headers: as('editor') })
    ).json().data as Record<string, unknown>;
    expect(form.cover).toBeNull();
    const cover = await photoUpload('publications', '#1f4e79', 600, 900);
    published.length = 0;
    const edited = await test.app.inject({
      method: 'PATCH',
      url: `${resource('publications')}/${seeded!.id}`,
      headers: as('editor'),
      payload: { title: form.title, detail: form.detail, state: form.state, cover },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(published.flat()).toEqual(
      expect.arrayContaining(['reading-room:publications', `reading-room:publication:${seeded!.id}`]),
    );
    const listed = (await call<Card[]>('pub')).find((item) => item.id === seeded!.id);
    // Smaller than 1024 on its long side: kept as it is.
    expect(listed).toMatchObject({ img_width: 600, img_height: 900 });
    expect(listed?.img).not.toBe(seeded!.coverPic);
    expect((await test.app.inject({ url: `/files/public/${listed!.img}` })).statusCode).toBe(200);
    // The seed's file stays where the seed put it.
    expect((await test.app.inject({ url: `/files/public/${seeded!.coverPic}` })).statusCode).toBe(200);
    expect(await lastAudit('publication', seeded!.id)).toMatchObject({
      action: 'publication.update',
      after: expect.objectContaining({ cover }),
    });

    const videoCover = await photoUpload('videos', '#7a5c1e', 1200, 800);
    const created = await test.app.inject({
      method: 'POST',
      url: resource('videos'),
      headers: as('editor'),
      payload: {
        title: '示範：封面影片',
        youtube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        state: 'published',
        cover: videoCover,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const videoId = Number(created.json().data.id);
    expect((await call<Card[]>('video')).find((item) => item.id === videoId)).toMatchObject({
      img_width: 1024,
      img_height: 683,
    });
    const videoPage = await test.app.inject({ url: '/video' });
    expect(videoPage.body).toMatch(/width="1024" height="683"/);
    // A deleted video gives its cover's upload back to the cleanup.
    await test.app.inject({ method: 'DELETE', url: `${resource('videos')}/${videoId}`, headers: as('admin') });
    expect(await test.app.db.select().from(videos).where(eq(videos.id, videoId))).toEqual([]);
    expect(await storedFile(videoCover)).toMatchObject({ attachedAt: null });
  });

  it("an IPM sheet's other files: added, named, ordered, replaced and deleted; its page lists them at once", async () => {
    const files = resource('ipm-files');
    const created = await test.app.inject({
      method: 'POST',
      url: resource('ipm-sheets'),
      headers: as('editor'),
      payload: {
        title: '示範：番茄晚疫病管理',
        category: '蔬菜',
        state: 'published',
        pdf: await pdfUpload('ipm-sheets/pdf', '番茄晚疫病'),
      },
    });
    const ipmId = Number(created.json().data.id);
    const sheet = (await test.app.inject({ url: `${resource('ipm-sheets')}/${ipmId}`, headers: as('editor') })).json();
    expect(sheet.data.id).toBe(ipmId);
    const others = () =>
      call<Array<{ id: number; Name: string; Type: string; size: number; url: string }>>('ipmOtherList', { a1: ipmId });

    // Refused beside the fields: no file, no such sheet, a negative order.
    const blank = await test.app.inject({
      method: 'POST',
      url: files,
      headers: as('editor'),
      payload: { ipm_id: ipmId, sort: -1 },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.issues).toEqual(
      expect.arrayContaining([
        { path: 'sort', message: '排序不可小於 0' },
        { path: 'upload', message: '請選擇檔案' },
      ]),
    );
    const unknown = await test.app.inject({
      method: 'POST',
      url: files,
      headers: as('editor'),
      payload: { ipm_id: 999_999, upload: await pdfUpload('ipm-files/upload', 'orphan') },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.issues).toEqual([{ path: 'ipm_id', message: '找不到這份 IPM 技術資料' }]);
    // A photo is no document: refused by the pipeline.
    const photo = await upload(
      'editor',
      'ipm-files/upload',
      await phonePhoto('#ffffff', 40, 40),
      '防治曆.jpg',
      'image/jpeg',
    );
    expect(photo.statusCode).toBe(415);
    expect(photo.message).toContain('選擇的檔案格式不符');

    const bytes = pdfOf('番茄晚疫病防治曆');
    const first = await pdfUpload('ipm-files/upload', '番茄晚疫病防治曆', 'calendar-v1.pdf');
    published.length = 0;
    const added = await test.app.inject({
      method: 'POST',
      url: files,
      headers: as('editor'),
      payload: { ipm_id: ipmId, name: '番茄晚疫病防治曆.docx', sort: 2, upload: first },
    });
    expect(added.statusCode, added.body).toBe(201);
    const fileId = Number(added.json().data.id);
    expect(published.flat()).toEqual([`reading-room:ipm:${ipmId}`]);
    // The name keeps the type its content was checked as, whatever the editor typed.
    expect(await others()).toEqual([
      expect.objectContaining({ id: fileId, Name: '番茄晚疫病防治曆.pdf', Type: 'pdf', size: bytes.length }),
    ]);
    const download = await test.app.inject({ url: `/files/ipm/${ipmId}/${fileId}?download=1` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-disposition']).toContain(encodeURIComponent('番茄晚疫病防治曆.pdf'));
    expect(await lastAudit('ipm-file', fileId)).toMatchObject({
      action: 'ipm-file.create',
      actorId: people.editor.id,
      after: expect.objectContaining({ ipm_id: ipmId, name: '番茄晚疫病防治曆.pdf', upload: first }),
    });
    expect((await test.app.inject({ url: `/IPM/detail?id=${ipmId}` })).body).toContain('番茄晚疫病防治曆.pdf');

    // The same document again (a double click, a retried post) is the same file.
    const again = await test.app.inject({
      method: 'POST',
      url: files,
      headers: as('editor'),
      payload: { ipm_id: ipmId, sort: 2, upload: await pdfUpload('ipm-files/upload', '番茄晚疫病防治曆') },
    });
    expect(Number(again.json().data.id)).toBe(fileId);

    // A second file, listed first by its order; the list filtered by sheet is what the sheet links to.
    const slides = await test.app.inject({
      method: 'POST',
      url: files,
      headers: as('editor'),
      payload: { ipm_id: ipmId, sort: 1, upload: await pdfUpload('ipm-files/upload', '簡報', '講習簡報.pdf') },
    });
    const slidesId = Number(slides.json().data.id);
    expect((await others()).map((file) => file.Name)).toEqual(['講習簡報.pdf', '番茄晚疫病防治曆.pdf']);
    const listed = await test.app.inject({ url: `${files}?ipm_id=${ipmId}`, headers: as('editor') });
    expect(listed.json().data.rows.map((row: { id: number }) => row.id)).toEqual([slidesId, fileId]);

    // Renamed, reordered and replaced: the old upload goes back to the cleanup.
    const replacement = pdfOf('番茄晚疫病防治曆第二版');
    const second = await pdfUpload('ipm-files/upload', '番茄晚疫病防治曆第二版', 'v2.pdf');
    const edited = await test.app.inject({
      method: 'PATCH',
      url: `${files}/${fileId}`,
      headers: as('editor'),
      payload: { name: '防治曆（第二版）', sort: 0, upload: second },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await others()).map((file) => file.Name)).toEqual(['防治曆（第二版）.pdf', '講習簡報.pdf']);
    expect((await test.app.inject({ url: `/files/ipm/${ipmId}/${fileId}` })).rawPayload.equals(replacement)).toBe(true);
    expect(await storedFile(first)).toMatchObject({ status: 'pending', attachedAt: null });
    expect(await lastAudit('ipm-file', fileId)).toMatchObject({
      action: 'ipm-file.update',
      before: expect.objectContaining({ name: '番茄晚疫病防治曆.pdf' }),
      after: expect.objectContaining({ name: '防治曆（第二版）.pdf', sort: 0 }),
    });

    published.length = 0;
    const removed = await test.app.inject({ method: 'DELETE', url: `${files}/${slidesId}`, headers: as('admin') });
    expect(removed.statusCode).toBeLessThan(300);
    expect(published.flat()).toEqual([`reading-room:ipm:${ipmId}`]);
    expect((await others()).map((file) => file.id)).toEqual([fileId]);
    expect((await test.app.inject({ url: `/files/ipm/${ipmId}/${slidesId}` })).statusCode).toBe(404);
    expect(await lastAudit('ipm-file', slidesId)).toMatchObject({
      action: 'ipm-file.delete',
      actorId: people.admin.id,
    });
    const page = await test.app.inject({ url: `/IPM/detail?id=${ipmId}` });
    expect(page.body).not.toContain('講習簡報.pdf');

    // Deleting the sheet takes its files with it and gives their uploads back to the cleanup.
    await test.app.inject({ method: 'DELETE', url: `${resource('ipm-sheets')}/${ipmId}`, headers: as('admin') });
    expect(await test.app.db.select().from(ipmFiles).where(eq(ipmFiles.ipmId, ipmId))).toEqual([]);
    expect(await storedFile(second)).toMatchObject({ attachedAt: null });
  });

  it('a file added while its IPM sheet is being deleted is refused beside the field, never a 500', async () => {
    const created = await test.app.inject({
      method: 'POST',
      url: resource('ipm-sheets'),
      headers: as('editor'),
      payload: {
        title: '示範：刪除中的資料',
        category: '蔬菜',
        state: 'draft',
        pdf: await pdfUpload('ipm-sheets/pdf', '刪除中的資料'),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ipmId = Number(created.json().data.id);
    const file = await pdfUpload('ipm-files/upload', '刪除中');
    let added: Promise<LightMyRequestResponse> | undefined;
    // Another editor's delete holds the sheet's row while the add comes in.
    await test.app.db.transaction(async (tx) => {
      await tx.select({ id: ipmSheets.id }).from(ipmSheets).where(eq(ipmSheets.id, ipmId)).for('update');
      // Another request, so outside this transaction (decision 0333).
      added = outsideTransactionScope(() =>
        test.app.inject({
          method: 'POST',
          url: resource('ipm-files'),
          headers: as('editor'),
          payload: { ipm_id: ipmId, upload: file },
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      await tx.delete(ipmSheets).where(eq(ipmSheets.id, ipmId));
    });
    const response = await added!;
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.issues).toEqual([{ path: 'ipm_id', message: '找不到這份 IPM 技術資料' }]);
    expect(await test.app.db.select().from(ipmFiles).where(eq(ipmFiles.ipmId, ipmId))).toEqual([]);
  });

  it("a news item's pictures and attachments: added with alt text, ordered, replaced, removed; its page and lists at once", async () => {
    const pictures = resource('news-pictures');
    const attachments = resource('news-files');
    const created = await test.app.inject({
      method: 'POST',
      url: resource('news'),
      headers: as('editor'),
      payload: { title: '示範：果園草生栽培觀摩會', class: 'fruit', summary: '觀摩會報名開始。', state: 'published' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const newsId = Number(created.json().data.id);
    const detail = async () => {
      const response = await test.app.inject({ url: `/api/v1/news/${newsId}` });
      expect(response.statusCode).toBe(200);
      return response.json().data as {
        pics: Array<{ file: string; alt: string; width: number; height: number }>;
        files: Array<{ id: number; name: string; type: string; size: number; url: string }>;
      };
    };
    const listed = async () => {
      const response = await test.app.inject({ url: '/api/v1/news?pageSize=100' });
      return (response.json().data as Array<{ id: number; pics: Array<{ alt: string }> }>).find(
        (item) => item.id === newsId,
      );
    };
    const photo = async (colour: string, width = 1600, height = 1200) => {
      const sent = await upload(
        'editor',
        'news-pictures/upload',
        await phonePhoto(colour, width, height),
        '觀摩會.jpg',
        'image/jpeg',
      );
      expect(sent.statusCode, sent.message).toBe(201);
      return sent.id;
    };

    // Refused beside the fields: no alt text, no photo; a document is no picture.
    const blank = await test.app.inject({
      method: 'POST',
      url: pictures,
      headers: as('editor'),
      payload: { news_id: newsId, alt: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.issues).toEqual(
      expect.arrayContaining([
        { path: 'alt', message: '請輸入圖片說明' },
        { path: 'upload', message: '請選擇檔案' },
      ]),
    );
    const notAPhoto = await upload('editor', 'news-pictures/upload', pdfOf('no'), '圖.pdf', 'application/pdf');
    expect(notAPhoto.statusCode).toBe(415);
    expect(notAPhoto.message).toContain('選擇的檔案格式不符');

    const first = await photo('#3a7d44');
    published.length = 0;
    const added = await test.app.inject({
      method: 'POST',
      url: pictures,
      headers: as('editor'),
      payload: { news_id: newsId, alt: '農友在果園觀察草生栽培', sort: 2, upload: first },
    });
    expect(added.statusCode, added.body).toBe(201);
    const pictureId = Number(added.json().data.id);
    expect(published.flat()).toEqual(expect.arrayContaining(['reading-room:news', `reading-room:news:${newsId}`]));
    expect((await detail()).pics).toEqual([
      {
        file: expect.stringMatching(/^reading-room\/news\/[0-9a-f]{64}\.jpg$/),
        alt: '農友在果園觀察草生栽培',
        width: 1024,
        height: 768,
      },
    ]);
    expect((await listed())?.pics.map((pic) => pic.alt)).toEqual(['農友在果園觀察草生栽培']);
    const file = await test.app.inject({ url: `/files/public/${(await detail()).pics[0]!.file}` });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    expect(await lastAudit('news-picture', pictureId)).toMatchObject({
      action: 'news-picture.create',
      actorId: people.editor.id,
      after: expect.objectContaining({ news_id: newsId, alt: '農友在果園觀察草生栽培', upload: first }),
    });
    const page = await test.app.inject({ url: `/news/detail?id=${newsId}` });
    expect(page.body).toContain('alt="農友在果園觀察草生栽培"');
    // The same photo again (a double click) is the same picture.
    const again = await test.app.inject({
      method: 'POST',
      url: pictures,
      headers: as('editor'),
      payload: { news_id: newsId, alt: '農友在果園觀察草生栽培', sort: 2, upload: await photo('#3a7d44') },
    });
    expect(Number(again.json().data.id)).toBe(pictureId);

    // A second picture first in order; the first one's alt text and photo changed.
    const second = await test.app.inject({
      method: 'POST',
      url: pictures,
      headers: as('editor'),
      payload: { news_id: newsId, alt: '觀摩會報到處', sort: 1, upload: await photo('#8a5a2b', 800, 600) },
    });
    const secondId = Number(second.json().data.id);
    expect((await detail()).pics.map((pic) => pic.alt)).toEqual(['觀摩會報到處', '農友在果園觀察草生栽培']);
    const replacement = await photo('#1d3f8a');
    const edited = await test.app.inject({
      method: 'PATCH',
      url: `${pictures}/${pictureId}`,
      headers: as('editor'),
      payload: { alt: '草生栽培的果園一角', sort: 0, upload: replacement },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await detail()).pics.map((pic) => pic.alt)).toEqual(['草生栽培的果園一角', '觀摩會報到處']);
    expect(await storedFile(first)).toMatchObject({ status: 'pending', attachedAt: null });
    expect(await lastAudit('news-picture', pictureId)).toMatchObject({
      action: 'news-picture.update',
      before: expect.objectContaining({ alt: '農友在果園觀察草生栽培' }),
      after: expect.objectContaining({ alt: '草生栽培的果園一角', upload: replacement }),
    });
    published.length = 0;
    const removedPicture = await test.app.inject({
      method: 'DELETE',
      url: `${pictures}/${secondId}`,
      headers: as('editor'),
    });
    expect(removedPicture.statusCode).toBeLessThan(300);
    expect(published.flat()).toEqual(expect.arrayContaining(['reading-room:news', `reading-room:news:${newsId}`]));
    expect((await detail()).pics.map((pic) => pic.alt)).toEqual(['草生栽培的果園一角']);
    expect(await lastAudit('news-picture', secondId)).toMatchObject({ action: 'news-picture.delete' });

    // Attachments: named, numbered within the item (their download address), ordered, removed.
    const wrongType = await upload(
      'editor',
      'news-files/upload',
      await phonePhoto('#fff', 20, 20),
      '表.jpg',
      'image/jpeg',
    );
    expect(wrongType.statusCode).toBe(415);
    const unknown = await test.app.inject({
      method: 'POST',
      url: attachments,
      headers: as('editor'),
      payload: { news_id: 999_999, upload: await pdfUpload('news-files/upload', 'orphan') },
    });
    expect(unknown.json().error.issues).toEqual([{ path: 'news_id', message: '找不到這則消息' }]);
    const agenda = pdfOf('觀摩會議程');
    published.length = 0;
    const attached = await test.app.inject({
      method: 'POST',
      url: attachments,
      headers: as('editor'),
      payload: {
        news_id: newsId,
        name: '觀摩會議程',
        sort: 1,
        upload: await pdfUpload('news-files/upload', '觀摩會議程'),
      },
    });
    expect(attached.statusCode, attached.body).toBe(201);
    const agendaId = Number(attached.json().data.id);
    expect(published.flat()).toEqual([`reading-room:news:${newsId}`]);
    const form = await test.app.inject({
      method: 'POST',
      url: attachments,
      headers: as('editor'),
      payload: { news_id: newsId, sort: 0, upload: await pdfUpload('news-files/upload', '報名表', '報名表.pdf') },
    });
    const formId = Number(form.json().data.id);
    const { files } = await detail();
    expect(files.map((item) => [item.name, item.type, item.id])).toEqual([
      ['報名表.pdf', 'pdf', 2],
      ['觀摩會議程.pdf', 'pdf', 1],
    ]);
    const download = await test.app.inject({ url: files[1]!.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(agenda)).toBe(true);
    expect(download.headers['content-disposition']).toContain(encodeURIComponent('觀摩會議程.pdf'));
    expect((await test.app.inject({ url: `/news/detail?id=${newsId}` })).body).toContain('觀摩會議程.pdf');
    expect(await lastAudit('news-file', agendaId)).toMatchObject({
      action: 'news-file.create',
      after: expect.objectContaining({ name: '觀摩會議程.pdf' }),
    });
    const renamed = await test.app.inject({
      method: 'PATCH',
      url: `${attachments}/${agendaId}`,
      headers: as('editor'),
      payload: { name: '觀摩會議程（修訂）', sort: 5 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await detail()).files.map((item) => item.name)).toEqual(['報名表.pdf', '觀摩會議程（修訂）.pdf']);
    expect(await lastAudit('news-file', agendaId)).toMatchObject({ action: 'news-file.update' });
    const removedFile = await test.app.inject({
      method: 'DELETE',
      url: `${attachments}/${formId}`,
      headers: as('admin'),
    });
    expect(removedFile.statusCode).toBeLessThan(300);
    expect((await detail()).files.map((item) => item.id)).toEqual([1]);
    expect((await test.app.inject({ url: `/files/news/${newsId}/2` })).statusCode).toBe(404);
    expect(await lastAudit('news-file', formId)).toMatchObject({
      action: 'news-file.delete',
      actorId: people.admin.id,
    });

    // Deleting the item takes its pictures and attachments along, their uploads back to the cleanup.
    await test.app.inject({ method: 'DELETE', url: `${resource('news')}/${newsId}`, headers: as('admin') });
    expect(await storedFile(replacement)).toMatchObject({ attachedAt: null });
    expect(
      (await test.app.inject({ url: `${pictures}?news_id=${newsId}`, headers: as('editor') })).json().data.total,
    ).toBe(0);
  });

  it('a picture no cover or news item names any more leaves /files/public/ at once; one named elsewhere stays', async () => {
    const sheet = async (title: string) => {
      const created = await test.app.inject({
        method: 'POST',
        url: resource('ipm-sheets'),
        headers: as('editor'),
        payload: {
          title,
          category: '示範公開圖片',
          state: 'published',
          pdf: await pdfUpload('ipm-sheets/pdf', title),
          // The same photo sent for both sheets: one public copy.
          cover: await photoUpload('ipm-sheets', '#3a6f9e'),
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      return Number(created.json().data.id);
    };
    const first = await sheet('示範：公開圖片一');
    const second = await sheet('示範：公開圖片二');
    const covers = await test.app.db.select({ coverPic: ipmSheets.coverPic }).from(ipmSheets);
    const [{ coverPic }] = (await test.app.db
      .select({ coverPic: ipmSheets.coverPic })
      .from(ipmSheets)
      .where(eq(ipmSheets.id, first))) as [{ coverPic: string }];
    expect(covers.filter((row) => row.coverPic === coverPic)).toHaveLength(2);
    const copy = `/files/public/${coverPic}`;
    const served = async () => (await test.app.inject({ url: copy })).statusCode;
    expect(await served()).toBe(200);

    // Taken off one sheet, the other still shows it.
    const removed = await test.app.inject({
      method: 'PATCH',
      url: `${resource('ipm-sheets')}/${first}`,
      headers: as('editor'),
      payload: { title: '示範：公開圖片一', category: '示範公開圖片', state: 'published', remove_cover: true },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await served()).toBe(200);
    // Its last sheet deleted: nothing names it, and its address answers 404 at once.
    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `${resource('ipm-sheets')}/${second}`,
      headers: as('admin'),
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await served()).toBe(404);
    // The hourly job finds nothing left to do.
    expect(await removeUnnamedPublicCopies(test.app.db, test.app.storage, readingRoomPictureCopies)).toBe(0);
    // A copy the write could not remove (its storage was down): the upload pipeline's hourly job does.
    await test.app.storage.put(`public/${coverPic}`, Buffer.from('left behind'));
    expect(await served()).toBe(200);
    await test.app.jobs.enqueue(uploadJobNames.removeStale, {});
    await expect.poll(served, { timeout: 20_000 }).toBe(404);

    // A news item's picture, replaced: the old copy goes, the new one is served.
    const news = await test.app.inject({
      method: 'POST',
      url: resource('news'),
      headers: as('editor'),
      payload: { title: '示範：公開圖片消息', class: 'fruit', summary: '圖片替換。', state: 'published' },
    });
    const newsPhoto = async (colour: string) => {
      const sent = await upload(
        'editor',
        'news-pictures/upload',
        await phonePhoto(colour, 800, 600),
        '圖.jpg',
        'image/jpeg',
      );
      expect(sent.statusCode, sent.message).toBe(201);
      return sent.id;
    };
    const added = await test.app.inject({
      method: 'POST',
      url: resource('news-pictures'),
      headers: as('editor'),
      payload: { news_id: Number(news.json().data.id), alt: '替換前的圖片', upload: await newsPhoto('#5a8f3c') },
    });
    expect(added.statusCode, added.body).toBe(201);
    const pictureId = Number(added.json().data.id);
    const fileOf = async () =>
      (await test.app.db.select().from(newsPictures).where(eq(newsPictures.id, pictureId)))[0]!.file;
    const before = await fileOf();
    const replaced = await test.app.inject({
      method: 'PATCH',
      url: `${resource('news-pictures')}/${pictureId}`,
      headers: as('editor'),
      payload: { alt: '替換後的圖片', sort: 0, upload: await newsPhoto('#8f3c5a') },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = await fileOf();
    expect(after).not.toBe(before);
    expect((await test.app.inject({ url: `/files/public/${before}` })).statusCode).toBe(404);
    expect((await test.app.inject({ url: `/files/public/${after}` })).statusCode).toBe(200);
  });

  it('is for editors and admins: experts and members are refused, visitors asked to sign in', async () => {
    for (const person of ['memberA', 'expert'] as const) {
      expect((await test.app.inject({ url: resource('ipm-files'), headers: as(person) })).statusCode).toBe(403);
      const write = await test.app.inject({
        method: 'POST',
        url: resource('ipm-files'),
        headers: as(person),
        payload: { ipm_id: 1 },
      });
      expect(write.statusCode).toBe(403);
      const sent = await upload(person, 'ipm-sheets/cover', await phonePhoto('#000000', 20, 20), 'c.jpg', 'image/jpeg');
      expect(sent.statusCode).toBe(403);
    }
    for (const name of ['ipm-files', 'news-pictures', 'news-files']) {
      for (const person of ['memberA', 'expert'] as const) {
        expect((await test.app.inject({ url: resource(name), headers: as(person) })).statusCode).toBe(403);
      }
      expect((await test.app.inject({ url: resource(name) })).statusCode).toBe(401);
      expect((await test.app.inject({ url: resource(name), headers: as('editor') })).statusCode).toBe(200);
    }
  });
});
