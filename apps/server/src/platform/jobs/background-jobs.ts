import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  fromDrizzle,
  fromPglite,
  PgBoss,
  type ConstructorOptions,
  type Db,
  type DrizzleTransactionLike,
  type JobResult,
  type PGliteLike,
} from 'pg-boss';
import type { Database, DatabaseHandle, Executor } from '../database/database';
import { currentRequestId, runAsRequest } from '../http/request-id';
import { jobNamePattern, type AnyJobDefinition, type EnqueueOptions, type JobQueue } from './job-queue';

/** The PostgreSQL schema pg-boss keeps its tables in (it installs and upgrades them itself, decision 0100). */
export const jobSchema = 'pgboss';

const defaults = { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, timeoutSeconds: 15 * 60 } as const;
/** Backoff stops doubling here. */
const maxRetryDelaySeconds = 3600;
/** A running job's worker marks it alive every half of this (JOBS_HEARTBEAT_SECONDS). */
const defaultHeartbeatSeconds = 30;
/** Failed and completed jobs stay listable this long. */
const keepFinishedSeconds = 14 * 24 * 3600;

export interface BackgroundJobsOptions {
  db: Database;
  driver: DatabaseHandle['driver'];
  /** PostgreSQL: the queue opens a small pool of its own (LISTEN needs a connection of its own). */
  databaseUrl?: string | undefined;
  /** Run the workers and cron schedules in this process (JOBS=inline) or only queue jobs (JOBS=off). */
  workers: boolean;
  pollSeconds: number;
  /** A running job not marked alive for this long is retried: its worker died (decision 0327). */
  heartbeatSeconds?: number;
  /** How often workers fail jobs whose heartbeat stopped or whose time ran out. */
  superviseSeconds?: number;
  poolSize?: number;
  log: FastifyBaseLogger;
}

/** The field of a job's stored data that carries the id of the request that queued it. Why: decision 0320. */
export const requestIdField = '_requestId';

/** A job's stored data as its handler and /admin see it: without the request id. */
export function payloadOf(data: unknown): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data) || !(requestIdField in data)) return data;
  const { [requestIdField]: _requestId, ...payload } = data as Record<string, unknown>;
  return payload;
}

function requestIdOfJob(data: unknown): string | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const id = (data as Record<string, unknown>)[requestIdField];
  return typeof id === 'string' ? id : undefined;
}

/** One kind of job's counts, as the queue table keeps them (pg-boss's monitor refreshes them). */
export interface JobQueueStats {
  name: string;
  queued: number;
  active: number;
  /** Failed jobs still kept (14 days). */
  failed: number;
}

/** An error a handler or payload check raised, as kept on a failed job. */
export interface JobFailure {
  message: string;
}

/** The one job queue: pg-boss 12 on the app's database (decision 0100). */
export class BackgroundJobs implements JobQueue {
  readonly #definitions = new Map<string, AnyJobDefinition>();
  readonly #options: BackgroundJobsOptions;
  #boss: PgBoss | undefined;
  #state: 'defining' | 'starting' | 'started' | 'stopped' = 'defining';
  /** Runs that failed in this process, by job (the metrics' failures counter). */
  readonly failuresByJob = new Map<string, number>();

  constructor(options: BackgroundJobsOptions) {
    this.#options = options;
  }

