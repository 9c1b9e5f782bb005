import { z } from 'zod';

/** Environment variables of the job queue (decision 0100), spread into envSchema. */
export const jobsEnvShape = {
  /** `inline` (default): this process runs the job workers and the cron schedules. Why: decision 0101. */
  JOBS: z.enum(['inline', 'off']).default('inline'),
  /**
   * How often an idle worker looks for due jobs (seconds). New jobs wake workers at once
   * (LISTEN/NOTIFY); the poll finds retries and delayed jobs as they fall due.
   */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(600).default(5),
  /** Connections the queue opens of its own on PostgreSQL (on the embedded database it shares the one). */
  JOBS_POOL_SIZE: z.coerce.number().int().min(2).max(50).default(4),
  /** A running job's worker marks it alive this often (half of it). Why: decision 0327. */
  JOBS_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
  /** How often the workers look for jobs whose heartbeat stopped or whose time ran out. */
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
};
