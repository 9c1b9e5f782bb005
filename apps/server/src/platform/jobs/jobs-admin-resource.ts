import { jobsAdminContract } from '@pest/contracts';
import { defineAdminResource } from '../admin/admin-resource';
import type { Database } from '../database/database';
import type { BackgroundJobs } from './background-jobs';
import { countJobs } from './count-jobs';
import { getJob } from './get-job';
import { listJobs } from './list-jobs';
import { retryJob } from './retry-job';

/** Background jobs in /admin and the generic admin API: failed ones first, with their retry. */
export function jobsAdminResource(db: Database, jobs: BackgroundJobs) {
  return defineAdminResource({
    contract: jobsAdminContract,
    roles: ['admin'],
    async list(query) {
      const { items, total, page, pageSize } = await listJobs(db, jobs, {
        state: query.filters.state,
        page: query.page,
      });
      return { rows: items, total, page, pageSize };
    },
    get: (id) => getJob(db, jobs, String(id)),
    figures: () => countJobs(db, jobs),
    actions: {
      async retry(id, actor) {
        await retryJob(db, jobs, actor, String(id));
      },
    },
  });
}