  /** Adds a kind of job (a feature's manifest `jobs`, or a platform module such as the mail outbox). */
  define(name: string, definition: AnyJobDefinition): void {
    if (this.#state !== 'defining') throw new Error(`Job ${name} is defined after the job queue started.`);
    if (!jobNamePattern.test(name)) throw new Error(`Job name ${name} must look like "feature.verb-noun".`);
    if (this.#definitions.has(name)) throw new Error(`Job ${name} is defined twice.`);
    this.#definitions.set(name, definition);
  }

  /** The names of every defined job. */
  names(): string[] {
    return [...this.#definitions.keys()];
  }

  /** What /admin calls a job. */
  labelOf(name: string): string {
    return this.#definitions.get(name)?.label ?? name;
  }

  /** Installs or upgrades pg-boss's tables, creates a queue per job and, with workers, starts them. */
  async start(): Promise<void> {
    if (this.#state !== 'defining') throw new Error('The job queue starts once.');
    this.#state = 'starting';
    const { workers, log, pollSeconds } = this.#options;
    const boss = new PgBoss(bossOptions(this.#options));
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
    await boss.start();
    this.#boss = boss;
    for (const [name, definition] of this.#definitions) {
      const backoff = definition.retryBackoff ?? defaults.retryBackoff;
      const queueOptions = {
        retryLimit: definition.retryLimit ?? defaults.retryLimit,
        retryDelay: definition.retryDelaySeconds ?? defaults.retryDelaySeconds,
        retryBackoff: backoff,
        expireInSeconds: definition.timeoutSeconds ?? defaults.timeoutSeconds,
        deleteAfterSeconds: keepFinishedSeconds,
        notify: true,
        // The worker running a job marks it every half heartbeat. Why: decision 0327.
        heartbeatSeconds: this.#options.heartbeatSeconds ?? defaultHeartbeatSeconds,
      };
      // createQueue leaves an existing queue as it was. Why: decision 0100.
      if (await boss.getQueue(name)) {
        await boss.updateQueue(name, { ...queueOptions, retryDelayMax: backoff ? maxRetryDelaySeconds : null });
      } else {
        await boss.createQueue(name, { ...queueOptions, ...(backoff ? { retryDelayMax: maxRetryDelaySeconds } : {}) });
      }
      if (!workers) continue;
      if (definition.schedule) await boss.schedule(name, definition.schedule, {}, { tz: 'UTC' });
      else await boss.unschedule(name).catch(() => undefined);
      await boss.work(
        name,
        {
          includeMetadata: true,
          perJobResults: true,
          batchSize: definition.batchSize ?? 1,
          // A full batch means more work waits: fetch again at once rather than after a poll.
          burstWhenBatchFull: (definition.batchSize ?? 1) > 1,
          pollingIntervalSeconds: pollSeconds,
          notifyPollingIntervalSeconds: pollSeconds,
        },
        async (jobs) => Promise.all(jobs.map((job) => this.#run(name, definition, job))),
      );
    }
    if (workers) {
      // A job removed from the code leaves its schedule behind: nothing would run what it sends.
      for (const schedule of await boss.getSchedules()) {
        if (!this.#definitions.has(schedule.name)) {
          await boss.unschedule(schedule.name, schedule.key).catch(() => undefined);
        }
      }
    }
    this.#state = 'started';
    log.info({ jobs: this.names(), workers }, workers ? 'job workers started' : 'job queue ready (workers off)');
  }

  /** Stops taking jobs, lets running handlers finish (up to 30 s), then lets go of the database. */
  async stop(): Promise<void> {
    if (this.#state === 'stopped') return;
    this.#state = 'stopped';
    await this.#boss?.stop({ graceful: true, close: true, timeout: 30_000 });
  }

  async enqueue(name: string, payload: object, options: EnqueueOptions = {}): Promise<void> {
    const definition = this.#definitions.get(name);
    // Checked before pg-boss is asked: an unknown queue would make it read the queue list through
    // its own connection, which on PGlite waits for the caller's open transaction forever.
    if (!definition) throw new Error(`No job is defined with the name ${name}.`);
    const boss = this.#startedBoss();
    const parsed = definition.payload.safeParse(payload);
    if (!parsed.success) throw new Error(`Job ${name}: invalid payload: ${parsed.error.message}`);
    const startAfter = options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {};
    const { singletonKey, tx } = options;
    // The request (or job) that queues it: its logs and this job's can be followed as one.
    const requestId = currentRequestId();
    const data =
      requestId === undefined || Array.isArray(payload) ? payload : { ...payload, [requestIdField]: requestId };
    if (!singletonKey) {
      await boss.send(name, data, { ...(tx ? { db: inTransaction(tx) } : {}), ...startAfter });
      return;
    }
    // A job with this key still waiting is updated instead of a second one queued (pg-boss's
    // upsert, kept unique by an index): its update and insert run in one transaction.
    const upsert = (executor: Executor) =>
      boss.upsert(name, data, { singletonKey, db: inTransaction(executor), ...startAfter });
    if (tx) await upsert(tx);
    else await this.#options.db.transaction(upsert);
  }

  /** Each defined job's waiting, running and failed counts, read on a metrics scrape. */
  async queueStats(): Promise<JobQueueStats[]> {
    if (!this.#boss || this.#state !== 'started') return [];
    const queues = await this.#boss.getQueues(this.names());
    return queues.map((queue) => ({
      name: queue.name,
      queued: queue.queuedCount,
      active: queue.activeCount,
      failed: queue.failedCount,
    }));
  }

  /** pg-boss itself, for the admin services (list, retry). */
  bossForAdmin(): PgBoss {
    return this.#startedBoss();
  }

  #startedBoss(): PgBoss {
    if (!this.#boss || this.#state !== 'started') throw new Error('The job queue is not running.');
    return this.#boss;
  }

  async #run(
    name: string,
    definition: AnyJobDefinition,
    job: { id: string; data: unknown; retryCount: number },
  ): Promise<JobResult> {
    const requestId = requestIdOfJob(job.data);
    const log = this.#options.log.child({ ...(requestId ? { reqId: requestId } : {}), job: name, jobId: job.id });
    const attempt = job.retryCount + 1;
    const parsed = definition.payload.safeParse(payloadOf(job.data) ?? {});
    if (!parsed.success) {
      log.error('job payload invalid; not retried');
      this.#countFailure(name);
      // No dead-letter queue: 'deadletter' fails the job at once, as retrying cannot help.
      return { id: job.id, status: 'deadletter', output: failure(`工作內容不符格式：${parsed.error.message}`) };
    }
    const started = performance.now();
    try {
      // Jobs this one queues carry the same request id.
      await runAsRequest(requestId, () => definition.handle(parsed.data, { id: job.id, attempt, log }));
      log.info({ attempt, durationMs: Math.round(performance.now() - started) }, 'job completed');
      return { id: job.id, status: 'completed' };
    } catch (error) {
      log.warn({ err: error, attempt }, 'job failed');
      this.#countFailure(name);
      return { id: job.id, status: 'failed', output: failure(error instanceof Error ? error.message : String(error)) };
    }
  }

  #countFailure(name: string) {
    this.failuresByJob.set(name, (this.failuresByJob.get(name) ?? 0) + 1);
  }
}

/** pg-boss statements run through a Drizzle transaction (or the database itself), committing with it. */
export function inTransaction(executor: Executor): Db {
  // Drizzle's execute() answers `unknown` in our driver-neutral Database type; both drivers give `rows`.
  return fromDrizzle(executor as unknown as DrizzleTransactionLike, sql);
}

/** The rows of a raw SQL query, on either driver (node-postgres and PGlite both answer with `rows`). */
export async function queryRows<Row>(executor: Executor, query: SQL): Promise<Row[]> {
  const result = (await executor.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

function failure(message: string): JobFailure {
  return { message: message.slice(0, 2000) };
}

function bossOptions(options: BackgroundJobsOptions): ConstructorOptions {
  const shared: ConstructorOptions = {
    schema: jobSchema,
    // Maintenance (expiring, deleting old jobs) and cron belong to the processes that run jobs.
    supervise: options.workers,
    // Expired jobs and stopped heartbeats are found at every supervise pass.
    superviseIntervalSeconds: options.superviseSeconds ?? 15,
    monitorIntervalSeconds: options.superviseSeconds ?? 15,
    schedule: options.workers,
    useListenNotify: options.workers,
    openTelemetry: { enabled: false },
  };
  if (options.driver === 'pglite') {
    // Drizzle's PGlite client: the same one connection, so a job queued with a transaction is in it.
    const client = (options.db as unknown as { $client: PGliteLike }).$client;
    return {
      ...shared,
      db: fromPglite(client),
      backend: 'pglite',
      // One process: nothing to register, and PGlite runs no autovacuum to watch.
      registerInstance: false,
      monitorVacuum: false,
    };
  }
  if (!options.databaseUrl) throw new Error('The job queue needs the PostgreSQL connection string.');
  return {
    ...shared,
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 4,
    application_name: options.workers ? 'pest-jobs' : 'pest-jobs-queue-only',
    instanceName: options.workers ? 'jobs' : 'queue-only',
  };
}

/** Installs (or upgrades) pg-boss's tables and nothing else. Why: decision 0100. */
export async function installJobSchema(handle: Pick<DatabaseHandle, 'db' | 'driver'>, databaseUrl?: string) {
  const boss = new PgBoss({
    ...bossOptions({ ...handle, databaseUrl, workers: false, pollSeconds: 60, log: undefined as never }),
    registerInstance: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}
