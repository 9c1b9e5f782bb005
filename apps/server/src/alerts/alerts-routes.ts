import {
  activeAlert,
  alertSubscribeResult,
  apiErrorSchema,
  memberAlertSubscription,
  productResponse,
} from '@pest/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestActor, type DiscussionServices } from '../discussion';
import { requireViewer } from '../platform/auth/authorize';
import { rateLimitBudgets } from '../platform/http/rate-limit/rate-limit-budgets';
import type { AlertsServices } from './alerts-services';

const anyBody = z.record(z.string(), z.unknown());

/**
 * The LINE identity the discussion verified for this request (its session cookie, or the one the
 * signed-in member linked): never a LINE user id from the body (decision 0420).
 */
async function lineSubscriberOf(request: FastifyRequest) {
  // The discussion's services, as the app bound them (absent when a test app leaves discussion out).
  const discussion = (request.server as unknown as { services?: { discussion?: DiscussionServices } }).services
    ?.discussion;
  const identity = discussion ? (await requestActor(request, discussion)).identity : null;
  return identity
    ? { id: identity.id, lineUserId: identity.lineUserId, memberId: identity.memberId, demo: identity.demo }
    : null;
}

/** Pest alerts' API (decisions 0402–0404): the active alerts, subscribing, confirming, one-click unsubscribe. */
export function alertsRoutes(app: FastifyInstance, services: AlertsServices) {
  app.get(
    '/api/v1/alerts/active',
    {
      schema: {
        tags: ['alerts'],
        summary: 'The pest alerts active today (of one crop with ?crop_id=)',
        querystring: z.object({ crop_id: z.coerce.number().int().positive().optional() }),
        response: { 200: productResponse(z.array(activeAlert)) },
      },
    },
    async (request) => {
      const { crop_id } = request.query as { crop_id?: number };
      return { data: await services.listActiveAlerts(crop_id ? { cropId: crop_id } : {}) };
    },
  );
  const memberOf = async (request: { getViewer(): Promise<{ memberId: number | null } | null> }) =>
    (await request.getViewer())?.memberId ?? null;
  app.post(
    '/api/v1/alerts/subscriptions/email',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['alerts'],
        summary: 'Subscribe an e-mail address to a crop in some counties; a confirmation link is mailed first',
        body: anyBody,
        response: { 200: productResponse(alertSubscribeResult), 400: apiErrorSchema },
      },
    },
    async (request) => ({ data: await services.subscribeByEmail(request.body, await memberOf(request)) }),
  );
  app.post(
    '/api/v1/alerts/subscriptions/push',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['alerts'],
        summary: 'Subscribe this browser by Web Push to a crop in some counties (crop, counties, the PushSubscription)',
        body: anyBody,
        response: { 200: productResponse(alertSubscribeResult), 400: apiErrorSchema },
      },
    },
    async (request) => ({ data: await services.subscribeByPush(request.body, await memberOf(request)) }),
  );
  app.post(
    '/api/v1/alerts/subscriptions/line',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['alerts'],
        summary:
          "Subscribe the discussion's verified LINE identity to a crop in some counties (crop, counties; no LINE id in the body)",
        body: anyBody,
        response: { 200: productResponse(alertSubscribeResult), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ data: await services.subscribeByLine(request.body, await lineSubscriberOf(request)) }),
  );
  app.delete(
    '/api/v1/alerts/subscriptions/line',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['alerts'],
        summary: "End the verified LINE identity's subscriptions: one crop's (?crop=) or all",
        querystring: z.object({ crop: z.string().max(50).optional() }),
        response: { 200: productResponse(z.object({ removed: z.number().int() })), 401: apiErrorSchema },
      },
    },
    async (request) => ({
      data: await services.unsubscribeByLine(request.query, await lineSubscriberOf(request)),
    }),
  );
  app.post(
    '/api/v1/alerts/subscriptions/confirm',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['alerts'],
        summary: "Confirm an e-mail subscription with the mail's token",
        body: anyBody,
        response: { 200: productResponse(z.object({ confirmed: z.number().int() })), 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await services.confirmEmailSubscription(request.body) }),
  );
  // A member's own subscriptions (decision 0426): the member comes from the session, never the address.
  app.get(
    '/api/v1/alerts/subscriptions/mine',
    {
      schema: {
        tags: ['alerts'],
        summary: "The signed-in member's own alert subscriptions (e-mail, push, LINE), newest first",
        response: { 200: productResponse(z.array(memberAlertSubscription)), 401: apiErrorSchema },
      },
    },
    async (request) => ({
      data: await services.listMemberSubscriptions((await requireViewer(request)).memberId),
    }),
  );
  app.delete(
    '/api/v1/alerts/subscriptions/mine/:id',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['alerts'],
        summary: "Cancel one of the signed-in member's own subscriptions (404 for another's, or one already cancelled)",
        params: z.object({ id: z.string().max(20) }),
        response: {
          200: productResponse(z.object({ id: z.number().int() })),
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      data: await services.cancelMemberSubscription(
        (await requireViewer(request)).memberId,
        request.params as { id: string },
      ),
    }),
  );
  // RFC 8058: mail clients post `List-Unsubscribe=One-Click` as a form to the header's address,
  // token in the query; the body says nothing more.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );
  app.post(
    '/api/v1/alerts/unsubscribe',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['alerts'],
        summary: 'One-click unsubscribe from an alert mail (RFC 8058: token in the query)',
        querystring: z.object({ token: z.string().max(100).optional() }),
        response: { 200: productResponse(z.object({ removed: z.number().int() })), 404: apiErrorSchema },
      },
    },
    async (request) => ({
      data: await services.unsubscribeFromAlerts({ token: (request.query as { token?: string }).token }),
    }),
  );
}
