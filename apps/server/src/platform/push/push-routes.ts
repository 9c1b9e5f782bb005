import { apiErrorSchema, productResponse, pushPublicKey, pushUnsubscribeInput } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rateLimitBudgets } from '../http/rate-limit/rate-limit-budgets';
import type { PushNotifications } from './push-notifications';

/** The platform's push routes (decision 0400). */
export async function pushRoutes(app: FastifyInstance, options: { push: PushNotifications }) {
  app.get(
    '/api/v1/push/public-key',
    {
      schema: {
        tags: ['push'],
        summary: "The site's VAPID public key (applicationServerKey for PushManager.subscribe)",
        response: { 200: productResponse(pushPublicKey) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { data: { publicKey: await options.push.publicKey() } };
    },
  );
  app.post(
    '/api/v1/push/unsubscribe',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['push'],
        summary: 'Removes a push subscription (the browser unsubscribed) with whatever it was asked for',
        body: pushUnsubscribeInput,
        response: { 200: productResponse(z.object({ removed: z.boolean() })), 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { endpoint } = pushUnsubscribeInput.parse(request.body);
      return { data: { removed: await options.push.unsubscribe(endpoint) } };
    },
  );
}
