import { apiErrorSchema, infoResponse } from '@pest/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RateLimitBudget } from './rate-limit/rate-limit-budgets';

export interface InfoCall<Body extends z.ZodType, Data extends z.ZodType> {
  summary: string;
  /** The rate-limit budget of the call when not the default API one (rateLimitBudgets.*). */
  rateLimitBudget?: RateLimitBudget;
  body: Body;
  data: Data;
  handler(body: z.output<Body>, request: FastifyRequest): Promise<z.output<Data>>;
}

/**
 * Declares one call of the information service: POST /api/info/<name> with a JSON body validated by `body`, answered
 * as `{ d: … }` shaped by `data`. Why: decision 0002.
 */
export function registerInfoCall<Body extends z.ZodType, Data extends z.ZodType>(
  app: FastifyInstance,
  name: string,
  call: InfoCall<Body, Data>,
) {
  // Registered without the type provider: the generic `{ d }` envelope defeats its inference,
  // while the zod validator and serializer compilers still apply to this schema.
  app.post(
    `/${name}`,
    {
      ...(call.rateLimitBudget ? { config: { rateLimitBudget: call.rateLimitBudget } } : {}),
      schema: {
        tags: ['info'],
        summary: call.summary,
        body: call.body,
        response: { 200: infoResponse(call.data), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request): Promise<{ d: z.output<Data> }> => ({
      d: await call.handler(request.body as z.output<Body>, request),
    }),
  );
}

/**
 * Encapsulates the information service: an empty body counts as `{}` (several calls take none),
 * and each feature adds its calls through `registerInfoCall`.
 */
export async function infoServicePlugin(
  app: FastifyInstance,
  options: { calls: Array<(app: FastifyInstance) => void> },
) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new Error('請求內容不是有效的 JSON'), { statusCode: 400 });
      done(error, undefined);
    }
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });
  for (const register of options.calls) register(app);
}
