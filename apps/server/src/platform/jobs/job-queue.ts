import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../database/database';

export interface EnqueueOptions {
  /**
   * The transaction of the change that causes the job: the job exists if and only if it commits. Why: decision 0100.
   */
  tx?: Executor;
  /** At most one job with this key waits at a time. Why: decision 0100. */
  singletonKey?: string;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

/** What features use to queue background work (`context.jobs`). */
export interface JobQueue {
  /** With `tx`, the job exists if and only if that transaction commits. */
  enqueue(name: string, payload: object, options?: EnqueueOptions): Promise<void>;
}

/** One kind of job. Handlers must be idempotent. Why: decision 0100. */
export interface JobDefinition<Payload> {
  /** What /admin calls it, in Traditional Chinese (e.g. 寄送郵件); the name when absent. */
  label?: string;
  /**
   * Validated when the job is queued and when it runs; one that does not fit fails the job without retries.
   * Why: decision 0100.
   */
  payload: z.ZodType<Payload>;
  /** `job.log` carries the job's name and id and the id of the request that queued it (`reqId`). */
  handle(payload: Payload, job: { id: string; attempt: number; log: FastifyBaseLogger }): Promise<void>;
  /** Retries after the first run before the job shows as failed (default 5). */
  retryLimit?: number;
  /** Seconds before a retry (default 30). */
  retryDelaySeconds?: number;
  /** Double the delay after each failure, with jitter, up to an hour (default true). */
  retryBackoff?: boolean;
  /** Seconds a run may take before it counts as failed and is retried (default 15 minutes). */
  timeoutSeconds?: number;
  /** Cron (UTC), for periodic jobs such as cleanups: the job then runs with the payload `{}`. */
  schedule?: string;
  /** Jobs one worker fetches and runs at once (default 1). Why: decision 0316. */
  batchSize?: number;
}

/** Declares a job, keeping its payload type for the handler. */
export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

// Definitions of any payload, for lists of jobs (a manifest's `jobs`).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<any>;

/** Job names: `<feature or platform module>.<verb-named job>`, e.g. `accounts.send-welcome`. */
export const jobNamePattern = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;
