import type { AdminJob, JobState } from '@pest/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../database/database';
import { jobSchema, queryRows, type BackgroundJobs } from './background-jobs';
import { jobRowColumns, toAdminJob, type JobRow } from './job-row';

export const jobsPageSize = 20;

/** Jobs in one state, newest first, a page at a time — what /admin shows for failed jobs. Why: decision 0144. */
export async function listJobs(
  db: Database,
  jobs: Pick<BackgroundJobs, 'names' | 'labelOf'>,
  query: { state: JobState; page: number },
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
      sql`select ${jobRowColumns} from ${table} where ${where} order by ${newest}
          limit ${jobsPageSize} offset ${(query.page - 1) * jobsPageSize}`,
    ),
  ]);
  return {
    items: listed.map((row) => toAdminJob(row, jobs)),
    total: Number(counted[0]?.total ?? 0),
    page: query.page,
    pageSize: jobsPageSize,
  };
}
