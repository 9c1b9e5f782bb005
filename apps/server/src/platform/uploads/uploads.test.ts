import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTooLargeMessage, wrongFileTypeMessage } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { startS3Server, type TestS3Server } from '../../test/start-s3-server';
import { removeStaleUploads } from './remove-stale-uploads';
import { uploadJobNames } from './uploads-plugin';
import { incomingFileKey, storedFileKey } from './stored-file-keys';
import { storedFiles } from './stored-files.schema';
import { makeBmp, multipartBody, type FormPart } from './test/multipart';
import { checkedFields, uploadTestFeature } from './test/upload-test-feature';

interface UploadAnswer {
  data: {
    fields: Record<string, string | string[]>;
    files: Array<{ id: string; status: string; fieldName: string; width: number | null; height: number | null }>;
  };
}

/** A 400 × 200 JPEG whose EXIF says "turn 90°" and carries GPS coordinates and the camera's name. */
async function photoWithGps(background = '#3a7a2a'): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'FarmCam', Model: 'Field-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 3/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 30/1 0/1' },
    })
    .toBuffer();
}

/** Reads until `done` holds: the job queue runs conversions and cleanups in their own time. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const jpegFile = (data: Buffer, fileName = 'photo.jpg'): FormPart['value'] => ({
  fileName,
  contentType: 'image/jpeg',
  data,
});

describe('the upload pipeline through HTTP', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp(
      { SEED_DEMO_CONTENT: 'false', JOBS_POLL_SECONDS: '0.5' },
      { features: [uploadTestFeature] },
    );
  });
  afterAll(() => test.close());

  const send = (parts: FormPart[], options: { url?: string; from?: string } = {}) => {
    const { payload, headers } = multipartBody(parts);
    return test.app.inject({
      method: 'POST',
      url: options.url ?? '/api/v1/test-uploads',
      payload,
      headers,
      remoteAddress: options.from ?? '203.0.113.10',
    });
  };
  const rowCount = async () => (await test.app.db.select({ id: storedFiles.id }).from(storedFiles)).length;
  const rowOf = async (id: string) => (await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, id)))[0];

  it('re-encodes a photo: orientation applied, EXIF and GPS gone, _mod and _thumb made, fields returned', async () => {
    const original = await photoWithGps();
    // The fixture really carries what must go: the camera's name and a GPS pointer (tag 0x8825).
    const originalExif = (await sharp(original).metadata()).exif;
    expect(originalExif?.includes(Buffer.from('FarmCam'))).toBe(true);
    expect(originalExif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const response = await send([
      { name: 'describe', value: '葉片有黃斑' },
      { name: 'pic1', value: jpegFile(original, '田間.jpg') },
    ]);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<UploadAnswer>();
    expect(data.fields).toEqual({ describe: '葉片有黃斑' });
    expect(data.files).toHaveLength(1);
    const [file] = data.files;
    expect(file).toMatchObject({ status: 'pending', fieldName: 'pic1', width: 200, height: 400 });

    const served = await test.app.inject({ method: 'GET', url: `/files/test-uploads/${file?.id}/full` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-disposition'])).toMatch(/^inline;/);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 200, height: 400 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('FarmCam'))).toBe(false);

    const thumb = await test.app.inject({ method: 'GET', url: `/files/test-uploads/${file?.id}/thumb` });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 160, height: 320 });
    const mod = await test.app.inject({ method: 'GET', url: `/files/test-uploads/${file?.id}/mod` });
    expect((await sharp(mod.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('refuses an HTML file named .jpg with the spec message, whatever name and type the browser gave', async () => {
    const before = await rowCount();
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const response = await send([{ name: 'pic1', value: jpegFile(html, 'photo.jpg') }]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: wrongFileTypeMessage } });
    expect(wrongFileTypeMessage).toBe('選擇的檔案格式不符');
    expect(await rowCount()).toBe(before);
  });

  it('refuses a file of exactly 10 MB and one over it with 檔案大小不可超過10MB, storing nothing', async () => {
    const before = await rowCount();
    const jpegStart = (await photoWithGps()).subarray(0, 64);
    for (const size of [10 * 1024 * 1024, 10 * 1024 * 1024 + 1, 12 * 1024 * 1024]) {
      const data = Buffer.concat([jpegStart, Buffer.alloc(size - jpegStart.length, 7)]);
      const response = await send([
        { name: 'pic1', value: jpegFile(await photoWithGps('#111111')) },
        { name: 'pic2', value: jpegFile(data, 'big.jpg') },
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json().error.message).toBe(fileTooLargeMessage(10));
      expect(fileTooLargeMessage(10)).toBe('檔案大小不可超過10MB');
    }
    expect(await rowCount()).toBe(before);
    // The first photo of each refused form was never stored either.
    const [row] = await test.app.db.select({ n: sql<number>`count(*)::int` }).from(storedFiles);
    expect(row?.n).toBe(before);
  });

  it('refuses a form cut off in the middle (no closing boundary) and stores nothing', async () => {
    const before = await rowCount();
    const { payload, headers } = multipartBody([
      { name: 'pic1', value: jpegFile(await photoWithGps('#222222')) },
      { name: 'pic2', value: jpegFile(await photoWithGps('#333333')) },
    ]);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/test-uploads',
      payload: payload.subarray(0, payload.length - 300),
      headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(await rowCount()).toBe(before);
  });

  it('refuses more files than the form takes, and a request that is not a form', async () => {
    const photo = jpegFile(await photoWithGps('#444444'));
    const six = Array.from({ length: 6 }, (_, index) => ({ name: `pic${index}`, value: photo }));
    const tooMany = await send(six);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error.message).toBe('一次最多上傳 5 個檔案');
    const json = await test.app.inject({ method: 'POST', url: '/api/v1/test-uploads', payload: { pic1: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('stores the same bytes once, and gives a retried upload of the same photo the same row', async () => {
    const photo = await photoWithGps('#556b2f');
    const first = (
      await send([{ name: 'pic1', value: jpegFile(photo) }], { from: '198.51.100.1' })
    ).json<UploadAnswer>();
    const retried = (
      await send([{ name: 'pic1', value: jpegFile(photo) }], { from: '198.51.100.1' })
    ).json<UploadAnswer>();
    const other = (
      await send([{ name: 'pic1', value: jpegFile(photo) }], { from: '198.51.100.2' })
    ).json<UploadAnswer>();
    // The same bytes under another name, from the same uploader: another form's file, with its own row.
    const renamed = (
      await send([{ name: 'pic1', value: jpegFile(photo, 'another.jpg') }], { from: '198.51.100.1' })
    ).json<UploadAnswer>();
    expect(retried.data.files[0]?.id).toBe(first.data.files[0]?.id);
    expect(other.data.files[0]?.id).not.toBe(first.data.files[0]?.id);
    expect(renamed.data.files[0]?.id).not.toBe(first.data.files[0]?.id);
    // Both forms can attach theirs (one upload row held by two forms could be attached by only one).
    for (const answer of [first, renamed]) {
      const attached = await test.app.inject({
        method: 'POST',
        url: '/api/v1/test-uploads/attach',
        payload: { ids: [answer.data.files[0]?.id] },
        remoteAddress: '198.51.100.1',
      });
      expect(attached.statusCode).toBe(200);
    }
    const a = await rowOf(first.data.files[0]?.id ?? '');
    const b = await rowOf(other.data.files[0]?.id ?? '');
    expect(a?.sha256).toBe(b?.sha256);
    expect(a?.storageKey).toBe(b?.storageKey);
    expect(await test.app.storage.stat(a?.storageKey ?? '')).not.toBeNull();
  });

  it("attaches only the uploader's own pending files of the purpose, once", async () => {
    const photo = await photoWithGps('#8b4513');
    const { data } = (
      await send([{ name: 'pic1', value: jpegFile(photo) }], { from: '192.0.2.7' })
    ).json<UploadAnswer>();
    const id = data.files[0]?.id ?? '';
    const attach = (from: string, ids: string[]) =>
      test.app.inject({ method: 'POST', url: '/api/v1/test-uploads/attach', payload: { ids }, remoteAddress: from });

    const stranger = await attach('192.0.2.8', [id]);
    expect(stranger.statusCode).toBe(400);
    expect((await rowOf(id))?.status).toBe('pending');

    const unknown = await attach('192.0.2.7', [id, '00000000-0000-4000-8000-000000000000']);
    expect(unknown.statusCode).toBe(400);
    expect((await rowOf(id))?.attachedAt).toBeNull();

    const own = await attach('192.0.2.7', [id]);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject([{ id, status: 'attached' }]);
    expect((await attach('192.0.2.7', [id])).statusCode).toBe(400);
  });

  it('removes files left pending for 24 hours, and their bytes only when no other row names them', async () => {
    const shared = await photoWithGps('#123456');
    const alone = await photoWithGps('#654321');
    const old = (
      await send(
        [
          { name: 'pic1', value: jpegFile(shared) },
          { name: 'pic2', value: jpegFile(alone) },
        ],
        {
          from: '192.0.2.20',
        },
      )
    ).json<UploadAnswer>();
    const fresh = (
      await send([{ name: 'pic1', value: jpegFile(shared) }], { from: '192.0.2.21' })
    ).json<UploadAnswer>();
    const [sharedRow, aloneRow] = await Promise.all(old.data.files.map((file) => rowOf(file.id)));
    await test.app.db
      .update(storedFiles)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(sql`${storedFiles.id} IN (${sharedRow?.id}, ${aloneRow?.id})`);

    // A request folder left by a killed process, and one of a request still running.
    const { temporaryDir } = test.app.uploads;
    const leftover = path.join(temporaryDir, 'request-left');
    const running = path.join(temporaryDir, 'request-running');
    await fs.mkdir(leftover);
    await fs.mkdir(running);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await fs.utimes(leftover, twoHoursAgo, twoHoursAgo);

    // The hourly job, queued now instead of waiting for its hour.
    await test.app.jobs.enqueue(uploadJobNames.removeStale, {});
    await eventually(
      () => rowOf(aloneRow?.id ?? ''),
      (found) => found === undefined,
    );
    await eventually(
      () =>
        fs.stat(leftover).then(
          () => true,
          () => false,
        ),
      (exists) => !exists,
    );
    expect((await fs.stat(running)).isDirectory()).toBe(true);
    expect(await rowOf(sharedRow?.id ?? '')).toBeUndefined();
    expect(await rowOf(fresh.data.files[0]?.id ?? '')).toBeDefined();
    // The shared bytes stay for the fresh row; the other photo's are gone with all its sizes.
    expect(await test.app.storage.stat(sharedRow?.storageKey ?? '')).not.toBeNull();
    for (const variant of ['full', 'mod', 'thumb'] as const) {
      expect(await test.app.storage.stat(storedFileKey(aloneRow?.sha256 ?? '', variant))).toBeNull();
    }
    expect(await removeStaleUploads(test.app.db, test.app.storage)).toBe(0);
  });

  it('converts a BMP in the background: processing until done, then a JPEG with its sizes', async () => {
    const bmp = makeBmp(64, 48, [200, 30, 30]);
    expect(
      await sharp(bmp)
        .metadata()
        .catch(() => 'unreadable'),
    ).toBe('unreadable');
    const response = await send([
      { name: 'pic1', value: { fileName: 'scan.bmp', contentType: 'image/bmp', data: bmp } },
    ]);
    expect(response.statusCode).toBe(200);
    const [file] = response.json<UploadAnswer>().data.files;
    expect(file?.status).toBe('processing');

    const row = await eventually(
      () => rowOf(file?.id ?? ''),
      (found) => found?.status !== 'processing',
    );
    expect(row).toMatchObject({ status: 'pending', width: 64, height: 48, sourceType: 'image/bmp' });
    // The job removes the incoming copy just after marking the row (a crash between leaves only a
    // copy the cleanup takes): on a busy machine the test can look in between.
    const incoming = await eventually(
      () => test.app.storage.stat(incomingFileKey(row?.sha256 ?? '')),
      (found) => found === null,
    );
    expect(incoming).toBeNull();
    const served = await test.app.inject({ method: 'GET', url: `/files/test-uploads/${file?.id}/full` });
    expect(served.headers['content-type']).toBe('image/jpeg');
    // While a file is processing there is nothing to serve yet (set by hand: the job may already have run).
    await test.app.db
      .update(storedFiles)
      .set({ status: 'processing' })
      .where(eq(storedFiles.id, file?.id ?? ''));
    const processing = await test.app.inject({ method: 'GET', url: `/files/test-uploads/${file?.id}/full` });
    expect(processing.statusCode).toBe(404);
    expect(processing.json().error.message).toBe('照片處理中，請稍後再看');
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 64, height: 48 });
    // The left half is the BMP's red, not a blank or garbled picture.
    expect(data[0]).toBeGreaterThan(150);
    expect(data[1]).toBeLessThan(80);
  });

  it('takes HEIC only where the policy allows it, and marks a file no decoder reads as failed', async () => {
    // A HEIC header (ftyp heic) with no image: what a decoder cannot read.
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write('ftypheic', 4, 'ascii');
    ftyp.writeUInt32BE(0, 12);
    ftyp.write('mif1heic', 16, 'ascii');
    const fakeHeic = Buffer.concat([ftyp, Buffer.alloc(2000, 1)]);
    const value = { fileName: 'IMG_0001.HEIC', contentType: 'image/heic', data: fakeHeic };

    const consultation = await send([{ name: 'pic1', value }]);
    expect(consultation.statusCode).toBe(415);
    expect(consultation.json().error.message).toBe(wrongFileTypeMessage);

    const discussion = await send([{ name: 'pic', value }], { url: '/api/v1/test-uploads/discussion' });
    expect(discussion.statusCode).toBe(200);
    const [file] = discussion.json<UploadAnswer>().data.files;
    expect(file?.status).toBe('processing');
    const row = await eventually(
      () => rowOf(file?.id ?? ''),
      (found) => found?.status !== 'processing',
    );
    expect(row?.status).toBe('failed');
  });

  it('converts a real iPhone-style HEIC (HEVC) in the background to a JPEG of the same picture', async () => {
    const heic = await fs.readFile(new URL('./test/fixtures/orange-64x48.heic', import.meta.url));
    const response = await send(
      [{ name: 'pic', value: { fileName: 'IMG_0002.HEIC', contentType: 'image/heic', data: heic } }],
      {
        url: '/api/v1/test-uploads/discussion',
      },
    );
    expect(response.statusCode).toBe(200);
    const [file] = response.json<UploadAnswer>().data.files;
    expect(file?.status).toBe('processing');
    const row = await eventually(
      () => rowOf(file?.id ?? ''),
      (found) => found?.status !== 'processing',
    );
    expect(row).toMatchObject({ status: 'pending', width: 64, height: 48, sourceType: 'image/heic' });
    const served = await test.app.inject({ method: 'GET', url: `/files/test-uploads/${file?.id}/full` });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 64, height: 48 });
    // The fixture's orange (200, 80, 40), within what two lossy encodings change.
    expect(Math.abs((data[0] ?? 0) - 200)).toBeLessThan(25);
    expect(Math.abs((data[1] ?? 0) - 80)).toBeLessThan(25);
    expect(Math.abs((data[2] ?? 0) - 40)).toBeLessThan(25);
  });

  it('keeps to the daily quota of a client with a clear message', async () => {
    const quota = test.app.uploads.quota;
    const saved = { ...quota };
    quota.files = 1;
    try {
      const from = '192.0.2.99';
      const first = await send([{ name: 'pic1', value: jpegFile(await photoWithGps('#010203')) }], { from });
      expect(first.statusCode).toBe(200);
      const second = await send([{ name: 'pic1', value: jpegFile(await photoWithGps('#030201')) }], { from });
      expect(second.statusCode).toBe(429);
      expect(second.json().error).toEqual({ code: 'QUOTA_EXCEEDED', message: '今日上傳的檔案已達上限，請明天再試' });
      // Another client is not affected.
      const other = await send([{ name: 'pic1', value: jpegFile(await photoWithGps('#030201')) }], {
        from: '192.0.2.98',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      Object.assign(quota, saved);
    }
  });

  it('counts the quota of an IPv6 client by its /64, as the request budgets do', async () => {
    const quota = test.app.uploads.quota;
    const saved = { ...quota };
    quota.files = 1;
    try {
      const photo = async (colour: string) => [{ name: 'pic1', value: jpegFile(await photoWithGps(colour)) }];
      expect((await send(await photo('#0a0b0c'), { from: '2001:db8:77:1::1' })).statusCode).toBe(200);
      const sameLine = await send(await photo('#0c0b0a'), { from: '2001:db8:77:1::2' });
      expect(sameLine.statusCode).toBe(429);
      expect(sameLine.json().error.code).toBe('QUOTA_EXCEEDED');
      // Another /64 is another client.
      expect((await send(await photo('#0c0b0a'), { from: '2001:db8:77:2::1' })).statusCode).toBe(200);
    } finally {
      Object.assign(quota, saved);
    }
  });

  it('checks the fields sent before the files first: a refused form stores nothing, reads no file', async () => {
    const before = await rowCount();
    const waiting = () => fs.readdir(test.app.uploads.temporaryDir);
    const waitingBefore = await waiting();
    const url = '/api/v1/test-uploads/checked';
    const photo = await photoWithGps('#654321');
    const refused = await send(
      [
        { name: 'allow', value: 'no' },
        { name: 'pic1', value: jpegFile(photo) },
      ],
      { url },
    );
    expect(refused.statusCode).toBe(403);
    // A field sent after the file is not there when the check runs.
    const late = await send(
      [
        { name: 'pic1', value: jpegFile(photo) },
        { name: 'allow', value: 'yes' },
      ],
      { url },
    );
    expect(late.statusCode).toBe(403);
    expect(checkedFields).toEqual([{ allow: 'no' }, {}]);
    expect(await rowCount()).toBe(before);
    expect(await waiting()).toEqual(waitingBefore);
    const allowed = await send(
      [
        { name: 'allow', value: 'yes' },
        { name: 'pic1', value: jpegFile(photo) },
      ],
      { url },
    );
    expect(allowed.statusCode).toBe(200);
    expect(await rowCount()).toBe(before + 1);
    // A form without files is checked once it has been read.
    const noFile = await send([{ name: 'allow', value: 'no' }], { url });
    expect(noFile.statusCode).toBe(403);
    expect(checkedFields).toHaveLength(4);
  });

  it('refuses an empty file beside its field, storing nothing', async () => {
    const before = await rowCount();
    const response = await send([
      { name: 'pic1', value: jpegFile(await photoWithGps('#123456')) },
      { name: 'pic2', value: jpegFile(Buffer.alloc(0), 'empty.jpg') },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: '檔案是空的，請重新選擇檔案。',
      issues: [{ path: 'pic2', message: '檔案是空的，請重新選擇檔案。' }],
    });
    expect(await rowCount()).toBe(before);
  });
});

describe('the upload pipeline on an S3-compatible store', () => {
  let s3: TestS3Server;
  let test: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false', ...s3.env }, { features: [uploadTestFeature] });
  });
  afterAll(async () => {
    await test.close();
    await s3.close();
  });

  it('stores a re-encoded photo in the bucket and serves it', async () => {
    const { payload, headers } = multipartBody([{ name: 'pic1', value: jpegFile(await photoWithGps()) }]);
    const response = await test.app.inject({ method: 'POST', url: '/api/v1/test-uploads', payload, headers });
    expect(response.statusCode).toBe(200);
    const [file] = response.json<UploadAnswer>().data.files;
    const served = await test.app.inject({ method: 'GET', url: `/files/test-uploads/${file?.id}/full` });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect(test.app.storage.constructor.name).toBe('S3FileStorage');
  });
});
