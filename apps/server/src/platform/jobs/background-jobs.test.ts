import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { buildApp } from '../../app';
import { featuresWithoutAuthenticator, headerIdentityFeature } from '../../test/header-identity-feature';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { builtEntry } from '../../test/built-entry';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { auditLog } from '../audit/audit-log.schema';
import { mailOutbox } from '../mail/mail-outbox.schema';
import { defineFeature } from '../feature/feature-manifest';
import type { Executor } from '../database/database';
import { defineJob } from './job-queue';
import { jobSchema, queryRows } from './background-jobs';

const withoutAuthenticator = featuresWithoutAuthenticator;

/** Runs of each job by payload tag, across every app in this file. */
const runs: Array<{ tag: string; jobId: string; attempt: number }> = [];
let gate: { opened: Promise<void>; open(): void; started: Promise<void>; start(): void } | undefined;
let wroteAfterGate: 'yes' | 'failed' | undefined;

function newGate() {
  let open!: () => void;
  let start!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const started = new Promise<void>((resolve) => (start = resolve));
  return { opened, open, started, start };
}

// A feature with jobs, only for these tests: it records runs and fails the first attempts it is told to.
const jobsUnderTest = defineFeature({
  name: 'jobs-under-test',
  servicesKey: 'jobsUnderTest',
  services: (context) => context,
  jobs: (context) => ({
    'test.record-run': defineJob({
      payload: z.object({ tag: z.string() }),
      async handle({ tag }, job) {
        runs.push({ tag, jobId: job.id, attempt: job.attempt });
      },
    }),
    'test.fail-until': defineJob({
      payload: z.object({ tag: z.string(), succeedOnAttempt: z.number().int() }),
      retryLimit: 1,
      retryDelaySeconds: 0,
      retryBackoff: false,
      async handle({ tag, succeedOnAttempt }, job) {
        runs.push({ tag, jobId: job.id, attempt: job.attempt });
        if (job.attempt < succeedOnAttempt) throw new Error(`第 ${job.attempt} 次失敗`);
      },
    }),
    'test.wait-for-gate': defineJob({
      payload: z.object({}),
      async handle() {
        const current = gate;
        if (!current) return;
        current.start();
        await current.opened;
        // Still able to write: the database closes only after the workers stopped.
        wroteAfterGate = await context.db
          .execute(
            sql`insert into audit_log (actor_label, action, entity, entity_id) values ('job', 'test.after-gate', 'test', '1')`,
          )
          .then(
            () => 'yes' as const,
            () => 'failed' as const,
          );
      },
    }),
  }),
});

// Trusts a test header for identity, as in authorize.test.ts: never in the registry.

const headerIdentity = headerIdentityFeature({ memberId: 9, account: 'admin9', name: '管理者' });

const testFeatures = [...withoutAuthenticator, jobsUnderTest, headerIdentity];

async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  waitMs = 25_000,
): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function jobsNamed(db: Executor, name: string) {
  return queryRows<{ id: string; state: string; data: { tag?: string } }>(
    db,
    sql`select id, state, data from ${sql.raw(`${jobSchema}.job`)} where name = ${name} order by created_on`,
  );
}

/** A worker process (npm run worker) the last PostgreSQL test kills, and the SMTP peer it sends to. */
interface KillableWorker {
  worker: ChildProcess;
  peer: SmtpPeer;
  quick: Record<string, string>;
  releaseFirst(): void;
}

/**
 * On PostgreSQL, the second block's first app and its worker process are started before the first
 * block runs: the worker process's start overlaps those tests.
 */
