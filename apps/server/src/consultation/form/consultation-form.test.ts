import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  accountMessages,
  consultationFormMessages,
  isTaiwanPhone,
  uploadMessages,
  wrongFileTypeMessage,
} from '@pest/contracts';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, Mailbox, solveAltcha } from '../../accounts/test/account-test-client';
import { removeStaleUploads } from '../../platform/uploads/remove-stale-uploads';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { multipartBody } from '../../platform/uploads/test/multipart';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInPeople, type SignedInPerson } from '../../test/signed-in-people';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { consultationCasePhotos, consultationCases, consultationCrops } from '../schema';
import { auditLog } from '../../platform/audit/audit-log.schema';
import { mailOutbox } from '../../platform/mail/mail-outbox.schema';
import { redactedMailText } from '../../platform/mail/redact-outbox';
import { and, desc, like } from 'drizzle-orm';
import { eraseExpiredJob, formJobs } from './form-services';
import { askerActor } from './withdraw-consultation-case';

/** A JPEG with the camera's name and GPS coordinates in its EXIF (a farmer's phone photo). */
async function phonePhoto(background: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'FarmCam', Model: 'Field-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 58/1 3/1', GPSLongitudeRef: 'E', GPSLongitude: '120/1 30/1 0/1' },
    })
    .toBuffer();
}

const colours = ['#2e7d32', '#558b2f', '#8d6e63', '#f9a825', '#6d4c41', '#00695c', '#1565c0'];

