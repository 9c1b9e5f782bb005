import type { AdminJob } from '@pest/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../database/database';
import { jobSchema, queryRows, type BackgroundJobs } from './background-jobs';
import { jobRowColumns, toAdminJob, type JobRow } from './job-row';

/** One job of a known name by id, as listJobs shows it, or null (the detail screen in /admin). */
export async function getJob(
  db: Database,
  jobs: Pick<BackgroundJobs, 'names' | 'labelOf'>,
  id: string,
): Promise<AdminJob | null> {
  const names = jobs.names();
  if (names.length === 0) return null;
  const rows = await queryRows<JobRow>(
    db,
    sql`select ${jobRowColumns} from ${sql.raw(`${jobSchema}.job`)}
        where id = ${id}::uuid and name in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})`,
  );
  const row = rows[0];
  return row ? toAdminJob(row, jobs) : null;
}
