import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, Mailbox, solveAltcha } from '../../accounts/test/account-test-client';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { metricValue } from '../../test/metric-value';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { multipartBody } from '../uploads/test/multipart';

const metricsToken = 'metrics-token-0123456789abcdef';

/** GET over a real socket (the metrics port is a server of its own, outside `inject`). */
function get(port: number, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('operations: /healthz, /readyz, /metrics and the logs', () => {
  let test: TestApp;
  let peer: SmtpPeer;
  let mailbox: Mailbox;
  const logLines: string[] = [];
  const logged = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    peer = await startSmtpPeer();
    mailbox = new Mailbox(peer);
    test = await buildTestApp(
      {
        LOG_LEVEL: 'debug',
        SMTP_URL: peer.url,
        JOBS_POLL_SECONDS: '0.5',
        RATE_LIMIT_FORM_MAX: '1000',
        RATE_LIMIT_LOGIN_MAX: '1000',
        METRICS_TOKEN: metricsToken,
        METRICS_PORT: '0',
        PUBLIC_URL: 'https://pest.example.org',
      },
      { logStream: { write: (line: string) => void logLines.push(line) } },
    );
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await peer?.close();
  });

  it('/healthz answers 200 and /readyz names every part ready, outside the rate budgets and logged at debug only', async () => {
    const health = await test.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await test.app.inject({ url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', invalidation: 'ok', storage: 'ok', draining: false },
    });
    expect(ready.headers['cache-control']).toBe('no-store');
    const probes = logged().filter((line) => line.url === '/readyz' || line.url === '/healthz');
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.every((line) => line.level === 20)).toBe(true);
  });

  it('/readyz answers 503 naming the storage while its folder is missing', async () => {
    const files = path.join(test.dataDir, 'files');
    const aside = path.join(test.dataDir, 'files-aside');
    await fs.rename(files, aside);
    try {
      // Probes within a second share one check: wait for a fresh one.
      await expect
        .poll(async () => (await test.app.inject({ url: '/readyz' })).statusCode, { interval: 250, timeout: 5_000 })
        .toBe(503);
      const answer = await test.app.inject({ url: '/readyz' });
      expect(answer.json()).toMatchObject({
        status: 'not ready',
        failing: ['storage'],
        checks: { database: 'ok', migrations: 'ok', invalidation: 'ok', storage: 'not writable' },
      });
      // The probe did not create the missing folder (a storage volume that failed to mount).
      await expect(fs.stat(files)).rejects.toThrow();
    } finally {
      await fs.rename(aside, files);
    }
    await expect
      .poll(async () => (await test.app.inject({ url: '/readyz' })).statusCode, { interval: 250, timeout: 5_000 })
      .toBe(200);
  });

  it('/readyz answers 503 naming the migrations when one of the journal is not recorded', async () => {
    const rows = (await test.app.db.execute(
      sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
    )) as unknown as { rows: Array<{ id: number; hash: string; created_at: string }> };
    const last = rows.rows[0]!;
    await test.app.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${last.id}`);
    try {
      await expect
        .poll(async () => (await test.app.inject({ url: '/readyz' })).statusCode, { interval: 250, timeout: 5_000 })
        .toBe(503);
      const answer = (await test.app.inject({ url: '/readyz' })).json();
      expect(answer).toMatchObject({ failing: ['migrations'], checks: { migrations: 'missing migrations' } });
      expect(answer.missingMigrations).toHaveLength(1);
    } finally {
      await test.app.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    await expect
      .poll(async () => (await test.app.inject({ url: '/readyz' })).statusCode, { interval: 250, timeout: 5_000 })
      .toBe(200);
    // Each change of state was logged once, with what failed.
    const changes = logged().filter((line) => line.msg === 'not ready');
    expect(changes.map((line) => line.checks)).toEqual([
      { database: 'ok', migrations: 'ok', invalidation: 'ok', storage: 'not writable' },
      { database: 'ok', migrations: 'missing migrations', invalidation: 'ok', storage: 'ok' },
    ]);
  });

  it('/metrics answers 404 without the token, and the Prometheus text with it or on the local metrics port', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: `Basic ${metricsToken}` }]) {
      const refused = await test.app.inject({ url: '/metrics', headers });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('pest_http_requests_total');
    }
    // Requests by route pattern (never the address sent) and status.
    await test.app.inject({ url: '/api/v1/system-settings/1' });
    await test.app.inject({ url: '/api/v1/system-settings/999999' });
    const scraped = await test.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = scraped.body;
    expect(
      metricValue(text, 'pest_http_requests_total{method="GET",route="/api/v1/system-settings/:id",status_code="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain('route="/api/v1/system-settings/:id",status_code="404"');
    expect(text).not.toContain('/system-settings/999999');
    expect(text).toContain('pest_http_request_duration_seconds_bucket{le="0.005",method="GET"');
    expect(text).toMatch(/pest_jobs\{job="mail.send",state="queued"\} \d+/);
    expect(text).toMatch(/pest_mail_outbox\{state="waiting"\} \d+/);
    // The pool exists on PostgreSQL only (the embedded database has one connection).
    if (test.env.DATABASE_URL) expect(text).toMatch(/pest_db_pool_connections\{state="total"\} [1-9]/);
    else expect(text).not.toContain('pest_db_pool_connections');
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text).toContain(`\n${name} `);
    }

    const port = (test.app.metricsServer!.address() as AddressInfo).port;
    const local = await get(port, '/metrics');
    expect(local.status).toBe(200);
    expect(local.body).toContain('pest_http_requests_total{method="GET",route="/metrics",status_code="200"}');
    expect((await get(port, '/other')).status).toBe(404);
  });

  it('keeps a safe X-Request-Id, replaces an unsafe one, and follows the id into the jobs and mail logs', async () => {
    const safe = 'nginx-4f1c2a9e7b3d';
    await test.app.inject({ url: '/api/v1/system-settings/1', headers: { 'x-request-id': safe } });
    await test.app.inject({ url: '/api/v1/system-settings/1', headers: { 'x-request-id': 'bad id\n{"level":60}' } });
    const lines = logged().filter((line) => line.url === '/api/v1/system-settings/1');
    expect(lines.map((line) => line.reqId)).toContain(safe);
    expect(lines.every((line) => typeof line.reqId === 'string' && /^[A-Za-z0-9._:-]+$/.test(line.reqId))).toBe(true);

    // A registration queues its mail: the mail's job and its send line carry the request's id.
    const requestId = `register-${randomUUID()}`;
    const registered = await test.app.inject({
      method: 'POST',
      url: '/api/v1/members-signup',
      headers: { 'x-request-id': requestId },
      payload: {
        account: 'reqid01',
        name: '追蹤者',
        email: 'reqid01@example.org',
        class: 'flower',
        password: 'Trace-River-2026',
        altcha: await solveAltcha(test.app),
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    await mailbox.next('reqid01@example.org');
    await expect
      .poll(() => logged().some((line) => line.msg === 'mail sent' && line.reqId === requestId), { timeout: 10_000 })
      .toBe(true);
    const jobLines = logged().filter((line) => line.reqId === requestId && line.job === 'mail.send');
    expect(jobLines.map((line) => line.msg)).toEqual(expect.arrayContaining(['mail sent', 'job completed']));
    // The handler saw the payload without the id; /admin shows it without the id too.
    const jobs = (await test.app.db.execute(
      sql`SELECT data FROM pgboss.job WHERE name = 'mail.send' AND data->>'_requestId' = ${requestId}`,
    )) as unknown as { rows: Array<{ data: Record<string, unknown> }> };
    expect(Object.keys(jobs.rows[0]!.data).sort()).toEqual(['_requestId', 'mailId']);
  });

  it('writes no phone, e-mail, token or password of a consultation, registration, reset, follow link or order lookup', async () => {
    const secrets: string[] = [];
    const phone = '0987654321';
    const email = 'leak-check@example.org';
    const password = 'Leak-Check-Pass-2026';
    const newPassword = 'Leak-Check-New-2026';
    secrets.push(phone, email, password, newPassword);

    // A consultation with a photo, closed; its mail carries the private follow link.
    const key = randomUUID();
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/info/advNew',
      remoteAddress: '203.0.113.77',
      payload: {
        a1: '斗南鎮',
        a2: '水稻',
        a3: '洩漏測',
        a4: phone,
        a5: email,
        a6: '葉片出現褐色斑點。',
        city: '雲林縣',
        key,
        altcha: await solveAltcha(test.app),
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { d: caseId, token: uploadToken } = created.json<{ d: number; token: string }>();
    secrets.push(uploadToken);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e7d32' } })
      .jpeg()
      .toBuffer();
    const body = multipartBody([
      { name: 'id', value: String(caseId) },
      { name: 'cl', value: 'pic1' },
      { name: 'token', value: uploadToken },
      { name: 'file', value: { fileName: 'leaf.jpg', contentType: 'image/jpeg', data: photo } },
    ]);
    const uploaded = await test.app.inject({
      method: 'POST',
      url: '/assets/Huploadify/uploadadvnew.ashx',
      payload: body.payload,
      headers: body.headers,
      remoteAddress: '203.0.113.77',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { photoId } = uploaded.json<{ d: { photoId: number } }>().d;
    const done = await test.app.inject({
      method: 'POST',
      url: '/api/info/advDone',
      payload: { key, token: uploadToken, photos: 1 },
    });
    expect(done.statusCode, done.body).toBe(200);
    const followToken = linkToken(await mailbox.next(email));
    secrets.push(followToken);
    // The follow link's page and its photo, as the asker's browser asks for them.
    await test.app.inject({ url: `/consultation/case?token=${followToken}` });
    const followed = await test.app.inject({
      url: `/files/consultation/followed/${photoId}/thumb?token=${encodeURIComponent(followToken)}`,
    });
    expect(followed.statusCode, followed.body).toBe(200);

    // A registration (its confirmation mail), then a password reset through the mailed link.
    const registered = await test.app.inject({
      method: 'POST',
      url: '/api/v1/members-signup',
      payload: {
        account: 'leakcheck',
        name: '洩漏測',
        email: 'leak-member@example.org',
        class: 'flower',
        password,
        altcha: await solveAltcha(test.app),
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    secrets.push('leak-member@example.org');
    const confirmation = await mailbox.next('leak-member@example.org');
    const confirmToken = linkToken(confirmation);
    secrets.push(confirmToken);
    await test.app.inject({ url: `/confirm-email?token=${confirmToken}` });
    const forgot = await test.app.inject({
      method: 'POST',
      url: '/api/v1/members-forgot-password',
      payload: { account: 'leakcheck', altcha: await solveAltcha(test.app) },
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const resetToken = linkToken(await mailbox.next('leak-member@example.org'));
    secrets.push(resetToken);
    await test.app.inject({ url: `/reset-password?token=${resetToken}` });
    await test.app.services.accounts.resetPassword(resetToken, newPassword);
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { account: 'leakcheck', password: newPassword },
    });
    expect(login.statusCode, login.body).toBe(200);
    const bearer = login.json<{ data: { token: string } }>().data.token;
    secrets.push(bearer);

    // The order look-up by phone number, which carries it in the path.
    const lookup = await test.app.inject({
      url: `/api/v1/orders-by-members-cellphone/${phone}`,
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(lookup.statusCode).toBe(403);

    // Every mail has gone out and been logged before the log is searched.
    await expect.poll(async () => (await test.app.mail.backlog()).waiting, { timeout: 10_000 }).toBe(0);
    const output = logLines.join('');
    expect(output).toContain('/api/v1/orders-by-members-cellphone/[redacted]');
    for (const secret of secrets) {
      expect(output, `the log holds ${secret}`).not.toContain(secret);
      expect(output).not.toContain(encodeURIComponent(secret));
    }
    expect(output).not.toContain('0987-654-321');
  });

  it('/readyz answers 503 while the server drains (SIGTERM)', async () => {
    test.app.health.drain();
    const answer = await test.app.inject({ url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ status: 'draining', failing: ['draining'], checks: { draining: true } });
    expect((await test.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
