import { buffer } from 'node:stream/consumers';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { ipmFiles, ipmSheets, news, newsFiles, publications, quickFiles, videos } from './schema';

describe('reading-room file downloads', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp();
  });
  afterAll(() => test.close());

  const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url, headers });

  async function storedBytes(key: string) {
    return buffer(test.app.storage.read(key));
  }

  it('serves an IPM sheet PDF inline with its Chinese name (RFC 6266/5987)', async () => {
    const [sheet] = await test.app.db.select().from(ipmSheets).where(eq(ipmSheets.id, 1));
    const response = await get('/files/ipm/1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="?????????.pdf"; filename*=UTF-8''${encodeURIComponent('水稻福壽螺整合管理.pdf')}`,
    );
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers.etag).toBeTruthy();
    expect(response.headers['last-modified']).toBeTruthy();
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.equals(await storedBytes(sheet?.pdfKey ?? ''))).toBe(true);
  });

  it('asks the browser to save the file with ?download=1', async () => {
    const response = await get('/files/ipm/1?download=1');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".*"; filename\*=UTF-8''/);
  });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const [publication] = await test.app.db.select().from(publications).where(eq(publications.id, 2));
    const whole = await storedBytes(publication?.pdfKey ?? '');
    const response = await get('/files/publication/2', { range: 'bytes=100-299' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 100-299/${whole.length}`);
    expect(response.headers['content-length']).toBe('200');
    expect(response.rawPayload.equals(whole.subarray(100, 300))).toBe(true);
  });

  it('serves a video clip as video/webm, whole (200) or by Range (206) for seeking', async () => {
    const [video] = await test.app.db.select().from(videos).where(eq(videos.id, 1));
    const whole = await storedBytes(video?.clipKey ?? '');
    const response = await get('/files/video/1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/webm');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-disposition']).toContain(encodeURIComponent(`${video?.title}.webm`));
    expect(response.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(response.rawPayload.equals(whole)).toBe(true);

    // What a <video> element sends first, then a seek into the middle.
    const open = await get('/files/video/1', { range: 'bytes=0-' });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes 0-${whole.length - 1}/${whole.length}`);
    const seek = await get('/files/video/1', { range: `bytes=${whole.length - 1000}-` });
    expect(seek.statusCode).toBe(206);
    expect(seek.headers['content-type']).toBe('video/webm');
    expect(seek.rawPayload.equals(whole.subarray(whole.length - 1000))).toBe(true);
    expect((await get('/files/video/1', { range: `bytes=${whole.length}-` })).statusCode).toBe(416);
  });

  it('revalidates with the ETag (304)', async () => {
    const first = await get('/files/publication/3');
    const again = await get('/files/publication/3', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('serves IPM other files, quick-start attachments and news files under their own names', async () => {
    const [ipmFile] = await test.app.db.select().from(ipmFiles).where(eq(ipmFiles.ipmId, 1)).orderBy(ipmFiles.sort);
    const csv = await get(`/files/ipm/1/${ipmFile?.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(encodeURIComponent('福壽螺田間調查紀錄表.csv'));
    expect(csv.body.startsWith('\uFEFF調查日期')).toBe(true);

    const [quickFile] = await test.app.db.select().from(quickFiles).where(eq(quickFiles.quickId, 1));
    const handout = await get(`/files/quick/1/${quickFile?.id}?download=1`);
    expect(handout.statusCode).toBe(200);
    expect(handout.headers['content-disposition']).toContain(encodeURIComponent(quickFile?.fileName ?? ''));

    const [newsFile] = await test.app.db
      .select()
      .from(newsFiles)
      .where(and(eq(newsFiles.newsId, 1), eq(newsFiles.number, 1)));
    const attachment = await get('/files/news/1/1');
    expect(attachment.statusCode).toBe(200);
    expect(attachment.headers['content-disposition']).toContain(encodeURIComponent(newsFile?.fileName ?? '-'));
  });

  it('answers HEAD with the headers only', async () => {
    const response = await test.app.inject({ method: 'HEAD', url: '/files/ipm/2' });
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['content-length'])).toBeGreaterThan(1000);
    expect(response.body).toBe('');
  });

  it('404s for unknown records, files of another record and hidden records', async () => {
    const [ipmFile] = await test.app.db.select().from(ipmFiles).where(eq(ipmFiles.ipmId, 1));
    const [newsFile] = await test.app.db.select().from(newsFiles).where(eq(newsFiles.newsId, 1));
    const [hidden] = await test.app.db
      .insert(news)
      .values({ status: 0, class: 'fruit', title: '草稿' })
      .returning({ id: news.id });
    // A draft's attachment exists, but not for visitors.
    await test.app.db.insert(newsFiles).values({
      newsId: hidden!.id,
      number: 1,
      storageKey: newsFile!.storageKey,
      fileName: '草稿附件.pdf',
      size: newsFile!.size,
    });
    await test.app.db.update(videos).set({ status: 0 }).where(eq(videos.id, 2));
    const [hiddenVideo] = await test.app.db.select().from(videos).where(eq(videos.status, 0));
    for (const url of [
      '/files/ipm/99999',
      `/files/ipm/2/${ipmFile?.id}`,
      '/files/ipm/1/99999',
      '/files/publication/0',
      '/files/quick/1/99999',
      '/files/news/1/2',
      `/files/news/${hidden?.id}/1`,
      '/files/video/99999',
      `/files/video/${hiddenVideo?.id}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: '找不到檔案' } });
    }
  });

  it('404s when the stored file itself is gone', async () => {
    const [sheet] = await test.app.db.select().from(ipmSheets).where(eq(ipmSheets.id, 3));
    await test.app.storage.remove(sheet?.pdfKey ?? '');
    expect((await get('/files/ipm/3')).statusCode).toBe(404);
  });

  it.each([
    '/files/ipm/..%2F..%2Fdb%2FPG_VERSION',
    '/files/ipm/1/..%2F..%2F..%2Fetc%2Fpasswd',
    '/files/ipm/%2e%2e/1',
    '/files/publication/..%5C..%5Cetc%5Cpasswd',
    '/files/quick/1/%00',
    '/files/news/1/1%2F..%2F..',
    '/files/video/..%2F..%2Fdb%2FPG_VERSION',
    '/files/ipm/1.5',
    '/files/ipm/-1',
  ])('refuses %s without reading outside the storage root', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('PG_VERSION');
    expect(response.headers['content-type']).toContain('application/json');
  });
});
