import {
  apiErrorSchema,
  contactCreatedResponse,
  contactMessages,
  createContactBody,
  createFeedbackBody,
  robotMissingMessage,
} from '@pest/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAltcha, type AccountsServices } from '../accounts';
import { AppError } from '../platform/http/app-error';
import { rateLimitBudgets } from '../platform/http/rate-limit/rate-limit-budgets';
import type { ContactServices } from './contact-services';

/**
 * The robot check of both forms: a missing answer gets the spec's message; a wrong or
 * spent one the accounts feature's refusal. A retry of a message already received needs none.
 */
async function checkRobot(request: FastifyRequest, services: ContactServices, key: string, token?: string) {
  if (await services.messageExists(key)) return;
  if (!token) throw AppError.invalid([{ path: 'token', message: robotMissingMessage }]);
  // The accounts feature's services, as the app bound them (absent when a test app leaves accounts out).
  const accounts = (request.server as unknown as { services?: { accounts?: AccountsServices } }).services?.accounts;
  if (!accounts) throw AppError.invalid([{ path: 'token', message: robotMissingMessage }]);
  await requireAltcha(accounts, token);
}

/** `POST /api/v1/contacts` for anyone, and the feedback form's call. */
export async function contactRoutes(fastify: FastifyInstance, services: ContactServices) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/v1/contacts',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['contact'],
        summary: 'Send the contact form: stored inactive in the staff inbox; staff get a mail',
        description:
          "`token` is the robot check's answer (a self-hosted ALTCHA payload from GET /api/v1/altcha-challenge); `key` is this site's idempotency key: the same key answers the same message. Anonymous clients may also call it as /api/v1/guest/contacts with the guest credentials.",
        body: createContactBody,
        response: { 201: contactCreatedResponse, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { token, key, ...form } = request.body;
      await checkRobot(request, services, key, token);
      const viewer = await request.getViewer();
      const created = await services.submitMessage(
        { kind: 'contact', key, form },
        { memberId: viewer?.memberId ?? null },
      );
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send({ data: { ...created, message: contactMessages.sent } });
    },
  );

  app.post(
    '/api/v1/feedback',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['contact'],
        summary: "Send the site's short feedback form (this site's addition): lands in the same staff inbox",
        body: createFeedbackBody,
        response: { 201: contactCreatedResponse, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { token, key, page, ...form } = request.body;
      await checkRobot(request, services, key, token);
      const viewer = await request.getViewer();
      const created = await services.submitMessage(
        { kind: 'feedback', key, form, page },
        { memberId: viewer?.memberId ?? null },
      );
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send({ data: { ...created, message: contactMessages.sent } });
    },
  );
}