describe('consultation form: /town, /vill, /advNew, photo uploads, /advDone, the follow link, expiry', () => {
  let test: TestApp;
  let peer: SmtpPeer;
  let mailbox: Mailbox;
  let member: SignedInPerson;
  let expert: SignedInPerson;
  let ip = 1;
  let photos: Buffer[];

  const basics = (overrides: Record<string, unknown> = {}) => ({
    a1: '斗南鎮',
    a2: '水稻',
    a3: '林小農',
    a4: '0912-345-678',
    a5: 'farmer@example.org',
    a6: '葉片出現褐色斑點，逐漸擴大。',
    city: '雲林縣',
    key: randomUUID(),
    ...overrides,
  });
  const call = (name: string, payload: object, headers: Record<string, string> = {}, remoteAddress = '203.0.113.9') =>
    test.app.inject({ method: 'POST', url: `/api/info/${name}`, payload, headers, remoteAddress });
  /** A visitor's /advNew: with a freshly solved robot check. */
  const advNew = async (body: Record<string, unknown>, remoteAddress = `203.0.113.${ip++}`) =>
    call('advNew', { ...body, altcha: await solveAltcha(test.app) }, {}, remoteAddress);
  const upload = (
    fields: { id: number | string; cl: string; token?: string },
    file: { data: Buffer; fileName?: string; contentType?: string },
    remoteAddress = '203.0.113.200',
  ) => {
    const body = multipartBody([
      { name: 'id', value: String(fields.id) },
      { name: 'cl', value: fields.cl },
      ...(fields.token === undefined ? [] : [{ name: 'token', value: fields.token }]),
      {
        name: 'file',
        value: {
          fileName: file.fileName ?? 'leaf.jpg',
          contentType: file.contentType ?? 'image/jpeg',
          data: file.data,
        },
      },
    ]);
    return test.app.inject({
      method: 'POST',
      url: '/assets/Huploadify/uploadadvnew.ashx',
      payload: body.payload,
      headers: body.headers,
      remoteAddress,
    });
  };
  const statusOf = async (id: number) =>
    (await test.app.db.select().from(consultationCases).where(eq(consultationCases.id, id)))[0];

  beforeAll(async () => {
    peer = await startSmtpPeer();
    mailbox = new Mailbox(peer);
    test = await buildTestApp({
      SEED_DEMO_CONTENT: 'false',
      RATE_LIMIT_FORM_MAX: '1000',
      RATE_LIMIT_LOGIN_MAX: '1000',
      SMTP_URL: peer.url,
      JOBS_POLL_SECONDS: '0.5',
      PUBLIC_URL: 'https://pest.example.org',
    });
    const people = await signInPeople(test.app);
    member = people.memberA;
    expert = people.expert;
    photos = await Promise.all(colours.map(phonePhoto));
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await peer?.close();
  });

  it("/town lists Taiwan's 22 counties and /vill their 368 townships in all", async () => {
    const counties = (await call('town', {})).json<{ d: Array<{ County_ID: string; C_Name: string }> }>().d;
    expect(counties).toHaveLength(22);
    expect(counties.map((county) => county.C_Name)).toEqual(expect.arrayContaining(['臺北市', '雲林縣', '連江縣']));
    let townships = 0;
    for (const county of counties) {
      const response = await call('vill', { a1: county.County_ID });
      expect(response.statusCode).toBe(200);
      townships += response.json<{ d: unknown[] }>().d.length;
    }
    expect(townships).toBe(368);
    const yunlin = (await call('vill', { a1: '雲林縣' })).json<{ d: Array<{ T_Name: string }> }>().d;
    expect(yunlin).toHaveLength(20);
    expect(yunlin).toContainEqual({ T_Name: '斗南鎮' });
    // The postal areas that are not townships are left out.
    const kaohsiung = (await call('vill', { a1: '高雄市' })).json<{ d: Array<{ T_Name: string }> }>().d;
    expect(kaohsiung).toHaveLength(38);
    expect(kaohsiung).not.toContainEqual({ T_Name: '東沙群島' });
    expect((await call('vill', { a1: '火星市' })).json()).toEqual({ d: [] });
  });

  it('takes Taiwan mobile and landline numbers and refuses others', () => {
    for (const good of [
      '0912345678',
      '0912-345-678',
      '+886 912 345 678',
      '02-2345-6789',
      '(037)123456',
      '0836-12345',
      '049-2345678#12',
    ]) {
      expect(isTaiwanPhone(good), good).toBe(true);
    }
    for (const bad of ['12345', '0912-345-67', '091234567890', '1-800-123-456', '02-123', 'abc', '+1 415 555 0100']) {
      expect(isTaiwanPhone(bad), bad).toBe(false);
    }
  });

  it('/advNew answers each missing or wrong field with its Chinese message, and creates nothing', async () => {
    const before = await test.app.db.select().from(consultationCases);
    const response = await advNew({ a1: '', a2: ' ', a3: '', a4: '12345', a5: 'not-an-email', a6: '', key: 'k1' });
    expect(response.statusCode).toBe(400);
    const issues = response.json<{ error: { issues: Array<{ path: string; message: string }> } }>().error.issues;
    const byField = Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));
    expect(byField).toMatchObject({
      a1: consultationFormMessages.townshipRequired,
      a2: consultationFormMessages.cropRequired,
      a3: consultationFormMessages.nameRequired,
      a4: consultationFormMessages.phoneInvalid,
      a5: consultationFormMessages.emailInvalid,
      a6: consultationFormMessages.descriptionRequired,
      key: consultationFormMessages.keyInvalid,
    });
    // A township of another county, and one whose name two cities share, without the county.
    const wrongCounty = await advNew(basics({ city: '臺北市' }));
    expect(wrongCounty.statusCode).toBe(400);
    expect(wrongCounty.json().error.issues).toEqual([
      { path: 'a1', message: consultationFormMessages.townshipUnknown },
    ]);
    const ambiguous = await advNew(basics({ a1: '東區', city: undefined }));
    expect(ambiguous.json().error.issues).toEqual([{ path: 'city', message: consultationFormMessages.countyRequired }]);
    // A unique township name needs no county: it follows from the township.
    const unique = await advNew(basics({ a1: '斗南鎮', city: undefined }));
    expect(unique.statusCode, unique.body).toBe(200);
    expect((await statusOf(unique.json().d))?.countyName).toBe('雲林縣');
    expect(await test.app.db.select().from(consultationCases)).toHaveLength(before.length + 1);
  });

  it('a visitor needs the robot check, a signed-in member does not', async () => {
    const robot = await call('advNew', basics(), {}, '203.0.113.77');
    expect(robot.statusCode).toBe(400);
    expect(robot.json().error.message).toBe(accountMessages.robotCheckFailed);
    const asMember = await call('advNew', basics(), member.headers, '198.51.100.77');
    expect(asMember.statusCode, asMember.body).toBe(200);
    expect((await statusOf(asMember.json().d))?.memberId).toBe(member.id);
  });

  it('the same key, sent twice at once or again later, gives one case and the same token', async () => {
    const body = basics();
    const [first, second] = await Promise.all([advNew(body), advNew(body)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    // A retry (after a lost answer or a restart) needs no new robot check: it creates nothing.
    const retry = await call('advNew', body, {}, '203.0.113.99');
    expect(retry.json()).toEqual(first.json());
    const rows = await test.app.db.select().from(consultationCases).where(eq(consultationCases.id, first.json().d));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('receiving');
    // The database keeps hashes only: neither the key nor the token is stored.
    expect(rows[0]?.idempotencyKey).not.toBe(body.key);
    expect(rows[0]?.uploadTokenHash).not.toBe(first.json().token);
    // A farmer's 芒果 is the wizard's 檬果 (the crop vocabulary, decision 0360): its experts answer.
    await test.app.db.insert(consultationCrops).values({ id: 5, cname: '檬果' }).onConflictDoNothing();
    const editor = { memberId: 9001, account: 'editor', name: '編輯', roles: ['editor'] as const };
    await test.app.services.crops.saveCrop({ ...editor, sessionId: 's', via: 'session' }, null, {
      name: '檬果',
      synonyms: '芒果',
      sort_order: 0,
    });
    const mango = await advNew(basics({ a2: '芒果' }));
    const [mangoCase] = await test.app.db
      .select()
      .from(consultationCases)
      .where(eq(consultationCases.id, mango.json().d));
    expect(mangoCase).toMatchObject({ cropName: '芒果', cropId: 5 });
  });

  it('photos need the case token, stay within 5 per group, and are checked by content', async () => {
    const created = (await advNew(basics())).json<{ d: number; token: string }>();
    const noToken = await upload({ id: created.d, cl: 'pic1' }, { data: photos[0]! });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().error.issues).toEqual([{ path: 'token', message: consultationFormMessages.tokenInvalid }]);
    const wrongToken = await upload({ id: created.d, cl: 'pic1', token: 'x'.repeat(43) }, { data: photos[0]! });
    expect(wrongToken.statusCode).toBe(403);
    expect(wrongToken.json().error.message).toBe(consultationFormMessages.tokenInvalid);
    const badGroup = await upload({ id: created.d, cl: 'pic4', token: created.token }, { data: photos[0]! });
    expect(badGroup.statusCode).toBe(400);
    const html = await upload(
      { id: created.d, cl: 'pic1', token: created.token },
      { data: Buffer.from('<!doctype html><html><body>hi</body></html>'), fileName: 'leaf.jpg' },
    );
    expect(html.statusCode).toBe(415);
    expect(html.json().error.message).toBe(wrongFileTypeMessage);

    for (let index = 0; index < 5; index += 1) {
      const sent = await upload({ id: created.d, cl: 'pic2', token: created.token }, { data: photos[index]! });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().d).toMatchObject({ group: 'pic2', photos: index + 1 });
    }
    // The same photo again (a retry whose answer was lost) is the photo already there.
    const again = await upload({ id: created.d, cl: 'pic2', token: created.token }, { data: photos[4]! });
    expect(again.statusCode).toBe(200);
    expect(again.json().d.photos).toBe(5);
    const sixth = await upload({ id: created.d, cl: 'pic2', token: created.token }, { data: photos[5]! });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error.message).toBe(consultationFormMessages.groupFull);
    // Another group still takes photos.
    const other = await upload({ id: created.d, cl: 'pic3', token: created.token }, { data: photos[5]! });
    expect(other.json().d.photos).toBe(6);
  });

  it('refuses a wrong token, another case’s token and an unknown case before reading the photo: nothing stored', async () => {
    /** Every stored file's path under DATA_DIR/files and what waits in the upload folder. */
    const filesOnDisk = async () =>
      (await fs.readdir(path.join(test.dataDir, 'files'), { recursive: true, withFileTypes: true }).catch(() => []))
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
        .sort();
    const waiting = () => fs.readdir(path.join(test.dataDir, 'tmp', 'uploads'));
    const rows = async () => (await test.app.db.select({ id: storedFiles.id }).from(storedFiles)).length;
    const mine = (await advNew(basics())).json<{ d: number; token: string }>();
    const theirs = (await advNew(basics())).json<{ d: number; token: string }>();
    const photo = await phonePhoto('#9c27b0');
    const [rowsBefore, filesBefore] = [await rows(), await filesOnDisk()];

    const refused = [
      await upload({ id: mine.d, cl: 'pic1', token: 'x'.repeat(43) }, { data: photo }),
      await upload({ id: mine.d, cl: 'pic1', token: theirs.token }, { data: photo }),
      await upload({ id: 2_000_000_000, cl: 'pic1', token: mine.token }, { data: photo }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error.message).toBe(consultationFormMessages.tokenInvalid);
    }
    expect(await rows()).toBe(rowsBefore);
    expect(await filesOnDisk()).toEqual(filesBefore);
    expect(await waiting()).toEqual([]);
    // Fields sent after the file are not there when the check runs: refused, nothing read.
    const { payload, headers } = multipartBody([
      { name: 'file', value: { fileName: 'leaf.jpg', contentType: 'image/jpeg', data: photo } },
      { name: 'id', value: String(mine.d) },
      { name: 'cl', value: 'pic1' },
      { name: 'token', value: mine.token },
    ]);
    const late = await test.app.inject({
      method: 'POST',
      url: '/assets/Huploadify/uploadadvnew.ashx',
      payload,
      headers,
      remoteAddress: '203.0.113.200',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.issues.map((issue: { path: string }) => issue.path)).toEqual(['id', 'cl', 'token']);
    expect(await rows()).toBe(rowsBefore);
    expect(await filesOnDisk()).toEqual(filesBefore);
    expect(await waiting()).toEqual([]);

    // The right token still takes the photo, and an empty file is refused beside the field.
    const empty = await upload({ id: mine.d, cl: 'pic1', token: mine.token }, { data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      message: uploadMessages.emptyFile,
      issues: [{ path: 'file', message: uploadMessages.emptyFile }],
    });
    expect(await rows()).toBe(rowsBefore);
    const sent = await upload({ id: mine.d, cl: 'pic1', token: mine.token }, { data: photo });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await rows()).toBe(rowsBefore + 1);
    expect((await filesOnDisk()).length).toBe(filesBefore.length + 3);
  });

  it('closes only with a far photo and every photo stored; then mails the case number and a private link', async () => {
    const body = basics({ a5: 'asker@example.org', a3: '陳阿土' });
    const created = (await advNew(body)).json<{ d: number; token: string }>();
    const close = (photoCount: number) => call('advDone', { key: body.key, token: created.token, photos: photoCount });

    const closeUp = await upload({ id: created.d, cl: 'pic2', token: created.token }, { data: photos[0]! });
    expect(closeUp.statusCode).toBe(200);
    const noFar = await close(1);
    expect(noFar.statusCode).toBe(400);
    expect(noFar.json().error.message).toBe('請至少上傳一張遠照');

    for (const data of [photos[1]!, photos[2]!]) {
      expect((await upload({ id: created.d, cl: 'pic1', token: created.token }, { data })).statusCode).toBe(200);
    }
    // The browser announced three photos and one more is still on its way: not complete yet.
    const missing = await close(4);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error.message).toBe(consultationFormMessages.photosMissing);
    const wrongToken = await call('advDone', { key: body.key, token: 'y'.repeat(43), photos: 3 });
    expect(wrongToken.statusCode).toBe(403);
    expect((await statusOf(created.d))?.status).toBe('receiving');

    const done = await close(3);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ d: { id: created.d } });
    const row = await statusOf(created.d);
    expect(row).toMatchObject({ status: 'submitted', expectedPhotos: 3 });
    expect(row?.submittedAt).toBeInstanceOf(Date);

    const mail = await mailbox.next('asker@example.org');
    expect(mail.subject).toContain(`案件編號 ${created.d}`);
    expect(mail.text).toContain('陳阿土 您好');
    expect(mail.text).toContain('https://pest.example.org/consultation/case?token=');
    const followToken = linkToken(mail);

    // Closing again answers the same case and sends nothing more; the case takes no more photos.
    expect((await close(3)).json()).toEqual({ d: { id: created.d } });
    const late = await upload({ id: created.d, cl: 'pic3', token: created.token }, { data: photos[3]! });
    expect(late.statusCode).toBe(409);

    // The asker's page: their case and photos through the link, without a login.
    const followed = await test.app.services.consultation.form.findFollowedCase(followToken);
    expect(followed).toMatchObject({
      id: created.d,
      status: 'submitted',
      township: '斗南鎮',
      crop: '水稻',
      replyHtml: null,
    });
    expect(followed?.photos.map((photo) => photo.group)).toEqual(['pic1', 'pic1', 'pic2']);
    const served = await test.app.inject({ url: followed!.photos[0]!.url.replace('/mod/', '/full/') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('FarmCam'))).toBe(false);
    const otherToken = await test.app.inject({
      url: followed!.photos[0]!.url.replace(/token=[^&]+/, `token=${'z'.repeat(43)}`),
    });
    expect(otherToken.statusCode).toBe(404);
    expect(await test.app.services.consultation.form.findFollowedCase('z'.repeat(43))).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(peer.received.filter((received) => received.to.includes('asker@example.org'))).toHaveLength(1);
  });

  it('a receiving case is invisible, and expires with its photos after 24 hours', async () => {
    const body = basics();
    const created = (await advNew(body)).json<{ d: number; token: string }>();
    const sent = await upload({ id: created.d, cl: 'pic1', token: created.token }, { data: photos[6]! });
    expect(sent.statusCode).toBe(200);
    const [photo] = await test.app.db
      .select()
      .from(consultationCasePhotos)
      .where(eq(consultationCasePhotos.caseId, created.d));
    expect(photo).toBeDefined();
    // Nothing about it can be seen: no follow link exists, its photo is served to no one.
    const row = await statusOf(created.d);
    expect(row?.status).toBe('receiving');
    expect(row?.followTokenHash).toBeNull();
    // Not in the public archive either (only published cases are).
    expect((await call('advDetail', { n1: created.d })).statusCode).toBe(404);
    expect(
      (await test.app.inject({ url: `/files/consultation/followed/${photo!.id}/full?token=${created.token}` }))
        .statusCode,
    ).toBe(404);

    const services = test.app.services.consultation.form;
    expect(await services.expireReceivingCases(new Date(Date.now() + 60 * 60 * 1000))).toBe(0);
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await services.expireReceivingCases(later)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(created.d)).toBeUndefined();
    const [file] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, photo!.storedFileId));
    expect(file).toMatchObject({ attachedAt: null, status: 'pending' });
    // Submitted cases stay; the detached photo goes with the uploads cleanup.
    expect(
      await test.app.db
        .select()
        .from(consultationCases)
        .where(inArray(consultationCases.status, ['submitted'])),
    ).not.toHaveLength(0);
    await removeStaleUploads(test.app.db, test.app.storage, later);
    expect(await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, photo!.storedFileId))).toHaveLength(0);
    // The same key afterwards starts a new case.
    const again = await advNew(body);
    expect(again.json().d).not.toBe(created.d);
  });

  /** The resumable upload (decision 0395): the start call and one chunk at an offset. */
  const startUpload = (body: Record<string, unknown>, remoteAddress = '203.0.113.201') =>
    test.app.inject({
      method: 'POST',
      url: '/api/v1/consultation/photo-uploads',
      payload: body,
      headers: { 'sec-fetch-site': 'same-origin' },
      remoteAddress,
    });
  const sendChunk = (
    upload: string,
    chunk: { caseId: number; token: string; offset: number; data: Buffer },
    remoteAddress = '203.0.113.201',
  ) =>
    test.app.inject({
      method: 'PATCH',
      url: `/api/v1/consultation/photo-uploads/${upload}`,
      payload: chunk.data,
      headers: {
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(chunk.offset),
        'x-consultation-case': String(chunk.caseId),
        'x-upload-token': chunk.token,
        'sec-fetch-site': 'same-origin',
      },
      remoteAddress,
    });
  const resumableParts = async () =>
    (await fs.readdir(path.join(test.dataDir, 'tmp', 'resumable-uploads')).catch(() => [] as string[])).filter((name) =>
      name.endsWith('.part'),
    );

  it('one case per draft: a network cut at every step, a resumed photo and every retry give one case with three photos and one mail', async () => {
    const body = basics({ a5: 'resume@example.org' });
    // /advNew's answer lost: the same key again (after a reload, from the draft kept on the phone).
    const created = (await advNew(body)).json<{ d: number; token: string }>();
    expect((await call('advNew', body, {}, '203.0.113.77')).json()).toEqual(created);
    const groups = ['pic1', 'pic1', 'pic2'] as const;
    const ids = groups.map(() => randomUUID());
    for (const [index, group] of groups.entries()) {
      const data = photos[index]!;
      const start = {
        id: created.d,
        token: created.token,
        cl: group,
        upload: ids[index],
        name: `p${index}.jpg`,
        size: data.length,
      };
      // The start's answer lost: asked again, the same offset.
      expect((await startUpload(start)).json().data).toEqual({ offset: 0, size: data.length, photo: null });
      const half = Math.floor(data.length / 2);
      const first = await sendChunk(ids[index]!, {
        caseId: created.d,
        token: created.token,
        offset: 0,
        data: data.subarray(0, half),
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toEqual({ offset: half, size: data.length, photo: null });
      // The signal drops after the server took the chunk: the sender resends it at its old offset,
      // is told the server holds more, asks where it stopped and goes on from there (mid-photo).
      const stale = await sendChunk(ids[index]!, {
        caseId: created.d,
        token: created.token,
        offset: 0,
        data: data.subarray(0, half),
      });
      expect(stale.statusCode).toBe(409);
      const resumed = (await startUpload(start, '198.51.100.4')).json().data;
      expect(resumed).toEqual({ offset: half, size: data.length, photo: null });
      const last = await sendChunk(
        ids[index]!,
        { caseId: created.d, token: created.token, offset: half, data: data.subarray(half) },
        '198.51.100.4',
      );
      expect(last.statusCode, last.body).toBe(200);
      expect(last.json().data.photo).toMatchObject({ group, photos: index + 1 });
      // The last chunk's answer lost: sent again, or the start asked again, the same photo, nothing added.
      const again = await sendChunk(ids[index]!, {
        caseId: created.d,
        token: created.token,
        offset: half,
        data: data.subarray(half),
      });
      expect(again.json().data.photo).toEqual(last.json().data.photo);
      expect((await startUpload(start)).json().data).toEqual({
        offset: data.length,
        size: data.length,
        photo: last.json().data.photo,
      });
    }
    expect(await resumableParts()).toEqual([]);
    // The closing call's answer lost: sent again, the same case and still one mail.
    const done = await call('advDone', { key: body.key, token: created.token, photos: 3 });
    expect(done.json()).toEqual({ d: { id: created.d } });
    expect((await call('advDone', { key: body.key, token: created.token, photos: 3 })).json()).toEqual(done.json());
    expect((await call('advNew', body, {}, '203.0.113.78')).json().d).toBe(created.d);
    const mail = await mailbox.next('resume@example.org');
    expect(mail.subject).toContain(`案件編號 ${created.d}`);
    const rows = await test.app.db
      .select()
      .from(consultationCases)
      .where(eq(consultationCases.askerEmail, 'resume@example.org'));
    expect(rows).toHaveLength(1);
    expect(
      await test.app.db.select().from(consultationCasePhotos).where(eq(consultationCasePhotos.caseId, created.d)),
    ).toHaveLength(3);
    // A chunk for the closed case is refused.
    const closed = await startUpload({
      id: created.d,
      token: created.token,
      cl: 'pic3',
      upload: randomUUID(),
      name: 'x.jpg',
      size: 10,
    });
    expect(closed.statusCode).toBe(409);
  });

  it('a resumable chunk is refused before a byte is read without its case and token; the whole photo is checked by content', async () => {
    const created = (await advNew(basics())).json<{ d: number; token: string }>();
    const other = (await advNew(basics())).json<{ d: number; token: string }>();
    const upload = randomUUID();
    const data = photos[3]!;
    const start = { id: created.d, token: created.token, cl: 'pic1', upload, name: 'far.jpg', size: data.length };
    expect((await startUpload({ ...start, token: other.token })).statusCode).toBe(403);
    expect((await startUpload({ ...start, id: 2_000_000 })).statusCode).toBe(403);
    const badInput = await startUpload({ ...start, cl: 'pic9', upload: 'nope', size: 11 * 1024 * 1024 });
    expect(badInput.statusCode).toBe(400);
    expect(
      badInput
        .json()
        .error.issues.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['cl', 'size', 'upload']);
    expect((await startUpload(start)).statusCode).toBe(200);
    // Another case's token, or the right token for another case: nothing appended.
    for (const chunk of [
      { caseId: created.d, token: other.token },
      { caseId: other.d, token: other.token },
      { caseId: 2_000_000, token: created.token },
    ]) {
      const refused = await sendChunk(upload, { ...chunk, offset: 0, data: data.subarray(0, 100) });
      expect([403, 404]).toContain(refused.statusCode);
    }
    expect((await startUpload(start)).json().data.offset).toBe(0);
    // An upload never started: told to start it.
    const unknown = await sendChunk(randomUUID(), {
      caseId: created.d,
      token: created.token,
      offset: 0,
      data: data.subarray(0, 10),
    });
    expect(unknown.statusCode).toBe(404);
    // More bytes than announced: refused and taken back.
    const tooMuch = await sendChunk(upload, {
      caseId: created.d,
      token: created.token,
      offset: 0,
      data: Buffer.concat([data, data]),
    });
    expect(tooMuch.statusCode).toBe(413);
    expect((await startUpload(start)).json().data.offset).toBe(0);
    // An HTML page named .jpg: refused when it is whole, no photo.
    const page = Buffer.from('<!doctype html><html><body>hi</body></html>');
    const fake = randomUUID();
    await startUpload({ ...start, upload: fake, size: page.length });
    const html = await sendChunk(fake, { caseId: created.d, token: created.token, offset: 0, data: page });
    expect(html.statusCode).toBe(415);
    expect(html.json().error.message).toBe(wrongFileTypeMessage);
    expect(
      await test.app.db.select().from(consultationCasePhotos).where(eq(consultationCasePhotos.caseId, created.d)),
    ).toHaveLength(0);
  });

  it('a case still receiving photo chunks is not expired, however long ago its form was sent', async () => {
    const created = (await advNew(basics())).json<{ d: number; token: string }>();
    const dayAndMore = new Date(Date.now() - 30 * 60 * 60 * 1000);
    await test.app.db
      .update(consultationCases)
      .set({ createdAt: dayAndMore, updatedAt: dayAndMore })
      .where(eq(consultationCases.id, created.d));
    const data = photos[4]!;
    const upload = randomUUID();
    await startUpload({ id: created.d, token: created.token, cl: 'pic1', upload, name: 'far.jpg', size: data.length });
    expect(
      (await sendChunk(upload, { caseId: created.d, token: created.token, offset: 0, data: data.subarray(0, 64) }))
        .statusCode,
    ).toBe(200);
    const services = test.app.services.consultation.form;
    await services.expireReceivingCases(new Date(Date.now() + 60 * 60 * 1000));
    expect((await statusOf(created.d))?.status).toBe('receiving');
    // A day without progress: it goes.
    await services.expireReceivingCases(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await statusOf(created.d)).toBeUndefined();
  });

  /** A case sent as the form sends it (advNew, one far photo, advDone): its id and the first mail's follow token. */
  const sendCase = async (overrides: Record<string, unknown>, photo: Buffer) => {
    const body = basics(overrides);
    const created = (await advNew(body)).json<{ d: number; token: string }>();
    expect((await upload({ id: created.d, cl: 'pic1', token: created.token }, { data: photo })).statusCode).toBe(200);
    expect((await call('advDone', { key: body.key, token: created.token, photos: 1 })).statusCode).toBe(200);
    const mail = await mailbox.next(String(body.a5));
    return { id: created.d, followToken: linkToken(mail) };
  };
  const desk = (path: string, payload: object) =>
    test.app.inject({
      method: 'POST',
      url: `/api/v1/admin/consultation/cases/${path}`,
      payload,
      headers: { ...expert.headers, 'sec-fetch-site': 'same-origin' },
    });
  const withdraw = (payload: object) =>
    test.app.inject({
      method: 'POST',
      url: '/api/v1/consultation/case/withdraw',
      payload,
      headers: { 'sec-fetch-site': 'same-origin' },
      remoteAddress: '203.0.113.150',
    });
  const colour = (index: number) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10 * index, g: 90, b: 30 } } })
      .jpeg()
      .toBuffer();

  it('/advNew records the publication consent only when it is sent as true', async () => {
    const agreed = await advNew(basics({ publishConsent: true }));
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect((await statusOf(agreed.json().d))?.publishConsent).toBe('asker');
    const silent = await advNew(basics());
    expect((await statusOf(silent.json().d))?.publishConsent).toBe('none');
    const declined = await advNew(basics({ publishConsent: false }));
    expect((await statusOf(declined.json().d))?.publishConsent).toBe('none');
    const wrong = await advNew(basics({ publishConsent: 'yes' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.issues).toEqual([{ path: 'publishConsent', message: '公開同意的格式有誤' }]);
  });

  it('the asker withdraws a case through the follow link: photos, personal data and its mails are erased', async () => {
    const sent = await sendCase({ a3: '周撤回', a5: 'withdraw@example.org' }, await colour(1));
    const [photo] = await test.app.db
      .select()
      .from(consultationCasePhotos)
      .where(eq(consultationCasePhotos.caseId, sent.id));
    expect((await desk(`${sent.id}/reply`, { reply: '請移除病葉。' })).statusCode).toBe(200);

    const unconfirmed = await withdraw({ token: sent.followToken });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error.message).toBe(consultationFormMessages.withdrawConfirm);
    const stranger = await withdraw({ token: 'w'.repeat(43), confirm: true });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe(consultationFormMessages.followNotFound);

    const done = await withdraw({ token: sent.followToken, confirm: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ caseId: sent.id, keptAnonymised: false });
    expect(await statusOf(sent.id)).toBeUndefined();
    const [file] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, photo!.storedFileId));
    expect(file).toMatchObject({ attachedAt: null });
    // Its mails in the outbox keep only that a mail went out.
    expect(await test.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'withdraw@example.org'))).toEqual([]);
    const mails = await test.app.db.select().from(mailOutbox).where(like(mailOutbox.subject, redactedMailText));
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(mails)).not.toContain('周撤回');
    // The asker's action, not staff's.
    const [entry] = await test.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'consultation-case'), eq(auditLog.entityId, String(sent.id))))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ action: 'consultation-case.withdraw', actorId: null, actorLabel: askerActor.label });
    expect(await test.app.services.consultation.form.findFollowedCase(sent.followToken)).toBeNull();
    expect((await withdraw({ token: sent.followToken, confirm: true })).statusCode).toBe(404);
  });

  it('a published answer stays, anonymised, only when the asker agreed to publication', async () => {
    const published: string[][] = [];
    test.app.invalidation.subscribe((tags) => published.push([...tags]));
    const agreed = await sendCase({ a3: '陳同意', a5: 'agreed@example.org', publishConsent: true }, await colour(2));
    expect((await desk(`${agreed.id}/reply`, { reply: '這是稻熱病。', publish: true })).statusCode).toBe(200);
    const before = (await call('advDetail', { n1: agreed.id })).json().d;
    expect(before).toMatchObject({ name: '陳OO', note: expect.stringContaining('這是稻熱病。') });
    const kept = await withdraw({ token: agreed.followToken, confirm: 'yes' });
    expect(kept.json().data).toEqual({ caseId: agreed.id, keptAnonymised: true });
    const row = await statusOf(agreed.id);
    expect(row).toMatchObject({
      askerName: '陳OO',
      askerEmail: '',
      askerPhone: '',
      memberId: null,
      followTokenHash: null,
    });
    expect(row?.withdrawnAt).toBeInstanceOf(Date);
    const after = await call('advDetail', { n1: agreed.id });
    expect(after.statusCode).toBe(200);
    expect(after.json().d).toMatchObject({ name: '陳OO', picnow: null, note: expect.stringContaining('這是稻熱病。') });
    const photosLeft = await call('advdata', { a1: agreed.id });
    expect(photosLeft.json(), photosLeft.body).toEqual({ d: [] });
    const again = await desk(`${agreed.id}/reply`, { reply: '補充說明。', publish: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('提問者已撤回此案件，無法再回覆');
    expect(published).toContainEqual(
      expect.arrayContaining([`consultation:case:${agreed.id}`, 'consultation:advisory']),
    );

    // Published before the question was asked: the withdrawal takes it down.
    const earlier = await sendCase({ a3: '吳以前', a5: 'earlier@example.org' }, await colour(3));
    expect((await desk(`${earlier.id}/reply`, { reply: '請輪作。' })).statusCode).toBe(200);
    await test.app.db
      .update(consultationCases)
      .set({ publishConsent: 'prior-publication', publishedAt: new Date() })
      .where(eq(consultationCases.id, earlier.id));
    expect((await call('advDetail', { n1: earlier.id })).statusCode).toBe(200);
    expect((await withdraw({ token: earlier.followToken, confirm: true })).json().data.keptAnonymised).toBe(false);
    expect((await call('advDetail', { n1: earlier.id })).statusCode).toBe(404);
  });

  it('erases cases never published after the retention time, counted from the answer or the submission', async () => {
    expect(formJobs(test.app.services.consultation.form)[eraseExpiredJob]?.schedule).toBeTruthy();
    const month = 31 * 86_400_000;
    const waiting = await sendCase({ a5: 'waiting@example.org' }, await colour(4));
    const answered = await sendCase({ a5: 'answered@example.org' }, await colour(5));
    const shown = await sendCase({ a5: 'shown@example.org', publishConsent: true }, await colour(6));
    expect((await desk(`${shown.id}/reply`, { reply: '已公開的回覆。', publish: true })).statusCode).toBe(200);
    // Sent long ago, answered today: its time counts from the answer.
    await test.app.db
      .update(consultationCases)
      .set({ submittedAt: new Date(Date.now() - 30 * month), repliedAt: new Date(), status: 'answered' })
      .where(eq(consultationCases.id, answered.id));
    const [photo] = await test.app.db
      .select()
      .from(consultationCasePhotos)
      .where(eq(consultationCasePhotos.caseId, waiting.id));

    const erase = (monthsAhead: number) =>
      test.app.services.consultation.form.eraseExpiredCases(new Date(Date.now() + monthsAhead * month));
    const ours = async () =>
      (
        await test.app.db
          .select({ id: consultationCases.id })
          .from(consultationCases)
          .where(inArray(consultationCases.id, [waiting.id, answered.id, shown.id]))
      ).map((row) => row.id);
    await erase(23);
    expect(await ours()).toEqual(expect.arrayContaining([waiting.id, answered.id, shown.id]));
    expect(await erase(25)).toBeGreaterThanOrEqual(2);
    expect(await ours()).toEqual([shown.id]);
    const [file] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, photo!.storedFileId));
    expect(file).toMatchObject({ attachedAt: null });
    expect(await test.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'waiting@example.org'))).toEqual([]);
    const entries = await test.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'consultation-case.erase-expired'), eq(auditLog.entityId, String(waiting.id))));
    expect(entries).toHaveLength(1);
    expect(await erase(25), 'nothing left to erase').toBe(0);
  });
});
