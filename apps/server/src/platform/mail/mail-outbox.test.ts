import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { featuresWithoutAuthenticator, headerIdentityFeature } from '../../test/header-identity-feature';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { readMime } from '../../test/read-mime';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { deleteOldMail } from './delete-old-mail';
import { mailOutbox } from './mail-outbox.schema';
import { sendMailJob } from './mail-outbox';
import { redactedMailText, redactOutboxFor, removeWrittenMailFiles } from './redact-outbox';

const withoutAuthenticator = featuresWithoutAuthenticator;

const headerIdentity = headerIdentityFeature({ memberId: 3, account: 'staff', name: '職員' });

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const confirmation = {
  subject: '請確認您的電子郵件',
  greeting: '王小明 您好：',
  paragraphs: ['感謝您註冊作物病蟲害資訊網。', '請按下方按鈕確認電子郵件 <b>並完成註冊</b>。'],
  action: { label: '確認電子郵件', url: '/confirm-email?token=abc&x=1' },
  notes: ['此連結 30 分鐘內有效。'],
};

async function mailRow(test: TestApp, id: number) {
  const [row] = await test.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

describe('the mail outbox over SMTP', () => {
  let test: TestApp;
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    test = await buildTestApp(
      { SMTP_URL: peer.url, JOBS_POLL_SECONDS: '0.5', PUBLIC_URL: 'https://pest.example.org' },
      { features: [...withoutAuthenticator, headerIdentity] },
    );
  });
  afterAll(async () => {
    await test?.close();
    await peer?.close();
  });

  it('sends a mail queued in a committed transaction, in Chinese, with text and HTML parts', async () => {
    const { app } = test;
    const mail = app.mail.compose(confirmation);
    await app.db
      .transaction(async (tx) => {
        await app.mail.queue(tx, { to: 'never@example.org', ...mail });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const id = await app.db.transaction((tx) => app.mail.queue(tx, { to: 'farmer@example.org', ...mail }));

    const received = await peer.waitFor((message) => message.to.includes('farmer@example.org'));
    const read = readMime(received.raw);
    expect(read.subject).toBe('【作物病蟲害資訊網】請確認您的電子郵件');
    expect(read.headers.get('from')).toContain('noreply@pest.example.org');
    expect(read.text).toContain('王小明 您好：');
    expect(read.text).toContain('https://pest.example.org/confirm-email?token=abc&x=1');
    expect(read.text).toContain('請按下方按鈕確認電子郵件 <b>並完成註冊</b>。');
    expect(read.html).toContain('lang="zh-Hant-TW"');
    expect(read.html).toContain('&lt;b&gt;並完成註冊&lt;/b&gt;');
    expect(read.html).toContain('href="https://pest.example.org/confirm-email?token=abc&amp;x=1"');

    const row = await eventually(
      () => mailRow(test, id),
      (value) => value?.state === 'sent',
      'the mail to be marked sent',
    );
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(read.headers.get('message-id')).toBe(row?.messageId);
    expect(peer.received.some((message) => message.to.includes('never@example.org'))).toBe(false);
  });

  it('never sends a mail twice, even when its job runs again', async () => {
    const { app } = test;
    const id = await app.db.transaction((tx) =>
      app.mail.queue(tx, { to: 'once@example.org', subject: '只寄一次', text: '內容' }),
    );
    await eventually(
      () => mailRow(test, id),
      (value) => value?.state === 'sent',
      'the mail to be sent',
    );
    await app.jobs.enqueue(sendMailJob, { mailId: id });
    await eventually(
      async () =>
        (
          await app.inject({
            url: '/api/v1/admin/resources/jobs?state=completed',
            headers: { 'x-test-roles': 'admin' },
          })
        ).json(),
      (body: { data: { rows: Array<{ payload: { mailId?: number } }> } }) =>
        body.data.rows.filter((job) => job.payload.mailId === id).length === 2,
      'the second run to complete',
    );
    expect(peer.received.filter((message) => message.to.includes('once@example.org'))).toHaveLength(1);
    expect((await mailRow(test, id))?.attempts).toBe(1);
  });

  it('lists the outbox to admins only', async () => {
    const { app } = test;
    const outbox = '/api/v1/admin/resources/outbox';
    expect((await app.inject({ url: outbox })).statusCode).toBe(401);
    expect((await app.inject({ url: outbox, headers: { 'x-test-roles': 'member' } })).statusCode).toBe(403);
    expect((await app.inject({ url: outbox, headers: { 'x-test-roles': 'member,editor' } })).statusCode).toBe(403);
    const listed = await app.inject({
      url: `${outbox}?page=1`,
      headers: { 'x-test-roles': 'member,admin' },
    });
    expect(listed.statusCode).toBe(200);
    const body = listed.json().data;
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(body.rows[0]).toMatchObject({ to: 'once@example.org', subject: '只寄一次', state: 'sent', file: null });
    const detail = await app.inject({
      url: `${outbox}/${body.rows[1].id}`,
      headers: { 'x-test-roles': 'admin' },
    });
    expect(detail.json().data).toMatchObject({
      to: 'farmer@example.org',
      subject: '【作物病蟲害資訊網】請確認您的電子郵件',
    });
    expect((await app.inject({ url: `${outbox}/999999`, headers: { 'x-test-roles': 'admin' } })).statusCode).toBe(404);
    // A sent mail's content is its recipient's: no preview either.
    const sentPreview = await app.inject({
      url: `/api/v1/admin/outbox/${body.rows[0].id}/preview`,
      headers: { 'x-test-roles': 'admin' },
    });
    expect(sentPreview.statusCode).toBe(404);
  });
});

describe('the mail outbox without SMTP', () => {
  let test: TestApp;
  beforeAll(async () => {
    // A poll far longer than the test waits: only the queue's wake-up and its bursts can send the mails in time.
    test = await buildTestApp({ JOBS_POLL_SECONDS: '120' }, { features: [...withoutAuthenticator, headerIdentity] });
  });
  afterAll(() => test?.close());

  it('drains a burst of mails without waiting a poll between them', async () => {
    const { app } = test;
    const ids = await app.db.transaction(async (tx) => {
      const queued: number[] = [];
      for (let n = 0; n < 35; n += 1) {
        queued.push(await app.mail.queue(tx, { to: `farmer${n}@example.org`, ...app.mail.compose(confirmation) }));
      }
      return queued;
    });
    const states = await eventually(
      () => Promise.all(ids.map(async (id) => (await mailRow(test, id))?.state)),
      (read) => read.every((state) => state === 'written'),
      'every mail of the burst to be written',
    );
    expect(states).toHaveLength(35);
  });

  it('deletes mails sent over 90 days ago a batch at a time, keeping newer and unsent ones', async () => {
    const { app } = test;
    const insert = (count: number, sentDaysAgo: number | null) =>
      app.db.execute(sql`
        insert into mail_outbox ("to", subject, text, message_id, state, sent_at)
        select 'old@example.org', 'old', 'old', '<old-' || gen_random_uuid() || '@example.org>',
               ${sentDaysAgo === null ? 'queued' : 'sent'},
               ${sentDaysAgo === null ? null : sql`now() - make_interval(days => ${sentDaysAgo})`}
        from generate_series(1, ${count})`);
    await insert(7, 91);
    await insert(2, 89);
    await insert(1, null);
    const before = await app.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'old@example.org'));
    expect(await deleteOldMail(app.db, path.join(test.dataDir, 'outbox'), 3)).toBe(7);
    const after = await app.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'old@example.org'));
    expect([before.length, after.length]).toEqual([10, 3]);
  });

  it('writes the mail as DATA_DIR/outbox/<id>.eml and lists it as written', async () => {
    const { app } = test;
    const id = await app.db.transaction((tx) =>
      app.mail.queue(tx, { to: 'new-user@example.org', ...app.mail.compose(confirmation) }),
    );
    await eventually(
      () => mailRow(test, id),
      (value) => value?.state === 'written',
      'the mail to be written',
    );
    const file = path.join(test.dataDir, 'outbox', `${id}.eml`);
    const read = readMime(await fs.readFile(file, 'utf8'));
    expect(read.subject).toBe('【作物病蟲害資訊網】請確認您的電子郵件');
    expect(read.headers.get('to')).toBe('new-user@example.org');
    expect(read.text).toContain('確認電子郵件：');
    expect(read.html).toContain('確認電子郵件</a>');
    const listed = await app.inject({ url: '/api/v1/admin/resources/outbox', headers: { 'x-test-roles': 'admin' } });
    expect(listed.json().data.rows).toContainEqual(
      expect.objectContaining({ id, state: 'written', file: `outbox/${id}.eml` }),
    );

    // Its preview, framed by the detail screen: the HTML under a policy that runs nothing (decision 0378).
    const preview = (roles?: string) =>
      app.inject({ url: `/api/v1/admin/outbox/${id}/preview`, headers: roles ? { 'x-test-roles': roles } : {} });
    expect((await preview()).statusCode).toBe(401);
    expect((await preview('member,editor')).statusCode).toBe(403);
    const shown = await preview('member,admin');
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'");
    expect(shown.headers['content-security-policy']).toMatch(/; sandbox$/);
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect(shown.body).toContain('確認電子郵件</a>');
    expect(
      (await app.inject({ url: '/api/v1/admin/outbox/999999/preview', headers: { 'x-test-roles': 'admin' } }))
        .statusCode,
    ).toBe(404);
  });

  it('erases the mails to an address: written ones blanked with their files, queued ones gone, others kept', async () => {
    const { app } = test;
    const queue = (to: string, subject: string) =>
      app.db.transaction((tx) => app.mail.queue(tx, { to, ...app.mail.compose({ ...confirmation, subject }) }));
    const written = await queue('Leaving@Example.org', '案件編號 7）的回覆');
    const other = await queue('leaving@example.org', '另一件事');
    const stays = await queue('staying@example.org', '案件編號 7）的回覆');
    for (const id of [written, other, stays]) {
      await eventually(
        () => mailRow(test, id),
        (value) => value?.state === 'written',
        'the mails to be written',
      );
    }
    // Not sent yet: deleted, and its job then finds nothing to send.
    const waiting = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mailOutbox)
        .values({ to: 'leaving@example.org', subject: '案件編號 7）', text: '…', messageId: '<x@example.org>' })
        .returning({ id: mailOutbox.id });
      return row!.id;
    });
    const files = await app.db.transaction((tx) =>
      redactOutboxFor(tx, ['leaving@example.org'], { subjectIncludes: '案件編號 7）' }),
    );
    expect(files).toEqual([written]);
    await removeWrittenMailFiles(app.mail.outboxDir, files);
    expect(await mailRow(test, written)).toMatchObject({
      to: '',
      subject: redactedMailText,
      text: redactedMailText,
      html: null,
      state: 'written',
    });
    await expect(fs.stat(path.join(test.dataDir, 'outbox', `${written}.eml`))).rejects.toThrow();
    expect(await mailRow(test, waiting)).toBeUndefined();
    expect((await mailRow(test, other))?.to, 'another subject is left alone').toBe('leaving@example.org');
    expect((await mailRow(test, stays))?.to).toBe('staying@example.org');
    // Without a subject: every mail to the address.
    expect(await app.db.transaction((tx) => redactOutboxFor(tx, ['LEAVING@example.org']))).toEqual([other]);
    expect(await app.db.transaction((tx) => redactOutboxFor(tx, []))).toEqual([]);
  });
});
