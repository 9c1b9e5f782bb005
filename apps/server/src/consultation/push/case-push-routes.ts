import { apiErrorSchema, casePushState, productResponse } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { rateLimitBudgets } from '../../platform/http/rate-limit/rate-limit-budgets';
import { getCasePushState, subscribeCasePush, unsubscribeCasePush } from './case-push';

const anyBody = z.record(z.string(), z.unknown());

/**
 * The asker's push switch on the follow page (decision 0401): the follow link's token authorises
 * it, as it does the page itself; no sign-in needed.
 */
export function casePushRoutes(app: FastifyInstance, deps: Pick<FeatureContext, 'db' | 'push'>) {
  const route = (
    path: string,
    summary: string,
    handle: (deps: Pick<FeatureContext, 'db' | 'push'>, body: unknown) => Promise<unknown>,
  ) =>
    app.post(
      path,
      {
        config: { rateLimitBudget: rateLimitBudgets.form },
        schema: {
          tags: ['consultation'],
          summary,
          // The service validates with the contract and answers in Chinese.
          body: anyBody,
          response: { 200: productResponse(casePushState), 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => ({ data: await handle(deps, request.body) }),
    );
  route(
    '/api/v1/consultation/case/push',
    "Tell this browser by Web Push when the case is answered (follow link's token and the PushSubscription)",
    subscribeCasePush,
  );
  route(
    '/api/v1/consultation/case/push/state',
    'Whether this browser (token and endpoint) is told when the case is answered',
    getCasePushState,
  );
  route(
    '/api/v1/consultation/case/push/remove',
    'Stop telling this browser about the case (token and endpoint)',
    unsubscribeCasePush,
  );
}
