import type { AdminFigure, JobState } from '@pest/contracts';
import { jobStateLabels } from '@pest/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../database/database';
import { jobSchema, queryRows, type BackgroundJobs } from './background-jobs';

/** The states the admin home counts: what waits, runs or went wrong; finished jobs are not news. */
const countedStates = ['created', 'retry', 'active', 'failed'] as const satisfies readonly JobState[];

/**
 * How many of this site's jobs wait, wait for a retry, run or failed: the admin home's figures for the job list, each
 * linking to the list filtered by that state. Why: decision 0328.
 */
export async function countJobs(db: Database, jobs: Pick<BackgroundJobs, 'names'>): Promise<AdminFigure[]> {
  const names = jobs.names();
  const counts = new Map<string, number>();
  if (names.length > 0) {
    const rows = await queryRows<{ state: string; total: number | string }>(
      db,
      sql`select state::text as state, count(*) as total from ${sql.raw(`${jobSchema}.job`)}
          where state::text in (${sql.join(
            countedStates.map((state) => sql`${state}`),
            sql`, `,
          )}) and name in (${sql.join(
            names.map((name) => sql`${name}`),
            sql`, `,
          )})
          group by state`,
    );
    for (const row of rows) counts.set(row.state, Number(row.total));
  }
  return countedStates.map((state) => ({
    label: jobStateLabels[state],
    value: counts.get(state) ?? 0,
    query: `state=${state}`,
    ...(state === 'failed' ? { attention: true } : {}),
  }));
}
