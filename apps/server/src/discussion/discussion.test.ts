import fs from 'node:fs/promises';
import { discussionMessages, uploadMessages, wrongFileTypeMessage } from '@pest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discussionMode, loadEnv } from '../config/env';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signInPeople, type SignedInPerson, type TestPerson } from '../test/signed-in-people';
import { multipartBody } from '../platform/uploads/test/multipart';
import { auditLog } from '../platform/audit/audit-log.schema';
import { pushRetryKey } from './services/push-answer';
import { channelId, liffId, startFakeLine, type FakeLine } from './test/fake-line';

const farmerA = `U${'a'.repeat(32)}`;
const farmerB = `U${'b'.repeat(32)}`;
const heicFixture = new URL('../platform/uploads/test/fixtures/orange-64x48.heic', import.meta.url);

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** A JPEG carrying a camera's EXIF with a GPS position. */
function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 160, b: 60 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Field 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 3/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 30/1 0/1' },
    })
    .toBuffer();
}

describe('the expert discussion with LINE (a fake LINE endpoint on 127.0.0.1)', () => {
  let line: FakeLine;
  let test: TestApp;
  let people: Record<TestPerson, SignedInPerson>;
  const cookies: Record<string, string> = {};

  const call = (name: string, payload: object, cookie?: string, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: 'POST',
      url: `/api/discuss/${name}`,
      payload,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });

  const signIn = async (token: string) =>
    test.app.inject({ method: 'POST', url: '/api/v1/discussion/session', payload: { idToken: token } });

  const upload = (cookie: string, data: Buffer, fileName: string, contentType: string) => {
    const body = multipartBody([
      { name: 'lineid', value: 'Uforged' },
      { name: 'file', value: { fileName, contentType, data } },
    ]);
    return test.app.inject({
      method: 'POST',
      url: '/api/discuss/upload',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
  };

  beforeAll(async () => {
    line = await startFakeLine();
    test = await buildTestApp(
      {
        LINE_CHANNEL_ID: channelId,
        LIFF_ID: liffId,
        LINE_API_BASE_URL: line.baseUrl,
        LINE_MESSAGING_ACCESS_TOKEN: 'messaging-token',
        JOBS_POLL_SECONDS: '0.5',
        ...(process.env.DISCUSSION_TEST_LOG ? { LOG_LEVEL: 'error' } : {}),
      },
      process.env.DISCUSSION_TEST_LOG
        ? { logStream: { write: (line: string) => void process.stderr.write(line) } }
        : {},
    );
    people = await signInPeople(test.app);
    for (const [name, sub] of [
      ['A', farmerA],
      ['B', farmerB],
    ] as const) {
      const response = await signIn(await line.token({ sub, name: `農友${name}` }));
      expect(response.statusCode, response.body).toBe(200);
      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toMatch(/^pest_line_session=[A-Za-z0-9_-]+; Path=\/; HttpOnly; SameSite=Lax/);
      cookies[name] = setCookie.split(';')[0] ?? '';
    }
  }, 180_000);

  afterAll(async () => {
    await test?.close();
    await line?.close();
  });

  it('exchanges a verified ID token for a session whose profile comes from the token', async () => {
    const session = await test.app.inject({
      method: 'GET',
      url: '/api/v1/discussion/session',
      headers: { cookie: cookies.A ?? '' },
    });
    expect(session.json().data).toEqual({
      mode: 'line',
      liffId,
      profile: { userId: farmerA, displayName: '農友A', pictureUrl: 'https://profile.line-scdn.net/abc', demo: false },
      staff: false,
    });
  });

  it('refuses expired, wrong-audience, wrong-issuer and badly signed tokens with a 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases = [
      [await line.token({ sub: farmerA, expiresIn: now - 600 }), discussionMessages.tokenExpired],
      [await line.token({ sub: farmerA, aud: '9999999999' }), discussionMessages.tokenInvalid],
      [await line.token({ sub: farmerA, iss: 'https://evil.example' }), discussionMessages.tokenInvalid],
      [await line.token({ sub: farmerA, key: 'other' }), discussionMessages.tokenInvalid],
      ['eyJhbGciOiJub25lIn0.eyJzdWIiOiJVMTIzIn0.', discussionMessages.tokenInvalid],
    ] as const;
    for (const [token, message] of cases) {
      const response = await signIn(token);
      expect(response.statusCode, token).toBe(401);
      expect(response.json().error.message).toBe(message);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('asks visitors without a LINE identity to sign in, members too', async () => {
    for (const headers of [{}, people.memberA.headers]) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/discuss/discussmain_list_all',
        payload: {},
        headers,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(discussionMessages.signInNeeded);
    }
  });

  let questionId = 0;

  it('asks with a HEIC photo and a JPEG: HEIC becomes JPEG in the background, EXIF and GPS removed', async () => {
    const heic = await upload(cookies.A ?? '', await fs.readFile(heicFixture), 'IMG_0001.HEIC', 'image/heic');
    expect(heic.statusCode, heic.body).toBe(200);
    expect(heic.headers['content-type']).toMatch(/^text\/plain/);
    expect(heic.body).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    const jpeg = await upload(cookies.A ?? '', await jpegWithGps(), 'field.jpg', 'image/jpeg');
    expect(jpeg.statusCode, jpeg.body).toBe(200);

    const missing = await call(
      'discussmain_new',
      { dclass: '病害', type: '蔬菜', describe: '葉片有斑點', note: '上週開始', pic: '' },
      cookies.A,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues).toContainEqual({ path: 'pic', message: discussionMessages.photoRequired });
    const other = await call('discussmain_new', { type: '其他', describe: 'a', note: 'b', pic: heic.body }, cookies.A);
    expect(other.json().error.issues).toContainEqual({ path: 'typeOther', message: discussionMessages.otherRequired });

    const payload = {
      type: '果樹',
      describe: '葉片有褐色斑點',
      note: '文旦，上週開始',
      pic: `${heic.body},${jpeg.body}`,
      lineid: farmerB,
    };
    const created = await call('discussmain_new', payload, cookies.A);
    expect(created.statusCode, created.body).toBe(200);
    questionId = created.json().d.id;
    // A retried submission is the same question.
    const again = await call('discussmain_new', payload, cookies.A);
    expect(again.json().d.id).toBe(questionId);

    const list = await call('discussmain_list_all', {}, cookies.A);
    const question = list.json().d.find((row: { id: number }) => row.id === questionId);
    expect(question).toMatchObject({
      dclass: '病害',
      type: '果樹',
      describe: '葉片有褐色斑點',
      lineid: farmerA,
      mine: true,
      canDelete: true,
      username: '農友A',
    });
    expect(question.pic).toBe(`${heic.body},${jpeg.body}`);
    expect(question.newtime).toMatch(/^\d{4}-\d\d-\d\dT/);

    const photo = async (name: string) =>
      test.app.inject({
        method: 'GET',
        url: `/files/discussion/${questionId}/${name}`,
        headers: { cookie: cookies.B ?? '' },
      });
    const converted = await eventually(
      () => photo(heic.body),
      (response) => response.statusCode === 200,
    );
    expect(converted.headers['content-type']).toBe('image/jpeg');
    const heicMeta = await sharp(converted.rawPayload).metadata();
    expect(heicMeta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(heicMeta.exif).toBeUndefined();
    const served = await photo(jpeg.body);
    const jpegMeta = await sharp(served.rawPayload).metadata();
    expect(jpegMeta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
    expect((await photo(heic.body.replace('.jpg', '_thumb.jpg'))).statusCode).toBe(200);
    // Without a LINE identity the photos are not shown.
    expect(
      (await test.app.inject({ method: 'GET', url: `/files/discussion/${questionId}/${jpeg.body}` })).statusCode,
    ).toBe(401);
  }, 60_000);

  it("takes only the uploader's own photos, and checks the type from the content", async () => {
    const mine = await upload(cookies.A ?? '', await jpegWithGps(), 'a.jpg', 'image/jpeg');
    const stolen = await call('discussmain_new', { describe: 'x', note: 'y', pic: mine.body }, cookies.B);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.message).toBe(uploadMessages.notYours);
    const text = await upload(cookies.A ?? '', Buffer.from('not a photo at all'), 'fake.jpg', 'image/jpeg');
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe(wrongFileTypeMessage);
    const anonymous = await test.app.inject({
      method: 'POST',
      url: '/api/discuss/upload',
      ...multipartBody([
        { name: 'file', value: { fileName: 'a.jpg', contentType: 'image/jpeg', data: Buffer.from('x') } },
      ]),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("filters 'my questions' by the session, whatever lineid the body sends, and by keyword", async () => {
    const mineAsB = await call('discussmain_list_lineid', { lineid: farmerA }, cookies.B);
    expect(mineAsB.statusCode).toBe(200);
    expect(mineAsB.json().d).toEqual([]);
    const mineAsA = await call('discussmain_list_lineid', { lineid: 'whatever' }, cookies.A);
    expect(mineAsA.json().d.map((row: { id: number }) => row.id)).toEqual([questionId]);
    const asB = await call('discussmain_list_all', {}, cookies.B);
    const seenByB = asB.json().d.find((row: { id: number }) => row.id === questionId);
    expect(seenByB).toMatchObject({ lineid: '', mine: false, canDelete: false });
    expect((await call('discussmain_list_all', { keyword: '文旦' }, cookies.B)).json().d).toHaveLength(1);
    expect((await call('discussmain_list_all', { keyword: '100%' }, cookies.B)).json().d).toHaveLength(0);
  });

  it('comments newest first with the LINE profile, at most 60 characters, and pushes the answer to the asker', async () => {
    const tooLong = await call(
      'discusssub_new',
      { discussid: String(questionId), dcontent: '字'.repeat(61) },
      cookies.B,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.issues[0].message).toBe(discussionMessages.commentTooLong);
    const first = await call(
      'discusssub_new',
      {
        discussid: String(questionId),
        dcontent: '可能是炭疽病，請拍近照',
        username: '冒名',
        userpic: 'https://evil.example/x.png',
        lineid: farmerA,
      },
      cookies.B,
    );
    expect(first.statusCode, first.body).toBe(200);
    const doubleTap = await call(
      'discusssub_new',
      { discussid: String(questionId), dcontent: '可能是炭疽病，請拍近照' },
      cookies.B,
    );
    expect(doubleTap.json().d.id).toBe(first.json().d.id);
    const second = await call('discusssub_new', { discussid: String(questionId), dcontent: '謝謝' }, cookies.A);
    const comments = (await call('discusssub_list_discussid', { discussid: String(questionId) }, cookies.A)).json().d;
    expect(comments.map((row: { id: number }) => row.id)).toEqual([second.json().d.id, first.json().d.id]);
    expect(comments[1]).toMatchObject({
      discussid: String(questionId),
      username: '農友B',
      userpic: 'https://profile.line-scdn.net/abc',
      lineid: '',
      canDelete: false,
    });
    expect(comments[0]).toMatchObject({ lineid: farmerA, canDelete: true });
    const unknown = await call('discusssub_new', { discussid: '999999', dcontent: 'hi' }, cookies.B);
    expect(unknown.statusCode).toBe(404);

    // B answered A's question: one push to A; A's own comment pushes nothing.
    const pushes = await eventually(
      async () => line.pushes,
      (list) => list.length >= 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({
      authorization: 'Bearer messaging-token',
      retryKey: pushRetryKey(first.json().d.id),
      body: { to: farmerA },
    });
    expect(pushes[0]?.body.messages[0]?.text).toContain(`/expert/detail/${questionId}`);
  }, 30_000);

  it('finds questions and comments by keyword through their search rows, in /admin and the public list (decision 0441)', async () => {
    const comment = await call(
      'discusssub_new',
      { discussid: String(questionId), dcontent: '試試ＡＢＣ藥劑' },
      cookies.A,
    );
    expect(comment.statusCode, comment.body).toBe(200);
    const staff = async (list: 'questions' | 'comments', q: string) =>
      (
        (
          await test.app.inject({
            url: `/api/v1/admin/resources/discussion-${list}?q=${encodeURIComponent(q)}`,
            headers: people.editor.headers,
          })
        ).json().data.rows as Array<{ id: number }>
      ).map((row) => row.id);
    // As typed, Simplified for Traditional, with the form's punctuation, a single character.
    for (const q of ['褐色斑點', '褐色斑点', '文旦，上週', '褐']) {
      expect(await staff('questions', q), q).toContain(questionId);
    }
    expect(await staff('questions', '斑點文旦')).not.toContain(questionId);
    // Full-width stored text by half-width input, and the Simplified spelling.
    for (const q of ['ＡＢＣ', 'abc藥劑', 'ABC药剂', '请拍近照']) {
      expect((await staff('comments', q)).length, q).toBeGreaterThan(0);
    }
    expect(await staff('comments', 'abc药剂')).toEqual([comment.json().d.id]);
    const publicList = await call('discussmain_list_all', { keyword: '褐色斑点' }, cookies.B);
    expect(publicList.json().d.map((row: { id: number }) => row.id)).toContain(questionId);
  });

  it("lets no one but the author, an expert or an editor delete; a body's lineid changes nothing", async () => {
    const byB = await call('discussmain_del', { id: questionId, lineid: farmerA }, cookies.B);
    expect(byB.statusCode).toBe(403);
    expect(byB.json().error.message).toBe(discussionMessages.notYours);
    const comments = (await call('discusssub_list_discussid', { discussid: String(questionId) }, cookies.A)).json().d;
    const commentOfB = comments.find((row: { username: string }) => row.username === '農友B');
    expect((await call('discusssub_del', { id: commentOfB.id, lineid: farmerB }, cookies.A)).statusCode).toBe(403);
    for (const person of ['memberA', 'admin'] as const) {
      expect((await call('discusssub_del', { id: commentOfB.id }, undefined, people[person].headers)).statusCode).toBe(
        403,
      );
    }
    expect((await call('discusssub_del', { id: commentOfB.id }, undefined, people.expert.headers)).statusCode).toBe(
      200,
    );
    expect((await call('discusssub_del', { id: commentOfB.id }, cookies.B)).statusCode).toBe(404);

    const deleted = await call('discussmain_del', { id: questionId }, cookies.A);
    expect(deleted.statusCode).toBe(200);
    expect(
      (await call('discussmain_list_all', {}, cookies.A)).json().d.some((row: { id: number }) => row.id === questionId),
    ).toBe(false);
    const rows = async (query: string) =>
      ((await test.app.db.execute(sql.raw(query))) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const audit = {
      rows: await rows(`SELECT action, actor_label FROM audit_log WHERE entity LIKE 'discussion_%' ORDER BY id`),
    };
    expect(audit.rows).toEqual([
      { action: 'discussion.comment.delete', actor_label: people.expert.account },
      { action: 'discussion.question.delete', actor_label: `line:${farmerA}` },
    ]);
    // The deleted question's photos are back with the upload cleanup and no longer served.
    const audited = await rows(`SELECT before FROM audit_log WHERE action = 'discussion.question.delete'`);
    const photoIds = (audited[0]?.before as { photos: string[] } | undefined)?.photos ?? [];
    expect(photoIds).toHaveLength(2);
    const files = await rows(`SELECT status, attached_at FROM stored_files WHERE id IN ('${photoIds.join("','")}')`);
    expect(files).toHaveLength(2);
    expect(files.every((row) => row.attached_at === null)).toBe(true);
    const gone = await test.app.inject({
      method: 'GET',
      url: `/files/discussion/${questionId}/${photoIds[0]}.jpg`,
      headers: { cookie: cookies.A ?? '' },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('lets staff hide and restore posts and block an identity from posting, through the admin resources', async () => {
    const pic = (await upload(cookies.B ?? '', await jpegWithGps(), 'b.jpg', 'image/jpeg')).body;
    const asked = await call(
      'discussmain_new',
      { dclass: '蟲害', type: '水稻', describe: '稻葉捲起', note: '中部', pic },
      cookies.B,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().d.id;
    const admin = (method: 'GET' | 'POST', url: string, person: TestPerson = 'editor') =>
      test.app.inject({ method, url: `/api/v1/admin/resources/${url}`, headers: people[person].headers });
    const list = await admin('GET', 'discussion-questions?unanswered=true');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.rows[0]).toMatchObject({ id, status: 'visible', asker: '農友B', comments: 0 });
    expect((await admin('POST', `discussion-questions/${id}/hide`, 'memberA')).statusCode).toBe(403);
    expect((await admin('POST', `discussion-questions/${id}/hide`)).statusCode).toBe(200);
    expect(
      (await call('discussmain_list_all', {}, cookies.A)).json().d.some((row: { id: number }) => row.id === id),
    ).toBe(false);
    expect((await admin('POST', `discussion-questions/${id}/restore`, 'expert')).statusCode).toBe(200);
    expect(
      (await call('discussmain_list_all', {}, cookies.A)).json().d.some((row: { id: number }) => row.id === id),
    ).toBe(true);

    // The LINE user id and the member behind it are for admins; moderators see the display name (decision 0299).
    expect((await admin('GET', 'discussion-identities?q=農友B')).statusCode).toBe(400);
    const identities = await admin('GET', 'discussion-identities?q=農友B', 'admin');
    const identityB = identities.json().data.rows[0];
    expect(identityB).toMatchObject({ line_user_id: farmerB, blocked: false });
    for (const person of ['expert', 'editor'] as const) {
      const listed = await admin('GET', 'discussion-identities', person);
      const seen = await admin('GET', `discussion-identities/${identityB.id}`, person);
      expect(listed.body).not.toContain(farmerB);
      expect(seen.json().data).toMatchObject({ display_name: '農友B', line_user_id: null, linked_member: null });
    }
    const viewed = await test.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'view-personal-data'), eq(auditLog.entity, 'discussion-identities')));
    expect(viewed).toHaveLength(0);
    expect((await admin('GET', `discussion-identities/${identityB.id}`, 'admin')).json().data.line_user_id).toBe(
      farmerB,
    );
    const viewedNow = await test.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'view-personal-data'), eq(auditLog.entity, 'discussion-identities')));
    expect(viewedNow).toMatchObject([{ actorId: people.admin.id, entityId: String(identityB.id) }]);
    expect((await admin('POST', `discussion-identities/${identityB.id}/block`, 'expert')).statusCode).toBe(403);
    expect((await admin('POST', `discussion-identities/${identityB.id}/block`)).statusCode).toBe(200);
    const blocked = await call('discusssub_new', { discussid: String(id), dcontent: '再問一次' }, cookies.B);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.message).toBe(discussionMessages.blocked);
    // Still reads.
    expect((await call('discussmain_list_all', {}, cookies.B)).statusCode).toBe(200);
  });

  it('links a member to a LINE identity: the member then uses the area in any browser', async () => {
    const person = people.memberB;
    const linkToken = await line.token({ sub: `U${'c'.repeat(32)}`, name: '農友C' });
    const linked = await test.app.inject({
      method: 'POST',
      url: '/api/v1/discussion/link',
      payload: { idToken: linkToken },
      headers: person.headers,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const list = await call('discussmain_list_all', {}, undefined, person.headers);
    expect(list.statusCode).toBe(200);
    const taken = await test.app.inject({
      method: 'POST',
      url: '/api/v1/discussion/link',
      payload: { idToken: linkToken },
      headers: people.memberA.headers,
    });
    expect(taken.statusCode).toBe(409);
    const anonymous = await test.app.inject({
      method: 'POST',
      url: '/api/v1/discussion/link',
      payload: { idToken: linkToken },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('describes the calls in the OpenAPI document', async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const name of [
      'discussmain_list_all',
      'discussmain_list_lineid',
      'discussmain_new',
      'discussmain_del',
      'discusssub_list_discussid',
      'discusssub_new',
      'discusssub_del',
      'upload',
    ]) {
      expect(Object.keys(document.paths)).toContain(`/api/discuss/${name}`);
    }
    expect(Object.keys(document.paths)).toContain('/api/v1/discussion/session');
  });
});

describe('the expert discussion without a LINE channel', () => {
  it('runs on the local demo identity provider outside production, through the same verification', async () => {
    const test = await buildTestApp();
    try {
      const session = await test.app.inject({ method: 'GET', url: '/api/v1/discussion/session' });
      expect(session.json().data).toMatchObject({ mode: 'demo', liffId: null, profile: null });
      const issued = await test.app.inject({
        method: 'POST',
        url: '/api/v1/discussion/demo/id-token',
        payload: { name: '阿明' },
      });
      expect(issued.statusCode).toBe(200);
      const signedIn = await test.app.inject({
        method: 'POST',
        url: '/api/v1/discussion/session',
        payload: { idToken: issued.json().data.idToken },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().data.profile).toMatchObject({ displayName: '示範：阿明', demo: true });
      const cookie = String(signedIn.headers['set-cookie']).split(';')[0] ?? '';
      const list = await test.app.inject({
        method: 'POST',
        url: '/api/discuss/discussmain_list_all',
        payload: {},
        headers: { cookie },
      });
      expect(list.statusCode).toBe(200);
    } finally {
      await test.close();
    }
  }, 120_000);

  it('refuses to start in production with demo mode on, and is off in production without LINE, but for the local demo', async () => {
    const base = { NODE_ENV: 'production', PUBLIC_URL: 'https://pest.example.org' };
    expect(() => loadEnv({ ...base, DISCUSSION_DEMO: 'true' })).toThrow(/DISCUSSION_DEMO/);
    expect(() => loadEnv({ ...base, LINE_CHANNEL_ID: channelId })).toThrow(/LIFF_ID/);
    expect(loadEnv(base).DISCUSSION_DEMO).toBeUndefined();
    expect(discussionMode(loadEnv(base))).toBe('off');
    // The README's local demo (npm start: production, its public address this machine) runs in demo mode.
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:3210', 'http://[::1]:3000/pest']) {
      expect(discussionMode(loadEnv({ ...base, PUBLIC_URL: local }))).toBe('demo');
    }
    expect(() =>
      loadEnv({ ...base, PUBLIC_URL: 'http://pest.localhost.example.org', DISCUSSION_DEMO: 'true' }),
    ).toThrow(/DISCUSSION_DEMO/);
    const test = await buildTestApp({ DISCUSSION_DEMO: 'false' });
    try {
      const issued = await test.app.inject({
        method: 'POST',
        url: '/api/v1/discussion/demo/id-token',
        payload: { name: '阿明' },
      });
      expect(issued.statusCode).toBe(404);
      const list = await test.app.inject({ method: 'POST', url: '/api/discuss/discussmain_list_all', payload: {} });
      expect(list.statusCode).toBe(404);
      expect(list.json().error.message).toBe(discussionMessages.notConfigured);
    } finally {
      await test.close();
    }
  }, 120_000);
});
