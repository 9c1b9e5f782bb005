import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import sharp from 'sharp';
import { recordFormSchema } from '@pest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSubmittedCase } from './consultation/test/insert-case';
import { askAs, commentAs, demoIdentity } from './discussion/test/ask-as-demo';
import { insertCatalogFile } from './downloads/test/insert-catalog-file';
import { recordAudit } from './platform/audit/record-audit';
import { members, sessions } from './accounts/schema';
import { alertSubscriptions } from './alerts/schema';
import { ipmSheets, news } from './reading-room/schema';
import { records } from './records/schema';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { signInAgain, signInPeople, type SignedInPerson, type TestPerson } from './test/signed-in-people';
import { webBuildForTests, type WebBuild } from './test/web-build';
import { multipartBody } from './platform/uploads/test/multipart';
import { storedFiles } from './platform/uploads/stored-files.schema';
import { personalDataExports } from './platform/personal-data/personal-data-exports.schema';
import {
  matrixSamples,
  persons,
  profileOf,
  type Person,
  type Row,
  type Samples,
} from './platform/test/authorisation-table';
import { platformAuthorisationRows } from './platform/test/platform-authorisation';
import { siteAuthorisationRows } from './site/test/site-authorisation';
import { readingRoomAuthorisationRows } from './reading-room/test/reading-room-authorisation';
import { recordsAuthorisationRows } from './records/test/records-authorisation';
import { consultationAuthorisationRows } from './consultation/test/consultation-authorisation';
import { catalogueAuthorisationRows } from './catalogue/test/catalogue-authorisation';
import { accountsAuthorisationRows } from './accounts/test/accounts-authorisation';
import { downloadsAuthorisationRows } from './downloads/test/downloads-authorisation';
import { cropsAuthorisationRows } from './crops/test/crops-authorisation';
import { discussionAuthorisationRows } from './discussion/test/discussion-authorisation';
import { contactAuthorisationRows } from './contact/test/contact-authorisation';
import { alertsAuthorisationRows } from './alerts/test/alerts-authorisation';

/**
 * The authorisation matrix: every API call and every page of the app, asked by an
 * anonymous visitor, member A, member B, an expert, an editor and an admin, with the status each
 * must get. Each feature keeps its table of rows beside it (`<feature>/test/<feature>-authorisation.ts`,
 * the platform's in `platform/test/`); this one runner asks them all and checks them against the
 * routes the app registers and the pages the web build has, so a new route or page without a row
 * fails here (decision 0415).
 */
const rows: Row[] = [
  ...platformAuthorisationRows,
  ...siteAuthorisationRows,
  ...readingRoomAuthorisationRows,
  ...recordsAuthorisationRows,
  ...consultationAuthorisationRows,
  ...catalogueAuthorisationRows,
  ...accountsAuthorisationRows,
  ...downloadsAuthorisationRows,
  ...cropsAuthorisationRows,
  // Before the discussion's rows: its LINE rows use member B's linked identity, which those unlink.
  ...alertsAuthorisationRows,
  ...discussionAuthorisationRows,
  ...contactAuthorisationRows,
];

/** Every page of the web build (React Router's route manifest, parents joined): `PAGE <path>`, and `PAGE POST <path>` for those with an action. */
function pageRoutes(build: ServerBuild): string[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return '';
    const parent = route.parentId ? fullPath(route.parentId) : '';
    const own = route.path ?? '';
    return [parent, own].filter(Boolean).join('/').replace(/\/+/g, '/');
  };
  return Object.values(routes)
    .filter((route) => route && route.id !== 'root' && (route.index || route.path !== undefined))
    .filter((route) => !Object.values(routes).some((child) => child?.parentId === route!.id && child.index))
    .flatMap((route) => {
      const path = `/${fullPath(route!.id)}`.replace(/\/$/, '') || '/';
      return route!.module.action ? [`PAGE ${path}`, `PAGE POST ${path}`] : [`PAGE ${path}`];
    });
}

