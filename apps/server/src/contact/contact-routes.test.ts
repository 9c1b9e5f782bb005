import { randomUUID } from 'node:crypto';
import { accountMessages, contactMessages as messages, robotMissingMessage } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailbox, solveAltcha } from '../accounts/test/account-test-client';
import { readMime } from '../test/read-mime';
import { auditLog } from '../platform/audit/audit-log.schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signInPeople, type SignedInPerson, type TestPerson } from '../test/signed-in-people';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer';
import { contactMessages } from './schema';

const guest = { authorization: `Basic ${Buffer.from('guest:guest').toString('base64')}` };

describe('contact: POST /api/v1/contacts, the feedback form and the staff inbox', () => {
  let test: TestApp;
  let peer: SmtpPeer;
  let mailbox: Mailbox;
  let people: Record<TestPerson, SignedInPerson>;
  let ip = 1;

  const form = (overrides: Record<string, unknown> = {}) => ({
    name: '林小農',
    email: 'farmer@example.org',
    company_name: '斗南果菜生產合作社',
    country: 'TW',
    industry: 'cooperative',
    telephone: '05-597-1234',
    title: '性費洛蒙誘引劑的訂購',
    message: '請問斜紋夜蛾性費洛蒙誘引劑一次最少可訂多少？',
    key: randomUUID(),
    ...overrides,
  });
  const send = (payload: object, headers: Record<string, string> = {}, url = '/api/v1/contacts') =>
    test.app.inject({ method: 'POST', url, payload, headers, remoteAddress: `203.0.113.${ip++}` });
  const as = (person: TestPerson) => ({ ...people[person].headers, 'sec-fetch-site': 'same-origin' });

  beforeAll(async () => {
    peer = await startSmtpPeer();
    mailbox = new Mailbox(peer);
    test = await buildTestApp({
      SEED_DEMO_CONTENT: 'false',
      RATE_LIMIT_FORM_MAX: '1000',
      SMTP_URL: peer.url,
      JOBS_POLL_SECONDS: '0.5',
      PUBLIC_URL: 'https://pest.example.org',
    });
    people = await signInPeople(test.app);
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await peer?.close();
  });

  it('refuses a message without the robot check with the spec message, and stores nothing', async () => {
    const body = form();
    const response = await send(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([{ path: 'token', message: robotMissingMessage }]);
    expect(robotMissingMessage).toContain('Please verify that I am not a robot');
    const stored = await test.app.db.select().from(contactMessages).where(eq(contactMessages.idempotencyKey, body.key));
    expect(stored).toEqual([]);
  });

  it('answers each missing or wrong field with its message', async () => {
    const response = await send({
      ...form({
        name: '',
        email: 'not-an-email',
        company_name: ' ',
        country: 'XX',
        industry: 'mining',
        telephone: 'call me',
        website: 'www.example.org',
        title: '',
        message: '蟲'.repeat(201),
      }),
      token: await solveAltcha(test.app),
    });
    expect(response.statusCode).toBe(400);
    const byField = Object.fromEntries(
      response
        .json<{ error: { issues: Array<{ path: string; message: string }> } }>()
        .error.issues.map((issue) => [issue.path, issue.message]),
    );
    expect(byField).toMatchObject({
      name: messages.nameRequired,
      email: messages.emailInvalid,
      company_name: messages.companyRequired,
      country: messages.countryRequired,
      industry: messages.industryInvalid,
      telephone: messages.telephoneInvalid,
      website: messages.websiteInvalid,
      title: messages.titleRequired,
      message: messages.messageTooLong,
    });
    // 200 characters are fine; the optional fields may be left out or empty.
    const fine = await send({
      ...form({ message: '蟲'.repeat(200), industry: '', fax: '', website: '', address: '' }),
      token: await solveAltcha(test.app),
    });
    expect(fine.statusCode).toBe(201);
  });

  it('stores a visitor message inactive, mails the staff, and refuses the spent robot check', async () => {
    const token = await solveAltcha(test.app);
    const body = form({ address: '雲林縣斗南鎮', fax: '05-597-1235', website: 'https://coop.example.org' });
    const response = await send({ ...body, token });
    expect(response.statusCode).toBe(201);
    const created = response.json().data;
    expect(created).toEqual({ id: expect.any(Number), status: 0, message: messages.sent });
    const [row] = await test.app.db.select().from(contactMessages).where(eq(contactMessages.id, created.id));
    expect(row).toMatchObject({ kind: 'contact', status: 0, companyName: '斗南果菜生產合作社', memberId: null });

    const link = `https://pest.example.org/admin/contact-messages/${created.id}`;
    for (const staff of ['editor01@example.org', 'admin01@example.org']) {
      const received = await peer.waitFor(
        (candidate) => candidate.to.includes(staff) && (readMime(candidate.raw).text ?? '').includes(link),
      );
      const mail = readMime(received.raw);
      expect(mail.subject).toContain(body.title);
      expect(mail.text).toContain(body.message);
      expect(mail.text).toContain(link);
      // Editors are told without the sender's details; admins get them (decision 0299).
      if (staff.startsWith('editor')) {
        expect(mail.text).not.toContain(body.email);
        expect(mail.text).not.toContain(body.telephone);
        expect(mail.text).not.toContain(body.name);
      } else expect(mail.text).toContain(body.email);
    }
    // Members and experts do not keep the inbox.
    expect(
      peer.received.some(
        (received) =>
          received.to.includes('membera01@example.org') && (readMime(received.raw).text ?? '').includes(link),
      ),
    ).toBe(false);

    // The same answer again with a new message is refused: used challenges are spent.
    const replay = await send({ ...form(), token });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(accountMessages.robotCheckFailed);
  });

  it('answers a retried submit with the same message, without a new robot check or mail', async () => {
    const body = form({ title: '重送測試' });
    const first = await send({ ...body, token: await solveAltcha(test.app) });
    const again = await send(body);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    const rows = await test.app.db.select().from(contactMessages).where(eq(contactMessages.idempotencyKey, body.key));
    expect(rows).toHaveLength(1);
  });

  it('takes the form through the guest path with the guest credentials, and from members with their session', async () => {
    const viaGuest = await send({ ...form(), token: await solveAltcha(test.app) }, guest, '/api/v1/guest/contacts');
    expect(viaGuest.statusCode).toBe(201);
    const wrongGuest = await send(
      { ...form(), token: await solveAltcha(test.app) },
      { authorization: `Basic ${Buffer.from('guest:nope').toString('base64')}` },
      '/api/v1/guest/contacts',
    );
    expect(wrongGuest.statusCode).toBe(401);

    const member = await send({ ...form(), token: await solveAltcha(test.app) }, as('memberA'));
    expect(member.statusCode).toBe(201);
    const [row] = await test.app.db.select().from(contactMessages).where(eq(contactMessages.id, member.json().data.id));
    expect(row?.memberId).toBe(people.memberA.id);
    // A member's cookie without the XSRF header is refused.
    const noXsrf = await send(
      { ...form(), token: await solveAltcha(test.app) },
      { cookie: people.memberA.headers.cookie!, 'sec-fetch-site': 'same-origin' },
    );
    expect(noXsrf.statusCode).toBe(403);
  });

  it('takes the short feedback form into the same inbox', async () => {
    const key = randomUUID();
    const missing = await send({ message: '字太小了', key }, {}, '/api/v1/feedback');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues).toEqual([{ path: 'token', message: robotMissingMessage }]);
    const response = await send(
      { message: '手機上的查詢頁字太小了', key, page: '/search/bug', token: await solveAltcha(test.app) },
      {},
      '/api/v1/feedback',
    );
    expect(response.statusCode).toBe(201);
    const [row] = await test.app.db.select().from(contactMessages).where(eq(contactMessages.idempotencyKey, key));
    expect(row).toMatchObject({ kind: 'feedback', status: 0, email: '', page: '/search/bug' });
    expect(row?.title).toBe('意見回饋：手機上的查詢頁字太小了');
  });

  it('shows who wrote to admins alone: editors reply without the sender’s details; each view is audited (decision 0299)', async () => {
    const body = form({
      title: '想問防治資材',
      name: '林美華',
      email: 'sender@example.org',
      telephone: '0912-345-678',
    });
    const created = (await send({ ...body, token: await solveAltcha(test.app) })).json().data;
    const url = '/api/v1/admin/resources/contact-messages';
    const views = async () =>
      (
        await test.app.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'view-personal-data'), eq(auditLog.entity, 'contact-messages')))
      ).filter((entry) => entry.entityId === String(created.id));

    const list = await test.app.inject({ url: `${url}?handled=no`, headers: as('editor') });
    const detail = await test.app.inject({ url: `${url}/${created.id}`, headers: as('editor') });
    const row = (list.json().data.rows as Array<Record<string, unknown>>).find((item) => item.id === created.id)!;
    for (const shown of [row, detail.json().data]) {
      expect(shown.title).toBe('想問防治資材');
      for (const field of ['name', 'email', 'telephone', 'company_name', 'address']) expect(shown[field]).toBeNull();
    }
    for (const answer of [list.body, detail.body]) {
      expect(answer).not.toContain('sender@example.org');
      expect(answer).not.toContain('林美華');
      expect(answer).not.toContain('0912-345-678');
    }
    const search = await test.app.inject({ url: `${url}?q=${encodeURIComponent('林美華')}`, headers: as('editor') });
    expect(search.statusCode).toBe(400);
    expect(await views()).toHaveLength(0);

    const asAdmin = await test.app.inject({ url: `${url}/${created.id}`, headers: as('admin') });
    expect(asAdmin.json().data).toMatchObject({ name: '林美華', email: 'sender@example.org' });
    const written = await views();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ actorId: people.admin.id, actorLabel: 'admin01' });
    // The editor's reply still reaches the sender: the site mails it.
    const reply = await test.app.inject({
      method: 'PATCH',
      url: `${url}/${created.id}`,
      payload: { reply: '您好，請參考防治資材清單。' },
      headers: as('editor'),
    });
    expect(reply.statusCode).toBe(200);
    expect((await mailbox.next('sender@example.org')).text).toContain('防治資材清單');
  });

  it('lists the inbox for editors and admins only; a reply is mailed, marks the message handled and is audited', async () => {
    const body = form({ title: '誘引劑的價格', email: 'asker@example.org' });
    const created = (await send({ ...body, token: await solveAltcha(test.app) })).json().data;
    const url = '/api/v1/admin/resources/contact-messages';
    for (const person of ['memberA', 'expert'] as const) {
      expect((await test.app.inject({ url, headers: as(person) })).statusCode).toBe(403);
    }
    const list = await test.app.inject({
      url: `${url}?handled=no&q=${encodeURIComponent('誘引劑的價格')}`,
      headers: as('admin'),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.rows).toEqual([
      expect.objectContaining({ id: created.id, title: '誘引劑的價格', handled: false, kind: 'contact' }),
    ]);

    const reply = '您好，每包 10 個，最少訂 1 包。';
    const patch = () =>
      test.app.inject({ method: 'PATCH', url: `${url}/${created.id}`, payload: { reply }, headers: as('editor') });
    expect((await patch()).statusCode).toBe(200);
    const mail = await mailbox.next('asker@example.org');
    expect(mail.subject).toContain('回覆：誘引劑的價格');
    expect(mail.text).toContain(reply);
    // A double click sends nothing twice.
    expect((await patch()).statusCode).toBe(200);
    const detail = (await test.app.inject({ url: `${url}/${created.id}`, headers: as('admin') })).json().data;
    expect(detail).toMatchObject({ handled: true, reply, handled_by: '測試editor' });
    const audits = await test.app.db.select().from(auditLog).where(eq(auditLog.entity, 'contact-message'));
    expect(audits.filter((entry) => entry.entityId === String(created.id))).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(peer.received.filter((received) => received.to.includes('asker@example.org'))).toHaveLength(1);

    // Marking a handled message again is refused; an open one can be marked.
    const markAgain = await test.app.inject({
      method: 'POST',
      url: `${url}/${created.id}/mark-handled`,
      headers: as('admin'),
    });
    expect(markAgain.statusCode).toBe(409);
    const open = (await send({ ...form(), token: await solveAltcha(test.app) })).json().data;
    // The admin home counts what waits (decision 0377): editors and admins, not experts.
    const waiting = async (person: 'editor' | 'expert') =>
      (await test.app.inject({ url: '/api/v1/admin/figures', headers: as(person) })).json().data['contact-messages'] as
        | Array<{ label: string; value: number; query: string }>
        | undefined;
    const [unhandled] = (await waiting('editor')) ?? [];
    expect(unhandled).toMatchObject({ label: '未處理訊息', query: 'handled=no' });
    const openCount = await test.app.inject({ url: `${url}?handled=no`, headers: as('admin') });
    expect(unhandled!.value).toBe(openCount.json().data.total);
    expect(unhandled!.value).toBeGreaterThanOrEqual(1);
    expect(await waiting('expert')).toBeUndefined();
    const mark = await test.app.inject({ method: 'POST', url: `${url}/${open.id}/mark-handled`, headers: as('admin') });
    expect(mark.statusCode).toBe(200);
    const [row] = await test.app.db.select().from(contactMessages).where(eq(contactMessages.id, open.id));
    expect(row?.status).toBe(1);
  });
});
