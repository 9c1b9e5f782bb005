import {
  adminJobParams,
  adminJobRetryResponse,
  adminJobsQuery,
  adminJobsResponse,
  apiErrorSchema,
} from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole } from '../auth/authorize';
import { rateLimitBudgets } from '../http/rate-limit/rate-limit-budgets';
import type { BackgroundJobs } from './background-jobs';
import { listJobs } from './list-jobs';
import { retryJob } from './retry-job';

/** Admin calls on the job queue: failed jobs and their retry (the /admin screens use these). */
export async function jobsAdminRoutes(fastify: FastifyInstance, options: { jobs: BackgroundJobs }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { jobs } = options;
  app.get(
    '/api/v1/admin/jobs',
    {
      schema: {
        tags: ['admin'],
        summary: 'Background jobs in one state (failed by default), newest first, 20 a page',
        querystring: adminJobsQuery,
        response: { 200: adminJobsResponse, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      const { items, total, page, pageSize } = await listJobs(app.db, jobs, request.query);
      return { data: items, meta: { total, page, pageSize } };
    },
  );
  app.post(
    '/api/v1/admin/jobs/:id/retry',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['admin'],
        summary: 'Queue a failed job again (audited)',
        params: adminJobParams,
        response: {
          200: adminJobRetryResponse,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const viewer = await requireRole(request, 'admin');
      return { data: await retryJob(app.db, jobs, viewer, request.params.id) };
    },
  );
}