describe('the authorisation matrix', () => {
  let test: TestApp;
  let web: WebBuild;
  let build: ServerBuild;
  const samples: Samples = matrixSamples;
  let people: Record<TestPerson, SignedInPerson> | undefined;
  /** What each person's browser sends: nothing, or the session cookie from the real login call. */
  const headersOf = (person: Person): Record<string, string> =>
    person === 'anonymous' ? {} : people![person satisfies TestPerson].headers;

  beforeAll(async () => {
    web = await webBuildForTests();
    build = (await import(pathToFileURL(path.join(web.dir, 'server', 'index.js')).href)) as ServerBuild;
    test = await buildTestApp({ WEB_BUILD_DIR: web.dir, RATE_LIMIT_API_MAX: '100000' }, { web: true });
    people = await signInPeople(test.app);
    samples.memberBId = people.memberB.id;
    await test.app.db.transaction((tx) =>
      recordAudit(tx, {
        actor: { memberId: null, label: 'cli' },
        action: 'member.create',
        entity: 'member',
        entityId: 1,
      }),
    );
    const list = await test.app.inject({ url: '/api/v1/admin/resources/audit-log', headers: headersOf('admin') });
    samples.auditEntryId = list.json().data.rows[0].id;
    samples.expertId = people.expert.id;
    samples.recordId = (await test.app.db.select({ id: records.id }).from(records).limit(1))[0]!.id;
    const editorViewer = {
      memberId: people.editor.id,
      account: 'editor01',
      name: '測試editor',
      roles: ['editor' as const],
      sessionId: '',
      via: 'session' as const,
    };
    samples.draftRecordId = await test.app.services.records.saveRecord(editorViewer, null, {
      ...recordFormSchema.parse({ type: 'pest', c_name: '矩陣草稿' }),
    });
    const [draftPicture] = await test.app.services.records.addRecordPictures([
      {
        recordId: samples.draftRecordId,
        image: await sharp({ create: { width: 32, height: 24, channels: 3, background: '#336633' } })
          .png()
          .toBuffer(),
        class: 'album',
        caption: '',
        sort: 0,
        name: 'matrix-draft',
      },
    ]);
    samples.draftPictureFile = `/${draftPicture!.thumbUrl}`;
    samples.caseId = await insertSubmittedCase(test.app, {
      memberId: people.memberB.id,
      askerEmail: 'memberb01@example.org',
      askerName: '測試memberB',
    });
    const desk = test.app.services.consultation.desk;
    samples.casePhotoId = (await desk.getCase(samples.caseId, null))!.photos[0]!.id;
    const contact = test.app.services.contact;
    samples.contactMessageId = (
      await contact.submitMessage(
        {
          kind: 'contact',
          key: '00000000-0000-4000-8000-300000000000',
          form: {
            name: '測試memberB',
            email: 'memberb01@example.org',
            company_name: '合作社',
            country: 'TW',
            telephone: '05-597-1234',
            title: '詢問課程',
            message: '請問課程何時開始？',
            address: undefined,
            fax: undefined,
            website: undefined,
          },
        },
        { memberId: people.memberB.id },
      )
    ).id;
    await contact.markHandled(
      {
        memberId: people.admin.id,
        account: 'admin01',
        name: '測試admin',
        roles: ['admin'],
        sessionId: '',
        via: 'session',
      },
      samples.contactMessageId,
    );
    const catalog = await insertCatalogFile(test.app, {
      typeName: '矩陣分類',
      title: '矩陣檔案',
      file: '矩陣檔案.pdf',
    });
    samples.catalogTypeId = catalog.typeId;
    samples.catalogDetailId = catalog.detailId;
    samples.catalogRelationId = catalog.relationId;
    const upload = multipartBody([
      {
        name: 'upload',
        value: {
          fileName: '樣本.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('%PDF-1.4\n% sample\n%%EOF\n'),
        },
      },
    ]);
    samples.downloadUploadId = (
      await test.app.inject({
        method: 'POST',
        url: '/api/v1/admin/uploads/catalog-details/upload',
        payload: upload.payload,
        headers: { ...headersOf('editor'), ...upload.headers },
      })
    ).json().data.id;
    samples.consultationPhotoFileId = (
      await test.app.db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(eq(storedFiles.purpose, 'consultation-photo'))
        .limit(1)
    )[0]!.id;
    const [sheet] = await test.app.db.select().from(ipmSheets).where(eq(ipmSheets.id, 1));
    const { id: _sheetId, ...sheetColumns } = sheet!;
    samples.draftIpmSheetId = (
      await test.app.db
        .insert(ipmSheets)
        .values({ ...sheetColumns, title: '矩陣草稿', status: 0 })
        .returning({ id: ipmSheets.id })
    )[0]!.id;
    samples.draftNewsId = (
      await test.app.db
        .insert(news)
        .values({ class: 'fruit', title: '矩陣草稿消息', status: 0 })
        .returning({ id: news.id })
    )[0]!.id;
    const ipmFileUpload = multipartBody([
      {
        name: 'upload',
        value: {
          fileName: '其他檔案.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('%PDF-1.4\n% other\n%%EOF\n'),
        },
      },
    ]);
    samples.ipmFileUploadId = (
      await test.app.inject({
        method: 'POST',
        url: '/api/v1/admin/uploads/ipm-files/upload',
        payload: ipmFileUpload.payload,
        headers: { ...headersOf('editor'), ...ipmFileUpload.headers },
      })
    ).json().data.id;
    samples.mailId = await test.app.db.transaction((tx) =>
      test.app.mail.queue(tx, { to: 'someone@example.com', subject: '測試', text: '測試' }),
    );
    // Member B links a demo LINE identity and asks; a stranger's identity asks and comments once per person.
    const issued = await test.app.inject({
      method: 'POST',
      url: '/api/v1/discussion/demo/id-token',
      payload: { name: '矩陣乙' },
    });
    const linked = await test.app.inject({
      method: 'POST',
      url: '/api/v1/discussion/link',
      payload: { idToken: issued.json().data.idToken },
      headers: headersOf('memberB'),
    });
    expect(linked.statusCode, linked.body).toBe(200);
    samples.discussionQuestionId = await askAs(test.app, headersOf('memberB'), '成員乙的問題');
    const stranger = { cookie: await demoIdentity(test.app, '陌生人') };
    for (const person of persons) {
      samples.strangerQuestions[person] = await askAs(test.app, stranger, `陌生人的問題 ${person}`);
      samples.strangerComments[person] = await commentAs(
        test.app,
        stranger,
        samples.discussionQuestionId,
        `留言 ${person}`,
      );
    }
  }, 300_000);
  afterAll(async () => {
    await test?.close();
    await web?.remove();
  });

  it('has a row for every route the app registers and every page of the web build, and none for what is gone', () => {
    console.info(
      `authorisation matrix: ${rows.length} rows × ${persons.length} people = ${rows.length * persons.length} requests`,
    );
    const clientDir = path.join(web.dir, 'client');
    const registered = new Set<string>();
    for (const route of test.app.registeredRoutes) {
      // Built files (@fastify/static, one route each) and the page renderer are covered by the page rows.
      if (route.url === '/*' || route.url === '/' || existsSync(path.join(clientDir, route.url))) continue;
      if (route.method === 'HEAD') continue;
      registered.add(route.url === '/api/*' ? 'ALL /api/*' : `${route.method} ${route.url}`);
    }
    for (const page of pageRoutes(build)) registered.add(page);
    const declared = new Set(rows.map((row) => row.route));
    expect(
      [...registered].filter((route) => !declared.has(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      [...declared].filter((route) => !registered.has(route)),
      'rows without a route',
    ).toEqual([]);
  });

  describe.each(persons)('as %s', (person) => {
    let requestNumber = 0;
    it.each(rows.map((row) => [`${row.route} (${typeof row.url === 'string' ? row.url : 'sample'})`, row] as const))(
      '%s',
      async (_title, row) => {
        const url = typeof row.url === 'function' ? row.url(samples) : row.url;
        const [kind, second] = row.route.split(' ');
        const method = kind === 'PAGE' ? (second === 'POST' ? 'POST' : 'GET') : kind === 'ALL' ? 'GET' : kind;
        const form = kind === 'PAGE' && method === 'POST';
        const payload = typeof row.payload === 'function' ? row.payload(person) : row.payload;
        // A request that ends its session (logout) gets a session of its own, so the rows after it keep theirs.
        const credentials =
          row.fresh && person !== 'anonymous'
            ? (await signInAgain(test.app, people![person])).headers
            : headersOf(person);
        requestNumber += 1;
        const response = await test.app.inject({
          method: method as 'GET',
          url,
          // Each request from an address of its own: failed sign-ins of one row never lock out another.
          remoteAddress: `10.${persons.indexOf(person)}.${Math.floor(requestNumber / 250)}.${requestNumber % 250}`,
          headers: {
            ...credentials,
            'sec-fetch-site': 'same-origin',
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            ...row.headers,
          },
          ...(payload
            ? { payload: form ? new URLSearchParams(payload as Record<string, string>).toString() : payload }
            : {}),
        });
        expect(response.statusCode, `${person} ${method} ${url}`).toBe(row.expect[person]);
        if (response.statusCode === 302 && row.route.startsWith('PAGE /admin')) {
          expect(response.headers.location).toBe(`/login?redirect=${encodeURIComponent(url)}`);
        }
      },
    );
  });

  describe('member A can neither read nor change member B', () => {
    const as = (person: TestPerson) => ({ ...people![person].headers, 'sec-fetch-site': 'same-origin' });
    const profileOfB = async () =>
      (await test.app.inject({ method: 'POST', url: '/api/v1/members/auth', headers: as('memberB') })).json().data;

    it("cannot download member B's copy of their data, even with B's link", async () => {
      // A ready download of B's, as the job leaves it (its token known here only).
      const token = 'matrix-download-token-of-member-b-0000000000';
      const key = `personal-data/exports/matrix-${people!.memberB.id}.zip`;
      await test.app.storage.put(key, Buffer.from('PK matrix'));
      await test.app.db.insert(personalDataExports).values({
        subjectKind: 'member',
        subjectId: people!.memberB.id,
        state: 'ready',
        storageKey: key,
        tokenHash: createHash('sha256').update(token).digest('base64url'),
        readyAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      const asA = await test.app.inject({ url: `/member/personal-data/${token}`, headers: as('memberA') });
      expect(asA.statusCode).toBe(303);
      expect(asA.headers.location).toBe('/member/personal-data?link=used');
      const asB = await test.app.inject({ url: `/member/personal-data/${token}`, headers: as('memberB') });
      expect(asB.statusCode).toBe(200);
      expect(asB.body).toBe('PK matrix');
    });

    it('sees only their own account, whatever they ask for', async () => {
      const own = await test.app.inject({ method: 'POST', url: '/api/v1/members/auth', headers: as('memberA') });
      expect(own.json().data).toMatchObject({ id: people!.memberA.id, account: 'membera01' });
      const session = await test.app.inject({ url: '/api/v1/session', headers: as('memberA') });
      expect(session.json().data.account).toBe('membera01');
      for (const url of [
        `/api/v1/admin/resources/members/${people!.memberB.id}`,
        `/api/v1/admin/resources/members?q=memberb01`,
        `/admin/members/${people!.memberB.id}`,
      ]) {
        const response = await test.app.inject({ url, headers: as('memberA') });
        expect(response.statusCode, url).toBe(403);
        expect(response.body).not.toContain('memberb01@example.org');
      }
    });

    it('changes only their own profile: the account comes from the session, never the body', async () => {
      const before = await profileOfB();
      const changed = await test.app.inject({
        method: 'POST',
        url: '/api/info/userUpdate',
        headers: as('memberA'),
        payload: {
          name: '改名的甲',
          email: 'membera01@example.org',
          class: 'fruit',
          account: 'memberb01',
          id: people!.memberB.id,
        },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().d).toBe(`fruit;改名的甲;membera01@example.org;${people!.memberA.id}`);
      // B's address cannot be taken over either.
      const takeover = await test.app.inject({
        method: 'POST',
        url: '/api/info/userUpdate',
        headers: as('memberA'),
        payload: { name: '改名的甲', email: 'memberb01@example.org', class: 'fruit' },
      });
      // Answered as any change (nothing tells that B has it), but it only waits: B keeps it, B is told.
      expect(takeover.statusCode).toBe(200);
      expect(takeover.json().pending_email).toBe('memberb01@example.org');
      expect(await profileOfB()).toEqual(before);
      await test.app.services.accounts.cancelEmailChange(people!.memberA.id);
      await test.app.inject({
        method: 'POST',
        url: '/api/info/userUpdate',
        headers: as('memberA'),
        payload: profileOf('memberA'),
      });
    });

    it("cannot cancel member B's order nor give its transfer digits from /member, nor look it up", async () => {
      const { catalogue } = test.app.services;
      const viewerOfB = {
        memberId: people!.memberB.id,
        account: 'memberB',
        name: '測試memberB',
        roles: [],
        sessionId: '',
        via: 'session' as const,
      };
      const [product] = await catalogue.listShown('products');
      await catalogue.addCartLine(people!.memberB.id, product!.id, 1);
      const order = await catalogue.submitInquiry(viewerOfB, {
        name: '測試memberB',
        email: 'memberb01@example.org',
        telephone: '04-2330-2101',
        company_name: '示範農場',
        address: '',
        message: '請報價',
      });
      const post = (person: TestPerson, body: Record<string, string>) =>
        test.app.inject({
          method: 'POST',
          url: '/member/orders',
          payload: new URLSearchParams(body).toString(),
          headers: { ...as(person), 'content-type': 'application/x-www-form-urlencoded' },
        });
      const cancel = await post('memberA', { intent: 'cancel', order: String(order.id) });
      expect(cancel.headers.location).toBe(`/member?orders=not-found&id=${order.id}#member-orders`);
      const digits = await post('memberA', { intent: 'transfer', order: String(order.id), digits: '12345' });
      expect(digits.headers.location).toContain('orders=not-found');
      const lookUp = await test.app.inject({ url: `/member?order=${order.order_number}`, headers: as('memberA') });
      expect(lookUp.body).toContain('找不到編號');
      expect(lookUp.body).not.toContain('送出末五碼');
      const [after] = await catalogue.listMemberOrders(people!.memberB.id, { number: order.order_number });
      expect(after).toMatchObject({ status: 'new', last_number_of_transfer: null });
      // B's own post does it.
      const own = await post('memberB', { intent: 'transfer', order: String(order.id), digits: '54321' });
      expect(own.headers.location).toContain('orders=digits-saved');
      const [changed] = await catalogue.listMemberOrders(people!.memberB.id, { number: order.order_number });
      expect(changed?.last_number_of_transfer).toBe('54321');
    });

    it("cannot sign out member B's device from their own /member list, and signs out their own other one", async () => {
      const form = (person: TestPerson, body: Record<string, string>, headers = as(person)) =>
        test.app.inject({
          method: 'POST',
          url: '/member',
          payload: new URLSearchParams(body).toString(),
          headers: { ...headers, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
        });
      const idsOf = async (memberId: number) =>
        (
          await test.app.db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.memberId, memberId))
        ).map((row) => row.idHash.slice(0, 16));
      const ofB = await idsOf(people!.memberB.id);
      expect(ofB.length).toBeGreaterThan(0);
      const pageOfA = (await test.app.inject({ url: '/member', headers: as('memberA') })).body;
      expect(pageOfA).toContain('已登入的裝置');
      expect(pageOfA).toContain('（這個裝置）');
      for (const id of ofB) {
        expect(pageOfA).not.toContain(id);
        const refused = await form('memberA', { intent: 'end-session', session: id });
        expect(refused.statusCode).toBe(404);
      }
      expect(await idsOf(people!.memberB.id)).toEqual(ofB);
      expect((await test.app.inject({ url: '/api/v1/session', headers: as('memberB') })).json().data).not.toBeNull();
      // Their own second device: listed, and signed out from here.
      const before = new Set(await idsOf(people!.memberA.id));
      const second = await signInAgain(test.app, people!.memberA);
      const secondId = (await idsOf(people!.memberA.id)).find((id) => !before.has(id))!;
      expect((await test.app.inject({ url: '/member', headers: as('memberA') })).body).toContain(secondId);
      const ended = await form('memberA', { intent: 'end-session', session: secondId });
      expect(ended.statusCode).toBe(200);
      expect((await test.app.inject({ url: '/api/v1/session', headers: second.headers })).json().data).toBeNull();
      expect((await test.app.inject({ url: '/api/v1/session', headers: as('memberA') })).json().data).not.toBeNull();
    });

    it("cannot see nor cancel member B's alert subscription from their own 我的通知 (decision 0426)", async () => {
      // A client address of its own: the other checks here spend the shared one's form budget (20 a minute).
      const remoteAddress = '192.0.2.26';
      const subscribed = await test.app.inject({
        remoteAddress,
        method: 'POST',
        url: '/api/v1/alerts/subscriptions/email',
        payload: { crop: '水稻', counties: ['臺中市'], email: 'b-alerts@example.org' },
        headers: as('memberB'),
      });
      expect(subscribed.statusCode, subscribed.body).toBe(200);
      const rowOfB = async () =>
        (
          await test.app.db
            .select({ id: alertSubscriptions.id })
            .from(alertSubscriptions)
            .where(eq(alertSubscriptions.target, 'b-alerts@example.org'))
        )[0];
      const id = String((await rowOfB())!.id);
      const cancel = (person: TestPerson) =>
        test.app.inject({
          remoteAddress,
          method: 'POST',
          url: '/member/alerts',
          payload: new URLSearchParams({ subscription: id }).toString(),
          headers: { ...as(person), 'content-type': 'application/x-www-form-urlencoded' },
        });
      const pageOfA = (await test.app.inject({ url: '/member', headers: as('memberA') })).body;
      expect(pageOfA).toContain('我的通知');
      expect(pageOfA).not.toContain('b-alerts@example.org');
      expect((await cancel('memberA')).headers.location).toContain('alerts=gone');
      expect(await rowOfB()).toBeDefined();
      expect((await test.app.inject({ url: '/member', headers: as('memberB') })).body).toContain(
        'b-alerts@example.org',
      );
      expect((await cancel('memberB')).headers.location).toContain('alerts=cancelled');
      expect(await rowOfB()).toBeUndefined();
    });

    it('changes their e-mail on /member only with their current password, and the change waits for the new address', async () => {
      const post = (body: Record<string, string>) =>
        test.app.inject({
          method: 'POST',
          url: '/member',
          payload: new URLSearchParams(body).toString(),
          headers: { ...as('memberA'), 'content-type': 'application/x-www-form-urlencoded' },
        });
      const profile = {
        intent: 'profile',
        name: '測試memberA',
        email: 'membera-moved@example.org',
        memberClass: 'all',
      };
      const missing = await post(profile);
      expect(missing.statusCode).toBe(400);
      const wrong = await post({ ...profile, currentPassword: 'Not-The-Password-1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain('目前的密碼不正確');
      const rowOfA = async () =>
        (await test.app.db.select().from(members).where(eq(members.id, people!.memberA.id)))[0];
      expect(await rowOfA()).toMatchObject({ email: 'membera01@example.org', pendingEmail: null });
      const right = await post({ ...profile, currentPassword: 'Green-Field-2026' });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('確認信已寄到 membera-moved@example.org');
      expect(await rowOfA()).toMatchObject({
        email: 'membera01@example.org',
        pendingEmail: 'membera-moved@example.org',
      });
      const page = (await test.app.inject({ url: '/member', headers: as('memberA') })).body;
      expect(page).toContain('等待確認的電子郵件');
      expect((await post({ intent: 'cancel-email' })).statusCode).toBe(200);
      expect(await rowOfA()).toMatchObject({ email: 'membera01@example.org', pendingEmail: null });
    });

    it("cannot reach member B's consultation case, on the desk or on /member", async () => {
      for (const url of [
        `/api/v1/admin/consultation/cases/${samples.caseId}`,
        `/api/v1/admin/consultation/cases/${samples.caseId}/photos/${samples.casePhotoId}`,
        `/admin/consultation-cases/${samples.caseId}`,
        '/api/v1/admin/resources/consultation-cases',
      ]) {
        const response = await test.app.inject({ url, headers: as('memberA') });
        expect(response.statusCode, url).toBe(403);
        expect(response.body).not.toContain('memberb01@example.org');
      }
      for (const [path, payload] of [
        ['reply', { reply: '冒充專家' }],
        ['note', { note: '冒充' }],
        ['publish', { published: true }],
        ['assign', { expertId: people!.memberA.id }],
      ] as const) {
        const url = `/api/v1/admin/consultation/cases/${samples.caseId}/${path}`;
        expect((await test.app.inject({ method: 'POST', url, payload, headers: as('memberA') })).statusCode, url).toBe(
          403,
        );
      }
      // React separates text parts with empty comments.
      const page = async (person: TestPerson) =>
        (await test.app.inject({ url: '/member', headers: as(person) })).body.replaceAll('<!-- -->', '');
      const own = await page('memberA');
      expect(own).toContain('您還沒有送出影像諮詢');
      expect(own).not.toContain(`案件編號 ${samples.caseId}：`);
      expect(await page('memberB')).toContain(`案件編號 ${samples.caseId}：`);
    });

    it('cannot grant themselves or member B a role, nor disable B', async () => {
      for (const [method, url, payload] of [
        ['PATCH', `/api/v1/admin/resources/members/${people!.memberA.id}`, { roles: ['admin'], disabled: false }],
        ['PATCH', `/api/v1/admin/resources/members/${people!.memberB.id}`, { roles: [], disabled: true }],
        ['POST', `/api/v1/admin/resources/members/${people!.memberB.id}/disable`, {}],
      ] as const) {
        const response = await test.app.inject({ method, url, payload, headers: as('memberA') });
        expect(response.statusCode, url).toBe(403);
      }
      const form = await test.app.inject({
        method: 'POST',
        url: `/admin/members/${people!.memberB.id}/edit`,
        payload: 'roles=admin',
        headers: { ...as('memberA'), 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.statusCode).toBe(403);
      expect((await profileOfB()).roles).toEqual(['member']);
      expect((await test.app.inject({ url: '/api/v1/session', headers: as('memberB') })).json().data).not.toBeNull();
    });
  });
});
