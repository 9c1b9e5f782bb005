import type { AdminJob, JobState } from '@pest/contracts';
import { sql } from 'drizzle-orm';
import { payloadOf, type BackgroundJobs } from './background-jobs';

/** A row of pg-boss's job table, as the admin list and detail read it. */
export interface JobRow {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  retry_count: number;
  retry_limit: number;
  output: unknown;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
}

/** The columns `toAdminJob` needs. */
export const jobRowColumns = sql.raw(
  'id, name, state, data, retry_count, retry_limit, output, created_on, started_on, completed_on',
);

const iso = (value: Date | string) => new Date(value).toISOString();

/** The error message a failed run left (the handler's, or pg-boss's own on a time-out). */
function errorOf(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string') {
    return output.message;
  }
  return null;
}

/** A job as /admin shows it. */
export function toAdminJob(row: JobRow, jobs: Pick<BackgroundJobs, 'labelOf'>): AdminJob {
  return {
    id: row.id,
    name: row.name,
    label: jobs.labelOf(row.name),
    state: row.state,
    payload: payloadOf(row.data),
    attempts: row.retry_count + (row.started_on ? 1 : 0),
    retryLimit: row.retry_limit,
    error: errorOf(row.output),
    createdAt: iso(row.created_on),
    startedAt: row.started_on ? iso(row.started_on) : null,
    completedAt: row.completed_on ? iso(row.completed_on) : null,
  };
}
