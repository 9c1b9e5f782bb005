import type { AdminJob, JobState } from '@pest/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../database/database';
import { jobSchema, queryRows, type BackgroundJobs } from './background-jobs';

const iso = (value: Date | string) => new Date(value).toISOString();

/** One job of a known name by id, as listJobs shows it, or null (the detail screen in /admin). */
export async function getJob(
  db: Database,
  jobs: Pick<BackgroundJobs, 'names' | 'labelOf'>,
  id: string,
): Promise<AdminJob | null> {
  const names = jobs.names();
  if (names.length === 0) return null;
  const rows = await queryRows<{
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
  }>(
    db,
    sql`select id, name, state, data, retry_count, retry_limit, output, created_on, started_on, completed_on
        from ${sql.raw(`${jobSchema}.job`)}
        where id = ${id}::uuid and name in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})`,
  );
  const row = rows[0];
  if (!row) return null;
  const output = row.output as { message?: unknown } | null;
  return {
    id: row.id,
    name: row.name,
    label: jobs.labelOf(row.name),
    state: row.state,
    payload: row.data,
    attempts: row.retry_count + (row.started_on ? 1 : 0),
    retryLimit: row.retry_limit,
    error: output && typeof output.message === 'string' ? output.message : null,
    createdAt: iso(row.created_on),
    startedAt: row.started_on ? iso(row.started_on) : null,
    completedAt: row.completed_on ? iso(row.completed_on) : null,
  };
}
