import type { AdminJob, AdminJobsQuery, JobState } from '@pest/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../database/database';
import { jobSchema, queryRows, type BackgroundJobs } from './background-jobs';

export const jobsPageSize = 20;

interface JobRow {
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

const iso = (value: Date | string) => new Date(value).toISOString();

/** The error message a failed run left (the handler's, or pg-boss's own on a time-out). */
function errorOf(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string') {
    return output.message;
  }
  return null;
}

/**
 * Jobs in one state, newest first, a page at a time — what /admin shows for failed jobs. Reads
 * pg-boss's job table directly: pg-boss lists jobs per queue only, not by state across queues.
 */
export async function listJobs(
  db: Database,
  jobs: Pick<BackgroundJobs, 'names' | 'labelOf'>,
  query: AdminJobsQuery,
): Promise<{ items: AdminJob[]; total: number; page: number; pageSize: number }> {
  const names = jobs.names();
  if (names.length === 0) return { items: [], total: 0, page: query.page, pageSize: jobsPageSize };
  const table = sql.raw(`${jobSchema}.job`);
  const where = sql`state = ${query.state}::${sql.raw(`${jobSchema}.job_state`)} and name in (${sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  )})`;
  const newest = ['completed', 'cancelled', 'failed'].includes(query.state)
    ? sql`completed_on desc nulls last, created_on desc`
    : sql`created_on desc`;
  const [counted, listed] = await Promise.all([
    queryRows<{ total: number | string }>(db, sql`select count(*) as total from ${table} where ${where}`),
    queryRows<JobRow>(
      db,
      sql`select id, name, state, data, retry_count, retry_limit, output, created_on, started_on, completed_on
          from ${table} where ${where} order by ${newest}
          limit ${jobsPageSize} offset ${(query.page - 1) * jobsPageSize}`,
    ),
  ]);
  return {
    items: listed.map((row) => ({
      id: row.id,
      name: row.name,
      label: jobs.labelOf(row.name),
      state: row.state,
      payload: row.data,
      attempts: row.retry_count + (row.started_on ? 1 : 0),
      retryLimit: row.retry_limit,
      error: errorOf(row.output),
      createdAt: iso(row.created_on),
      startedAt: row.started_on ? iso(row.started_on) : null,
      completedAt: row.completed_on ? iso(row.completed_on) : null,
    })),
    total: Number(counted[0]?.total ?? 0),
    page: query.page,
    pageSize: jobsPageSize,
  };
}
