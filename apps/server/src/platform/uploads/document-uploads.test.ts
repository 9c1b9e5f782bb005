import { uploadMessages, wrongFileTypeMessage } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { removeStaleUploads } from './remove-stale-uploads';
import { storedFiles } from './stored-files.schema';
import { multipartBody, type FormPart } from './test/multipart';
import { uploadTestFeature } from './test/upload-test-feature';

interface DocumentAnswer {
  data: {
    fields: Record<string, string>;
    files: Array<{ id: string; fieldName: string; contentType: string; fileName: string }>;
  };
}

/** A small but real PDF: what file-type recognises by its signature. */
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const utf8Csv = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('作物名稱,病蟲名稱\n番茄,番茄晚疫病\n')]);
// 「番茄」 in Big5: bytes no UTF-8 decoder accepts.
const big5Csv = Buffer.from([0xb5, 0x66, 0xaa, 0x58, 0x2c, 0x41, 0x0a]);

const file = (fileName: string, data: Buffer, contentType = 'application/octet-stream'): FormPart['value'] => ({
  fileName,
  contentType,
  data,
});

describe('documents through the upload pipeline', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false' }, { features: [uploadTestFeature] });
  });
  afterAll(() => test.close());

  const send = (parts: FormPart[]) => {
    const { payload, headers } = multipartBody(parts);
    return test.app.inject({
      method: 'POST',
      url: '/api/v1/test-uploads/documents',
      payload,
      headers,
      remoteAddress: '203.0.113.40',
    });
  };
  const rowOf = async (id: string) => (await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, id)))[0];

  it('keeps a PDF byte for byte and serves it in place as a PDF, each field by its own policy', async () => {
    const cover = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6a3a' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'OfficeCam' } })
      .toBuffer();
    const response = await send([
      { name: 'title', value: '番茄晚疫病防治' },
      { name: 'sheet', value: file('番茄晚疫病.pdf', pdf, 'application/pdf') },
      { name: 'cover', value: file('cover.jpg', cover, 'image/jpeg') },
    ]);
    expect(response.statusCode).toBe(200);
    const { fields, files } = response.json<DocumentAnswer>().data;
    expect(fields.title).toBe('番茄晚疫病防治');
    const sheet = files.find((received) => received.fieldName === 'sheet');
    const photo = files.find((received) => received.fieldName === 'cover');
    expect(sheet).toMatchObject({ contentType: 'application/pdf', fileName: '番茄晚疫病.pdf' });
    expect(photo?.contentType).toBe('image/jpeg');
    const row = await rowOf(sheet!.id);
    expect(row).toMatchObject({ purpose: 'test-document', sourceType: 'application/pdf', width: null });
    expect(row?.storageKey).toMatch(/^uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.pdf$/);

    const served = await test.app.inject({ method: 'GET', url: `/files/test-uploads/${sheet!.id}/full` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect(served.headers['content-security-policy']).toBeUndefined();
    // The photo beside it was still re-encoded (its camera's name gone).
    const servedCover = await test.app.inject({ method: 'GET', url: `/files/test-uploads/${photo!.id}/full` });
    expect((await sharp(servedCover.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('takes a UTF-8 CSV and sends it back only as a download, never as a page', async () => {
    const response = await send([{ name: 'sheet', value: file('pesticides_2022-07-01.csv', utf8Csv, 'text/csv') }]);
    expect(response.statusCode).toBe(200);
    const [csv] = response.json<DocumentAnswer>().data.files;
    expect(csv?.contentType).toBe('text/csv; charset=utf-8');
    const served = await test.app.inject({ method: 'GET', url: `/files/test-uploads/${csv!.id}/full` });
    expect(served.rawPayload.equals(utf8Csv)).toBe(true);
    expect(served.headers['content-disposition']).toMatch(/^attachment/);
    expect(served.headers['content-security-policy']).toBe('sandbox');
  });

  it('refuses, beside the field and keeping what was typed: a CSV not in UTF-8, an HTML page named .pdf, a PDF as the photo, a file too large', async () => {
    const cases: Array<{ parts: FormPart[]; field: string; status: number; message: string }> = [
      {
        parts: [{ name: 'sheet', value: file('data.csv', big5Csv, 'text/csv') }],
        field: 'sheet',
        status: 415,
        message: uploadMessages.csvNotUtf8,
      },
      {
        parts: [
          {
            name: 'sheet',
            value: file('sheet.pdf', Buffer.from('<!doctype html><script>alert(1)</script>'), 'application/pdf'),
          },
        ],
        field: 'sheet',
        status: 415,
        message: wrongFileTypeMessage,
      },
      {
        parts: [{ name: 'cover', value: file('cover.jpg', pdf, 'image/jpeg') }],
        field: 'cover',
        status: 415,
        message: wrongFileTypeMessage,
      },
      {
        parts: [
          { name: 'sheet', value: file('big.pdf', Buffer.concat([pdf, Buffer.alloc(1024 * 1024)]), 'application/pdf') },
        ],
        field: 'sheet',
        status: 413,
        message: '檔案大小不可超過1MB',
      },
      {
        parts: [{ name: 'other', value: file('x.pdf', pdf, 'application/pdf') }],
        field: 'other',
        status: 400,
        message: uploadMessages.unexpectedFile,
      },
    ];
    const before = (await test.app.db.select({ count: sql<number>`count(*)::int` }).from(storedFiles))[0]?.count;
    for (const { parts, field, status, message } of cases) {
      const response = await send([{ name: 'title', value: '保留的標題' }, ...parts]);
      expect(response.statusCode, message).toBe(status);
      const body = response.json<{ refusal: { message: string; issues: unknown[] }; fields: Record<string, string> }>();
      expect(body.refusal.issues).toEqual([{ path: field, message }]);
      expect(body.fields.title).toBe('保留的標題');
    }
    const after = (await test.app.db.select({ count: sql<number>`count(*)::int` }).from(storedFiles))[0]?.count;
    expect(after).toBe(before);
  });

  it('removes an unattached document and its bytes after a day', async () => {
    const unique = Buffer.concat([pdf, Buffer.from(`% ${Date.now()}\n`)]);
    const response = await send([{ name: 'sheet', value: file('old.pdf', unique, 'application/pdf') }]);
    const [received] = response.json<DocumentAnswer>().data.files;
    const row = await rowOf(received!.id);
    expect(await test.app.storage.stat(row!.storageKey)).not.toBeNull();
    await test.app.db
      .update(storedFiles)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(storedFiles.id, received!.id));
    expect(await removeStaleUploads(test.app.db, test.app.storage)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(received!.id)).toBeUndefined();
    expect(await test.app.storage.stat(row!.storageKey)).toBeNull();
  });
});
