import { personalDataMessages } from '@pest/contracts';
import { and, desc, eq, ilike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { orders, products, shoppingCarts } from '../../catalogue/schema';
import { consultationCasePhotos, consultationCases } from '../../consultation/schema';
import { insertSubmittedCase } from '../../consultation/test/insert-case';
import { contactMessages } from '../../contact/schema';
import { discussionComments, discussionIdentities, discussionQuestions } from '../../discussion/schema';
import { askAs, commentAs, demoIdentity } from '../../discussion/test/ask-as-demo';
import { auditLog } from '../../platform/audit/audit-log.schema';
import { recordAudit } from '../../platform/audit/record-audit';
import { redactedMailText } from '../../platform/mail/redact-outbox';
import { mailOutbox } from '../../platform/mail/mail-outbox.schema';
import { personalDataExports } from '../../platform/personal-data/personal-data-exports.schema';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { accountTokens, members, sessions } from '../schema';
import { CookieClient } from '../test/account-test-client';

const password = 'Quiet-Orchard-2026';

/** The entries of a ZIP: name → bytes. */
function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('personal data: download everything, delete the account, LINE rights, retention', () => {
  let test: TestApp;
  let nextIp = 1;
  let productId: number;

  /** Waits, without sleeping blindly, until `check` answers something. */
  async function until<T>(check: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A confirmed member signed in through the real login call, with the XSRF cookie. */
  async function member(account: string, roles: Array<'admin' | 'editor'> = []) {
    const { member: row } = await test.app.services.accounts.register(
      { account, name: `姓名${account}`, email: `${account}@example.org`, memberClass: 'all', password },
      { signIn: false },
    );
    await test.app.db.update(members).set({ emailConfirmedAt: new Date() }).where(eq(members.id, row.id));
    for (const role of roles)
      await test.app.services.accounts.grantRole({ memberId: null, label: 'cli' }, row.id, role);
    const browser = new CookieClient(test.app, `192.0.2.${nextIp++}`);
    const login = await browser.call('logini', { a1: account, a2: password });
    expect(login.statusCode, login.body).toBe(200);
    await browser.request({ url: '/api/v1/session' });
    return { id: row.id, account, email: `${account}@example.org`, browser };
  }

  /** The link of the newest "副本已備妥" mail to `email`, once the job queued it. */
  async function downloadLink(email: string): Promise<string> {
    return until(async () => {
      const [mail] = await test.app.db
        .select({ text: mailOutbox.text })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), ilike(mailOutbox.subject, '%副本已備妥%')))
        .orderBy(desc(mailOutbox.id))
        .limit(1);
      return mail ? (/(\/member\/personal-data\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? null) : null;
    }, 'the download mail');
  }

  beforeAll(async () => {
    test = await buildTestApp({
      SEED_DEMO_CONTENT: 'false',
      JOBS_POLL_SECONDS: '0.5',
      RATE_LIMIT_LOGIN_MAX: '1000',
      RATE_LIMIT_FORM_MAX: '1000',
    });
    const [product] = await test.app.db.insert(products).values({ title: '黃色黏紙' }).returning({ id: products.id });
    productId = product!.id;
  }, 120_000);
  afterAll(() => test?.close());

  it('a member downloads one ZIP of everything (JSON and photos) through a mailed link that works once and only for them', async () => {
    const a = await member('export01');
    const b = await member('export02');
    const caseId = await insertSubmittedCase(test.app, {
      memberId: a.id,
      askerName: '林小農',
      askerEmail: a.email,
      photos: 2,
    });
    await test.app.db.insert(shoppingCarts).values({ members_id: a.id, products_id: productId, qty: 3 });
    await test.app.db.insert(orders).values({
      order_number: 'T-EXPORT-1',
      members_id: a.id,
      name: '林小農',
      email: a.email,
      telephone: '0911222333',
      company_name: '林家農場',
      message: '請報價',
      product_info: [{ product_id: productId, product_name: '黃色黏紙', qty: 3 }],
    });

    const anonymous = await test.app.inject({ method: 'POST', url: '/api/v1/members/me/personal-data-exports' });
    expect(anonymous.statusCode).toBe(401);
    const asked = await a.browser.request({
      method: 'POST',
      url: '/api/v1/members/me/personal-data-exports',
      xsrf: true,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const again = await a.browser.request({
      method: 'POST',
      url: '/api/v1/members/me/personal-data-exports',
      xsrf: true,
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toBe(personalDataMessages.exportBudget);

    const link = await downloadLink(a.email);
    // Another member's session, or none, never gets the file.
    const asB = await b.browser.request({ url: link });
    expect(asB.statusCode).toBe(303);
    expect(asB.headers.location).toBe('/member/personal-data?link=used');
    const signedOut = await test.app.inject({ url: link });
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toMatch(/^\/login\?redirect=%2Fmember%2Fpersonal-data%2F/);

    const download = await a.browser.request({ url: link });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['cache-control']).toBe('private, no-store');
    const entries = await readZip(download.rawPayload);
    expect([...entries.keys()]).toEqual(
      expect.arrayContaining([
        'README.txt',
        'accounts/profile.json',
        'accounts/sign-in-history.json',
        'catalogue/cart.json',
        'catalogue/orders.json',
        'consultation/cases.json',
        `consultation/cases/${caseId}/pic1-1.jpg`,
        `consultation/cases/${caseId}/pic1-2.jpg`,
        'contact/messages.json',
      ]),
    );
    const json = (name: string) => JSON.parse(entries.get(name)!.toString('utf8'));
    expect(json('accounts/profile.json')).toMatchObject({ account: 'export01', email: a.email });
    expect(json('accounts/sign-in-history.json').signed_in_devices.length).toBeGreaterThan(0);
    expect(json('catalogue/orders.json')[0]).toMatchObject({ order_number: 'T-EXPORT-1', telephone: '0911222333' });
    expect(json('catalogue/cart.json')[0]).toMatchObject({ product_name: '黃色黏紙', qty: 3 });
    expect(json('consultation/cases.json')[0]).toMatchObject({ id: caseId, name: '林小農' });
    // The photo is the stored JPEG itself.
    expect(entries.get(`consultation/cases/${caseId}/pic1-1.jpg`)!.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(JSON.stringify([...entries.values()].map(String))).not.toContain('export02');

    const twice = await a.browser.request({ url: link });
    expect(twice.statusCode).toBe(303);
    // The hourly cleanup removes a downloaded ZIP.
    const [row] = await test.app.db.select().from(personalDataExports).where(eq(personalDataExports.subjectId, a.id));
    expect(await test.app.storage.stat(row!.storageKey!)).not.toBeNull();
    expect(await test.app.personalData.removeOldExports()).toBe(1);
    expect(await test.app.storage.stat(row!.storageKey!)).toBeNull();
  });

  it('a download nobody fetched expires after 7 days: the hourly job removes the ZIP and the link opens nothing', async () => {
    const c = await member('expire01');
    const asked = await c.browser.request({
      method: 'POST',
      url: '/api/v1/members/me/personal-data-exports',
      xsrf: true,
    });
    expect(asked.statusCode).toBe(202);
    const link = await downloadLink(c.email);
    const [row] = await test.app.db.select().from(personalDataExports).where(eq(personalDataExports.subjectId, c.id));
    await test.app.personalData.removeOldExports(new Date(Date.now() + 6 * 86_400_000));
    expect(await test.app.storage.stat(row!.storageKey!)).not.toBeNull();
    await test.app.personalData.removeOldExports(new Date(Date.now() + 8 * 86_400_000));
    expect(await test.app.storage.stat(row!.storageKey!)).toBeNull();
    const [expired] = await test.app.db.select().from(personalDataExports).where(eq(personalDataExports.id, row!.id));
    expect(expired).toMatchObject({ state: 'expired', storageKey: null, tokenHash: null });
    expect((await c.browser.request({ url: link })).headers.location).toBe('/member/personal-data?link=used');
  });

  it('deleting the account needs the password, ends every session, erases profile, cart, unpublished cases, files, mail and audit data, blanks orders and frees the address', async () => {
    const a = await member('erase01');
    const other = new CookieClient(test.app, '192.0.2.250');
    await other.call('logini', { a1: 'erase01', a2: password });
    const draft = await insertSubmittedCase(test.app, {
      memberId: a.id,
      askerName: '陳大明',
      askerEmail: a.email,
      photos: 1,
    });
    const published = await insertSubmittedCase(test.app, {
      memberId: a.id,
      askerName: '陳大明',
      askerEmail: a.email,
      photos: 1,
    });
    await test.app.db
      .update(consultationCases)
      .set({ status: 'answered', replyHtml: '<p>請摘除病葉。</p>', publishedAt: new Date() })
      .where(eq(consultationCases.id, published));
    const [draftPhoto] = await test.app.db
      .select({ id: consultationCasePhotos.storedFileId, key: storedFiles.storageKey })
      .from(consultationCasePhotos)
      .innerJoin(storedFiles, eq(storedFiles.id, consultationCasePhotos.storedFileId))
      .where(eq(consultationCasePhotos.caseId, draft));
    await test.app.db.insert(shoppingCarts).values({ members_id: a.id, products_id: productId, qty: 1 });
    const [order] = await test.app.db
      .insert(orders)
      .values({
        order_number: 'T-ERASE-1',
        members_id: a.id,
        name: '陳大明',
        email: a.email,
        telephone: '0933444555',
        company_name: '陳家農場',
        address: '臺中市霧峰區',
        message: '請寄到家裡',
        product_info: [{ product_id: productId, product_name: '黃色黏紙', qty: 1 }],
        last_number_of_transfer: '12345',
      })
      .returning({ id: orders.id });
    await test.app.db.insert(contactMessages).values({
      idempotencyKey: crypto.randomUUID(),
      name: '陳大明',
      email: a.email,
      title: '詢問',
      message: '我的田在霧峰',
      memberId: a.id,
    });
    await test.app.db.transaction(async (tx) => {
      await test.app.mail.queue(tx, { to: a.email, subject: '您好', text: `陳大明 您好，您的帳號 erase01 已建立。` });
      await recordAudit(tx, {
        actor: { memberId: null, label: 'cli' },
        action: 'member.grant-role',
        entity: 'member',
        entityId: a.id,
        before: { roles: ['member'], email: a.email, name: '陳大明' },
        after: { roles: ['member', 'editor'] },
      });
      await recordAudit(tx, {
        actor: { memberId: null, label: 'cli' },
        action: 'order.move',
        entity: 'order',
        entityId: order!.id,
        before: { status: 'new', email: a.email },
        after: { status: 'confirmed' },
      });
    });

    // One mail already sent, one still queued: the sent one keeps its row, blanked; the queued one never goes.
    const [sentMail] = await test.app.db
      .insert(mailOutbox)
      .values({
        to: a.email,
        subject: '已寄出',
        text: '陳大明 您好',
        messageId: '<sent@test>',
        state: 'sent',
        sentAt: new Date(),
      })
      .returning({ id: mailOutbox.id });
    const wrong = await a.browser.request({
      method: 'DELETE',
      url: '/api/v1/members/me',
      payload: { password: 'not-it-2026' },
      xsrf: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(personalDataMessages.wrongPassword);
    expect(await test.app.db.select().from(members).where(eq(members.id, a.id))).toHaveLength(1);

    const deleted = await a.browser.request({
      method: 'DELETE',
      url: '/api/v1/members/me',
      payload: { password },
      xsrf: true,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(String(deleted.headers['set-cookie'])).toMatch(/pest_session=;/);
    expect(await test.app.db.select().from(members).where(eq(members.id, a.id))).toHaveLength(0);
    expect(await test.app.db.select().from(sessions).where(eq(sessions.memberId, a.id))).toHaveLength(0);
    expect(await test.app.db.select().from(accountTokens).where(eq(accountTokens.memberId, a.id))).toHaveLength(0);
    expect((await other.request({ url: '/api/v1/session' })).json().data).toBeNull();
    expect(await test.app.db.select().from(shoppingCarts).where(eq(shoppingCarts.members_id, a.id))).toHaveLength(0);
    expect(await test.app.db.select().from(contactMessages).where(eq(contactMessages.memberId, a.id))).toHaveLength(0);
    // The unpublished case is gone with its photo's row and bytes.
    expect(await test.app.db.select().from(consultationCases).where(eq(consultationCases.id, draft))).toHaveLength(0);
    expect(await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, draftPhoto!.id))).toHaveLength(0);
    expect(await test.app.storage.stat(draftPhoto!.key)).toBeNull();
    // The published case stays as the archive shows it.
    const [kept] = await test.app.db.select().from(consultationCases).where(eq(consultationCases.id, published));
    expect(kept).toMatchObject({
      askerName: '陳OO',
      askerEmail: '',
      askerPhone: '',
      memberId: null,
      followTokenHash: null,
    });
    // The order keeps what the accounts need.
    const [blanked] = await test.app.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(blanked).toMatchObject({
      order_number: 'T-ERASE-1',
      members_id: 0,
      name: '',
      email: '',
      telephone: '',
      address: '',
      message: '',
      company_name: '陳家農場',
      last_number_of_transfer: '12345',
      status: 'new',
    });
    // Mail outbox and audit log: no address, name or text of theirs is left.
    const outbox = await test.app.db.select().from(mailOutbox);
    expect(JSON.stringify(outbox)).not.toContain(a.email);
    expect(outbox.find((mail) => mail.id === sentMail!.id)).toMatchObject({
      to: '',
      subject: redactedMailText,
      text: redactedMailText,
      state: 'sent',
    });
    expect(outbox.filter((mail) => mail.subject === '您好')).toEqual([]);
    const audit = await test.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(a.id)));
    expect(audit.find((entry) => entry.action === 'member.grant-role')).toMatchObject({
      before: { roles: ['member'], email: '（已刪除）', name: '（已刪除）' },
      after: { roles: ['member', 'editor'] },
    });
    expect(audit.find((entry) => entry.action === 'member.erase')).toMatchObject({
      actorLabel: '會員本人',
      after: { reason: 'member-request' },
    });
    const orderAudit = await test.app.db.select().from(auditLog).where(eq(auditLog.action, 'order.move'));
    expect(orderAudit[0]).toMatchObject({
      before: { status: 'new', email: '（已刪除）' },
      after: { status: 'confirmed' },
    });
    // The address and account may be registered again.
    const again = await test.app.services.accounts.register(
      { account: 'erase01', name: '新會員', email: a.email, memberClass: 'all', password },
      { signIn: false },
    );
    expect(again.member.id).not.toBe(a.id);
  });

  it('the last admin cannot delete the account; with a second admin they can', async () => {
    const admin = await member('lastadmin01', ['admin']);
    const refused = await admin.browser.request({
      method: 'DELETE',
      url: '/api/v1/members/me',
      payload: { password },
      xsrf: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(personalDataMessages.lastAdmin);
    expect(await test.app.db.select().from(members).where(eq(members.id, admin.id))).toHaveLength(1);
    await member('lastadmin02', ['admin']);
    const allowed = await admin.browser.request({
      method: 'DELETE',
      url: '/api/v1/members/me',
      payload: { password },
      xsrf: true,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('someone known only through LINE downloads and erases their posts, photos and identity from the discussion session', async () => {
    const line = await demoIdentity(test.app, '阿土伯');
    const headers = { cookie: line };
    const questionId = await askAs(test.app, headers, '稻葉上有褐色斑點');
    const peer = await demoIdentity(test.app, '鄰居');
    const answer = await commentAs(test.app, { cookie: peer }, questionId, '可能是胡麻葉枯病');
    const ownComment = await commentAs(test.app, headers, questionId, '謝謝');
    const [identity] = await test.app.db
      .select()
      .from(discussionIdentities)
      .where(eq(discussionIdentities.displayName, '示範：阿土伯'));
    const [photo] = await test.app.db
      .select({ key: storedFiles.storageKey })
      .from(storedFiles)
      .where(eq(storedFiles.purpose, 'discussion-photo'))
      .orderBy(desc(storedFiles.createdAt))
      .limit(1);

    expect((await test.app.inject({ method: 'POST', url: '/api/v1/discussion/my-data/export' })).statusCode).toBe(401);
    // A line user id in the body names nobody: the session decides.
    const asked = await test.app.inject({
      method: 'POST',
      url: '/api/v1/discussion/my-data/export',
      headers,
      payload: { lineid: 'someone-else' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    await until(async () => {
      const status = await test.app.inject({ url: '/api/v1/discussion/my-data/export', headers });
      return status.json().data?.state === 'ready';
    }, 'the LINE download');
    expect(
      (await test.app.inject({ url: '/api/v1/discussion/my-data.zip', headers: { cookie: peer } })).statusCode,
    ).toBe(404);
    const zip = await test.app.inject({ url: '/api/v1/discussion/my-data.zip', headers });
    expect(zip.statusCode).toBe(200);
    const entries = await readZip(zip.rawPayload);
    expect(JSON.parse(entries.get('discussion/questions.json')!.toString())[0]).toMatchObject({
      id: questionId,
      describe: '稻葉上有褐色斑點',
    });
    expect(JSON.parse(entries.get('discussion/comments.json')!.toString())).toEqual([
      expect.objectContaining({ id: ownComment, content: '謝謝' }),
    ]);
    expect(entries.has(`discussion/questions/${questionId}/photo-1.jpg`)).toBe(true);
    expect((await test.app.inject({ url: '/api/v1/discussion/my-data.zip', headers })).statusCode).toBe(404);

    const unconfirmed = await test.app.inject({
      method: 'DELETE',
      url: '/api/v1/discussion/my-data',
      headers,
      payload: {},
    });
    expect(unconfirmed.statusCode).toBe(400);
    const erased = await test.app.inject({
      method: 'DELETE',
      url: '/api/v1/discussion/my-data',
      headers,
      payload: { confirm: true },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(String(erased.headers['set-cookie'])).toMatch(/pest_line_session=;/);
    expect(
      await test.app.db.select().from(discussionIdentities).where(eq(discussionIdentities.id, identity!.id)),
    ).toHaveLength(0);
    expect(
      await test.app.db.select().from(discussionQuestions).where(eq(discussionQuestions.id, questionId)),
    ).toHaveLength(0);
    expect(await test.app.db.select().from(discussionComments).where(eq(discussionComments.id, answer))).toHaveLength(
      0,
    );
    expect(await test.app.storage.stat(photo!.key)).toBeNull();
    expect((await test.app.inject({ url: '/api/v1/discussion/my-data/export', headers })).statusCode).toBe(401);
  });

  it('an account never confirmed nor used is warned once a week ahead and erased at 30 days; a used one is kept', async () => {
    const { privacy } = test.app.services.accounts;
    const register = async (account: string) =>
      (
        await test.app.services.accounts.register(
          { account, name: `姓名${account}`, email: `${account}@example.org`, memberClass: 'all', password },
          { signIn: false },
        )
      ).member.id;
    const unused = await register('unused01');
    const used = await register('unused02');
    await insertSubmittedCase(test.app, { memberId: used, photos: 0 });
    const day = 24 * 60 * 60 * 1000;
    const warnedMails = () =>
      test.app.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, 'unused01@example.org'), ilike(mailOutbox.subject, '%7 天後刪除%')));

    // Other tests' unconfirmed members may be warned too: this test looks at its own two.
    await privacy.eraseUnusedAccounts(new Date(Date.now() + 20 * day));
    expect(await warnedMails()).toHaveLength(0);
    await privacy.eraseUnusedAccounts(new Date(Date.now() + 24 * day));
    expect(await warnedMails()).toHaveLength(1);
    const [warned] = await test.app.db.select().from(members).where(eq(members.id, unused));
    expect(warned?.unusedWarningSentAt).not.toBeNull();
    // The next day's run sends no second warning, and erases nothing before 30 days.
    await privacy.eraseUnusedAccounts(new Date(Date.now() + 25 * day));
    expect(await warnedMails()).toHaveLength(1);
    expect(await test.app.db.select().from(members).where(eq(members.id, unused))).toHaveLength(1);
    const result = await privacy.eraseUnusedAccounts(new Date(Date.now() + 32 * day));
    expect(result.erased).toBeGreaterThanOrEqual(1);
    expect(await test.app.db.select().from(members).where(eq(members.id, unused))).toHaveLength(0);
    expect(await test.app.db.select().from(members).where(eq(members.id, used))).toHaveLength(1);
    // The warning mail is erased with the account.
    expect(await warnedMails()).toHaveLength(0);
  });
});