let postgresSetUp: Promise<{ first: TestApp; killable: KillableWorker }> | undefined;
beforeAll(() => {
  if (!process.env.TEST_DATABASE_URL) return;
  postgresSetUp = (async () => {
    const first = await buildTestApp({ JOBS_POLL_SECONDS: '0.5' }, { features: testFeatures });
    // The peer takes the first try's message but holds its answer: the worker dies waiting for it.
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let answered = 0;
    const peer = await startSmtpPeer({ beforeAnswer: () => (answered++ === 0 ? firstHeld : Promise.resolve()) });
    const quick = {
      JOBS_HEARTBEAT_SECONDS: '10',
      JOBS_SUPERVISE_SECONDS: '1',
      JOBS_POLL_SECONDS: '0.5',
      MAIL_RETRY_SECONDS: '1',
      SMTP_URL: peer.url,
    };
    // It runs only the real features' jobs: of this file's jobs, only the mail the last test queues.
    const worker = spawn(process.execPath, [await builtEntry('worker')], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: first.dataDir,
        DATABASE_URL: first.env.DATABASE_URL,
        SEED_DEMO_CONTENT: 'false',
        ...quick,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return { first, killable: { worker, peer, quick, releaseFirst } };
  })();
});

describe('the job queue', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ JOBS_POLL_SECONDS: '0.5' }, { features: testFeatures });
  });
  afterAll(() => test?.close());

  it('queues a job with a transaction only if that transaction commits, and runs it', async () => {
    const { app } = test;
    await app.db
      .transaction(async (tx) => {
        await app.jobs.enqueue('test.record-run', { tag: 'rolled-back' }, { tx });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await app.db.transaction((tx) => app.jobs.enqueue('test.record-run', { tag: 'committed' }, { tx }));
    await eventually(
      async () => runs.filter((run) => run.tag === 'committed'),
      (found) => found.length === 1,
      'the committed job to run',
    );
    const stored = await jobsNamed(app.db, 'test.record-run');
    expect(stored.map((job) => job.data.tag)).toEqual(['committed']);
    expect(runs.some((run) => run.tag === 'rolled-back')).toBe(false);
  });

  it('refuses an unknown job or a payload that does not fit, before anything is stored', async () => {
    await expect(test.app.jobs.enqueue('test.unknown', {})).rejects.toThrow(/No job is defined/);
    await expect(test.app.jobs.enqueue('test.record-run', { tag: 1 })).rejects.toThrow(/invalid payload/);
  });

  it('keeps one waiting job per singleton key', async () => {
    const { app } = test;
    // Far in the future, so the job is still waiting when queued again.
    for (const tag of ['first', 'second']) {
      await app.jobs.enqueue('test.record-run', { tag }, { singletonKey: 'only-one', startAfterSeconds: 3600 });
    }
    const waiting = (await jobsNamed(app.db, 'test.record-run')).filter((job) => job.state === 'created');
    expect(waiting.map((job) => job.data.tag)).toEqual(['second']);
  });

  it('retries a failing job, then shows it as failed to an admin, who can queue it again (audited)', async () => {
    const { app } = test;
    await app.jobs.enqueue('test.fail-until', { tag: 'flaky', succeedOnAttempt: 3 });
    const [failed] = await eventually(
      async () => (await jobsNamed(app.db, 'test.fail-until')).filter((job) => job.state === 'failed'),
      (found) => found.length === 1,
      'the job to fail after its retry',
    );
    expect(runs.filter((run) => run.tag === 'flaky').map((run) => run.attempt)).toEqual([1, 2]);

    const list = (headers?: Record<string, string>) =>
      app.inject({ url: '/api/v1/admin/resources/jobs?state=failed&page=1', ...(headers ? { headers } : {}) });
    expect((await list()).statusCode).toBe(401);
    expect((await list({ 'x-test-roles': 'member,editor' })).statusCode).toBe(403);
    const listed = await list({ 'x-test-roles': 'member,admin' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toMatchObject({
      rows: [
        {
          id: failed?.id,
          name: 'test.fail-until',
          state: 'failed',
          attempts: 2,
          retryLimit: 1,
          error: '第 2 次失敗',
          payload: { tag: 'flaky', succeedOnAttempt: 3 },
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    });
    expect(
      (
        await app.inject({
          url: '/api/v1/admin/resources/jobs?state=nonsense',
          headers: { 'x-test-roles': 'admin' },
        })
      ).statusCode,
    ).toBe(400);

    const retry = (headers?: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/admin/resources/jobs/${failed?.id}/retry`,
        ...(headers ? { headers } : {}),
      });
    expect((await retry()).statusCode).toBe(401);
    expect((await retry({ 'x-test-roles': 'member,expert' })).statusCode).toBe(403);
    const retried = await retry({ 'x-test-roles': 'member,admin' });
    expect(retried.json()).toEqual({ data: { id: failed?.id, action: 'retry' } });
    await eventually(
      async () => (await jobsNamed(app.db, 'test.fail-until')).map((job) => job.state),
      (states) => states[0] === 'completed',
      'the retried job to complete',
    );
    // A second click, once the job is no longer failed, does not run it again.
    expect((await retry({ 'x-test-roles': 'admin' })).statusCode).toBe(409);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/admin/resources/jobs/00000000-0000-4000-8000-000000000000/retry',
          headers: { 'x-test-roles': 'admin' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/admin/resources/jobs/12/retry',
          headers: { 'x-test-roles': 'admin' },
        })
      ).statusCode,
    ).toBe(400);
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(sql`action = 'job.retry'`);
    expect(audit).toMatchObject([
      {
        actorId: 9,
        actorLabel: 'admin9',
        entity: 'job',
        entityId: failed?.id,
        before: { state: 'failed' },
        after: { state: 'retry' },
      },
    ]);
  });

  it('lets running jobs finish when the app closes, before the database closes', async () => {
    gate = newGate();
    await test.app.jobs.enqueue('test.wait-for-gate', {});
    await gate.started;
    const closing = test.app.close();
    // The close is under way; the job is still running and is let go only now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    gate.open();
    await closing;
    expect(wroteAfterGate).toBe('yes');
    await test.restart();
    const [job] = await jobsNamed(test.app.db, 'test.wait-for-gate');
    expect(job?.state).toBe('completed');
    gate = undefined;
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let killable: KillableWorker;
  beforeAll(async () => {
    ({ first, killable } = await postgresSetUp!);
    second = await buildApp({
      env: { ...first.env, SEED_DEMO_CONTENT: false },
      web: false,
      logger: false,
      features: testFeatures,
    });
  });
  afterAll(async () => {
    killable?.worker.kill('SIGKILL');
    killable?.releaseFirst();
    await killable?.peer.close();
    await second?.close();
    await first?.close();
  });

  it('runs each job once', async () => {
    const tags = Array.from({ length: 20 }, (_, index) => `shared-${index}`);
    for (const [index, tag] of tags.entries()) {
      await (index % 2 === 0 ? first.app : second).jobs.enqueue('test.record-run', { tag });
    }
    await eventually(
      async () => (await jobsNamed(first.app.db, 'test.record-run')).filter((job) => job.state === 'completed'),
      (done) => done.length === tags.length,
      'every job to complete',
    );
    const ranTags = runs.filter((run) => run.tag.startsWith('shared-')).map((run) => run.tag);
    expect(ranTags.sort()).toEqual([...tags].sort());
  });

  it('leaves jobs to a worker process when the server runs with JOBS=off', async () => {
    const queueOnly = await buildApp({
      env: { ...first.env, JOBS: 'off', SEED_DEMO_CONTENT: false },
      web: false,
      logger: false,
      features: testFeatures,
    });
    try {
      await second.close();
      await first.app.close();
      // Only the queue-only server is up: the job waits.
      await queueOnly.jobs.enqueue('test.record-run', { tag: 'for-the-worker' });
      const [waiting] = (await jobsNamed(queueOnly.db, 'test.record-run')).filter(
        (job) => job.data.tag === 'for-the-worker',
      );
      expect(waiting?.state).toBe('created');
      second = await buildApp({
        env: { ...first.env, JOBS: 'inline' },
        web: false,
        logger: false,
        worker: true,
        features: testFeatures,
      });
      await eventually(
        async () => runs.filter((run) => run.tag === 'for-the-worker'),
        (found) => found.length === 1,
        'the worker to run the job',
      );
    } finally {
      await queueOnly.close();
      await first.restart();
    }
  });

  // Last in this block: it closes both apps for good (afterAll closes them again, harmlessly).
  it(
    'retries a mail whose worker was killed mid-send within the heartbeat, keeping its Message-ID',
    { timeout: 240_000 },
    async () => {
      const { peer, quick, worker } = killable;
      const env = {
        ...first.env,
        ...quick,
        JOBS_HEARTBEAT_SECONDS: 10,
        JOBS_SUPERVISE_SECONDS: 1,
        MAIL_RETRY_SECONDS: 1,
      };
      // The queue's heartbeat is set by whoever starts last: this queue-only server, before the mail is queued.
      const queueOnly = await buildApp({
        env: { ...env, JOBS: 'off', SEED_DEMO_CONTENT: false },
        web: false,
        logger: false,
        features: testFeatures,
      });
      try {
        await second.close();
        await first.app.close();
        const mailId = await queueOnly.db.transaction((tx) =>
          queueOnly.mail.queue(tx, { to: 'farmer@example.org', subject: '工作者中途被終止', text: '內容' }),
        );
        // The worker process took the mail and waits for the peer's answer: it dies there.
        await peer.waitFor((mail) => mail.raw.includes('farmer@example.org'), 90_000);
        const killed = new Promise((resolve) => worker.once('exit', resolve));
        worker.kill('SIGKILL');
        await killed;
        const killedAt = Date.now();
        second = await buildApp({
          env: { ...env, JOBS: 'inline' },
          web: false,
          logger: false,
          worker: true,
          features: testFeatures,
        });
        // A heartbeat (10 s) and a supervise pass (1 s) after the kill, then the first retry's delay (1–2 s):
        // about 13 s on an idle machine. The bound is generous for a loaded one and still far below the
        // job's 15-minute time-out, which is what a dead worker's mail waited for before.
        const [sent] = await eventually(
          () => queueOnly.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId)),
          ([row]) => row?.state === 'sent',
          'the mail to be sent again by the other worker',
          120_000,
        );
        expect(Date.now() - killedAt).toBeLessThan(120_000);
        const copies = peer.received.filter((mail) => mail.raw.includes('farmer@example.org'));
        expect(copies).toHaveLength(2);
        for (const copy of copies) expect(copy.raw).toContain(`Message-ID: ${sent?.messageId}`);
      } finally {
        await queueOnly.close();
      }
    },
  );
});
